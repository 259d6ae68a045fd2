import { and, count, eq, inArray } from 'drizzle-orm';
import { requestReturn } from '../../modules/returns/requestReturn';
import { openTicket } from '../../modules/supports/openTicket';
import type { Database } from '../client';
import {
  adminsTable,
  categoriesTable,
  customersTable,
  ordersTable,
  returnRequestsTable,
  SUPPORT_TYPES,
  supportTicketsTable,
} from '../schema';
import { generator } from './random';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** What customers write, per ticket type (codes 0 to 5). */
const COMPLAINTS: string[][] = [
  [
    'I ordered two 20 L jars but received only one. Please send the second jar today.',
    'The jar delivered this morning had a broken seal. I did not open it, please replace it.',
    'My order shows delivered but nothing reached my flat. Can you check with the delivery person?',
  ],
  [
    'The delivery was supposed to come between 7 and 9 AM but nobody came. Please reschedule.',
    'Your delivery person left the cylinder at the gate instead of bringing it upstairs.',
    'Can I change the delivery slot for my weekly order to the evening?',
  ],
  [
    'I want to return the three empty jars I still have from my last order.',
    'I returned the oxygen cylinder last week but the deposit has not been refunded yet.',
    'Please pick up the dispenser, I am moving out of the city next month.',
  ],
  [
    'The amount was debited twice from my UPI for the same order.',
    'I paid online but the app still shows the order as cash on delivery.',
    'My wallet balance did not update after the refund.',
  ],
  [
    'Please call me back on my number regarding a bulk order for our office.',
    'I would like to speak to someone about starting tiffin for my parents.',
    'Nobody answers the support phone number after 6 PM.',
  ],
  [
    'Do you deliver 25 L jars in Whitefield on Sundays?',
    'How long can I keep the oxygen cylinder on rent?',
    'Is the tiffin menu vegetarian only or is non-veg available too?',
  ],
];
const REPLIES = [
  'Sorry for the trouble. We have informed the delivery team and they will reach you today.',
  'Thank you for writing to us. The refund has been initiated and will reflect in 3-5 working days.',
  'We have rescheduled your delivery to the slot you asked for.',
  'Our team will call you back within the next hour.',
  'Yes, we do. You can choose the slot while placing the order in the app.',
];

/**
 * Demo return requests for water and oxygen orders (pending, approved and rejected; together
 * never more than the customer holds) and support tickets of all six types from about a hundred
 * customers, some answered, some resolved. Runs after the orders; does nothing when requests or
 * tickets already exist.
 */
export async function seedReturnsAndTickets(db: Database): Promise<void> {
  const rnd = generator(20261123);
  const now = Date.now();
  const staff = await db
    .select({ id: adminsTable.id, name: adminsTable.name })
    .from(adminsTable)
    .where(eq(adminsTable.status, 'Active'));
  if (!staff.length) return;

  const [returns] = await db.select({ n: count() }).from(returnRequestsTable);
  if ((returns?.n ?? 0) === 0) {
    const delivered = await db
      .select({
        id: ordersTable.id,
        customerId: ordersTable.customerId,
        productId: ordersTable.productId,
        quantity: ordersTable.quantity,
        returnQuantity: ordersTable.returnQuantity,
        updatedAt: ordersTable.updatedAt,
      })
      .from(ordersTable)
      .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
      .where(
        and(
          eq(ordersTable.status, 'Delivered'),
          inArray(categoriesTable.kind, ['water', 'oxygen']),
        ),
      );
    // What each customer holds of each product, less what their requests so far hand back: a
    // request is for empties they still have, so that no ledger goes below zero.
    const holding = new Map<string, number>();
    const holdingOf = (o: (typeof delivered)[number]) => `${o.customerId}:${o.productId}`;
    for (const o of delivered) {
      holding.set(holdingOf(o), (holding.get(holdingOf(o)) ?? 0) + o.quantity - o.returnQuantity);
    }
    const picked = new Set<string>();
    for (let i = 0; i < Math.min(160, delivered.length); i++) {
      const order = rnd.pick(delivered);
      if (picked.has(order.id)) continue;
      picked.add(order.id);
      const requestedAt = new Date(
        Math.min(order.updatedAt.getTime() + (1 + rnd.int(20)) * DAY, now - rnd.int(48) * HOUR),
      );
      const ageDays = (now - requestedAt.getTime()) / DAY;
      const roll = rnd.next();
      const settled = ageDays > 3 || roll < 0.3;
      const approved = rnd.next() < 0.8;
      const admin = rnd.pick(staff);
      const asked = 1 + rnd.int(order.quantity);
      const held = holding.get(holdingOf(order)) ?? 0;
      const rejected = settled && !approved;
      if (!rejected && held < 1) continue;
      const returnedQuantity = rejected ? asked : Math.min(asked, held);
      if (!rejected) holding.set(holdingOf(order), held - returnedQuantity);
      await requestReturn(db, {
        orderId: order.id,
        returnedQuantity,
        requestedAt,
        ...(settled
          ? {
              status: approved ? 'Approved' : 'Rejected',
              reason: approved
                ? rnd.next() < 0.5
                  ? 'Empties collected in good condition.'
                  : undefined
                : 'The jars returned were damaged.',
              settledAt: new Date(Math.min(requestedAt.getTime() + 20 * HOUR, now)),
              settledBy: admin.id,
            }
          : {}),
      });
    }
  }

  const [tickets] = await db.select({ n: count() }).from(supportTicketsTable);
  if ((tickets?.n ?? 0) === 0) {
    const customers = await db
      .select({ id: customersTable.id })
      .from(customersTable)
      .where(eq(customersTable.status, 'Active'))
      .limit(110);
    for (let i = 0; i < 260 && customers.length; i++) {
      const customerId = rnd.pick(customers).id;
      const supportType = i < SUPPORT_TYPES.length ? i : rnd.int(SUPPORT_TYPES.length);
      const createdAt = new Date(now - 180 * DAY * (1 - Math.sqrt(rnd.next())));
      const ageDays = (now - createdAt.getTime()) / DAY;
      const answered = ageDays > 2 ? rnd.next() < 0.85 : rnd.next() < 0.3;
      const resolved = answered && (ageDays > 7 ? rnd.next() < 0.8 : rnd.next() < 0.3);
      const admin = rnd.pick(staff);
      const replies = answered
        ? [
            {
              message: rnd.pick(REPLIES),
              date: new Date(Math.min(createdAt.getTime() + (2 + rnd.int(20)) * HOUR, now)),
              adminId: admin.id,
              adminName: admin.name,
            },
          ]
        : [];
      if (answered && rnd.next() < 0.25) {
        replies.push({
          message: 'Following up: is everything sorted now? Reply here if you need anything else.',
          date: new Date(Math.min(createdAt.getTime() + 2 * DAY, now)),
          adminId: admin.id,
          adminName: admin.name,
        });
      }
      await openTicket(db, {
        customerId,
        supportType,
        description: rnd.pick(COMPLAINTS[supportType]!),
        createdAt,
        status: resolved ? 'resolved' : 'unresolved',
        replies,
      });
    }
  }
}
