import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerNotesTable, customersTable } from '../../db/schema';

export type CustomerNoteRow = typeof customerNotesTable.$inferSelect;

/** A note as the API answers it. */
export const toNoteDto = (row: CustomerNoteRow) => ({
  _id: row.id,
  userId: row.customerId,
  body: row.body,
  adminName: row.adminName,
  createdAt: row.createdAt.toISOString(),
});

async function customerExists(db: Database, customerId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: customersTable.id })
    .from(customersTable)
    .where(eq(customersTable.id, customerId));
  return Boolean(found);
}

/**
 * A page of one customer's internal notes, newest first, and their number: both through
 * customer_notes_customer_idx (customer_id, created_at, id), so a page reads only that
 * customer's notes. Answers undefined for an unknown customer.
 */
export async function customerNotePage(
  db: Database,
  customerId: string,
  page: number,
  limit: number,
): Promise<{ rows: CustomerNoteRow[]; total: number } | undefined> {
  if (!(await customerExists(db, customerId))) return undefined;
  const mine = eq(customerNotesTable.customerId, customerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(customerNotesTable)
      .where(mine)
      .orderBy(desc(customerNotesTable.createdAt), desc(customerNotesTable.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(customerNotesTable).where(mine),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Adds a note by the signed-in admin; undefined for an unknown customer. */
export async function addCustomerNote(
  db: Database,
  note: { customerId: string; body: string; admin: { id: string; name: string } | null },
): Promise<CustomerNoteRow | undefined> {
  if (!(await customerExists(db, note.customerId))) return undefined;
  const [row] = await db
    .insert(customerNotesTable)
    .values({
      customerId: note.customerId,
      body: note.body,
      adminId: note.admin?.id ?? null,
      adminName: note.admin?.name ?? 'Admin',
    })
    .returning();
  return row;
}
