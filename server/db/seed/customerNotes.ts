import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { adminsTable, customerNotesTable, customersTable } from '../schema';
import { generator } from './random';

const DAY = 24 * 60 * 60 * 1000;

/** What operators write down about a household for the next one who takes its call. */
const NOTES = [
  'Gate closes at 8 PM; the watchman keeps the jars after that.',
  'Pays by UPI only, asks for the receipt on WhatsApp.',
  'Elderly parents at home: ring twice and wait, they take time to reach the door.',
  'Third floor, no lift. Rider to carry the jar up; agreed on the call.',
  'Asked not to deliver before 8 AM on Sundays.',
  'Office address on weekdays, home on weekends: check the address when they call.',
  'Complained twice about broken seals; check each jar before it leaves the depot.',
  'Prefers calls in Hindi.',
  'Keeps two spare empties at the gate for collection.',
  'Moving to Whitefield next month; will call to change the address.',
];

/**
 * Demo internal notes (issue 37) on about sixty customers, one to three each, written by the
 * active admins over the last two months. Does nothing when notes already exist.
 */
export async function seedCustomerNotes(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(customerNotesTable);
  if ((existing?.n ?? 0) > 0) return;
  const staff = await db
    .select({ id: adminsTable.id, name: adminsTable.name })
    .from(adminsTable)
    .where(eq(adminsTable.status, 'Active'));
  if (!staff.length) return;
  const customers = await db
    .select({ id: customersTable.id })
    .from(customersTable)
    .orderBy(asc(customersTable.id))
    .limit(300);
  const rnd = generator(20261128);
  const now = Date.now();
  const rows: (typeof customerNotesTable.$inferInsert)[] = [];
  for (const c of customers) {
    if (rnd.int(5) !== 0) continue;
    const howMany = 1 + rnd.int(3);
    for (let i = 0; i < howMany; i++) {
      const admin = rnd.pick(staff);
      rows.push({
        customerId: c.id,
        body: rnd.pick(NOTES),
        adminId: admin.id,
        adminName: admin.name,
        createdAt: new Date(now - rnd.int(60 * DAY)),
      });
    }
  }
  if (rows.length) await db.insert(customerNotesTable).values(rows);
}
