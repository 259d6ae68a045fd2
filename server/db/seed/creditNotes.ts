import { and, asc, count, eq, gte } from 'drizzle-orm';
import { rupeesToPaise } from '@shared/gst';
import { issuePartCredit } from '../../modules/creditNotes/issue';
import type { Database } from '../client';
import { adminsTable, creditNotesTable, invoicesTable, ordersTable } from '../schema';
import { generator } from './random';

const DAY = 24 * 60 * 60 * 1000;

/** Why an operator credits part of an invoice after the delivery. */
const REASONS = [
  'One jar short on delivery; credited on the customer’s call.',
  'Seal broken on arrival; the item’s value credited.',
  'Price corrected: charged above the agreed rate.',
  'Delivered late; part of the charge waived as a goodwill gesture.',
];

/**
 * Demo credit notes (issue 38): a part of the first line credited on about a dozen invoices of
 * the last month, through the same code as order/add-credit-note, so Reports → Credit notes, the
 * sales report and GSTR-1 have notes to show. Does nothing when notes already exist.
 */
export async function seedCreditNotes(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(creditNotesTable);
  if ((existing?.n ?? 0) > 0) return;
  const [admin] = await db
    .select({ id: adminsTable.id, name: adminsTable.name })
    .from(adminsTable)
    .where(eq(adminsTable.status, 'Active'))
    .orderBy(asc(adminsTable.createdAt))
    .limit(1);
  const invoiced = await db
    .select({
      orderId: invoicesTable.orderId,
      quantity: ordersTable.quantity,
      price: ordersTable.price,
    })
    .from(invoicesTable)
    .innerJoin(ordersTable, eq(ordersTable.id, invoicesTable.orderId))
    .where(
      and(
        gte(invoicesTable.issuedAt, new Date(Date.now() - 30 * DAY)),
        eq(ordersTable.status, 'Delivered'),
      ),
    )
    .orderBy(asc(invoicesTable.issuedAt), asc(invoicesTable.orderId))
    .limit(400);
  const rnd = generator(20261201);
  // Twelve invoices spread over the month (fewer when there are fewer).
  const step = Math.max(1, Math.floor(invoiced.length / 12));
  const chosen = invoiced.filter((_, i) => i % step === step - 1).slice(0, 12);
  await db.transaction(async (tx) => {
    for (const { orderId, quantity, price } of chosen) {
      // A tenth of the first line's taxable value (the product or plan), in whole rupees.
      const linePaise = rupeesToPaise(price) * quantity;
      const amountPaise = Math.max(100, Math.floor(linePaise / 1000) * 100);
      await issuePartCredit(
        tx,
        orderId,
        [{ line: 1, amountPaise }],
        rnd.pick(REASONS),
        admin ? { id: admin.id, name: admin.name } : null,
      );
    }
  });
}
