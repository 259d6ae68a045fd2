import { SUPPORT_TYPES } from '../../schema';
import { chance, below, ID_TAGS, lit, rnd, textArray, uuid7, type Timeline } from './expressions';
import type { CustomerKeys } from './customers';
import type { Reference } from './reference';
import type { Sql } from './run';

const SALT = {
  time: 301,
  customer: 302,
  type: 303,
  complaint: 304,
  answered: 305,
  resolved: 306,
  followUp: 307,
  replyHours: 308,
  reply: 309,
  admin: 310,
} as const;

/** What customers write, four per ticket type (codes 0 to 5), in type order. */
const COMPLAINTS: string[] = [
  // Order Issues
  'I ordered two 20 L jars but received only one. Please send the second jar today.',
  'The jar delivered this morning had a broken seal. I did not open it, please replace it.',
  'My order shows delivered but nothing reached my flat. Can you check with the delivery person?',
  'The laundry came back with one shirt missing. Please look into it.',
  // Shipping & Delivery
  'The delivery was supposed to come between 7 and 9 AM but nobody came. Please reschedule.',
  'Your delivery person left the cylinder at the gate instead of bringing it upstairs.',
  'Can I change the delivery slot for my weekly order to the evening?',
  'The tiffin arrived cold and an hour late two days in a row.',
  // Returns & Refunds
  'I want to return the three empty jars I still have from my last order.',
  'I returned the oxygen cylinder last week but the deposit has not been refunded yet.',
  'Please pick up the dispenser, I am moving out of the city next month.',
  'I cancelled my tiffin plan midway; when will I get the refund for the remaining days?',
  // Payment Issues
  'The amount was debited twice from my UPI for the same order.',
  'I paid online but the app still shows the order as cash on delivery.',
  'My wallet balance did not update after the refund.',
  'I was charged the emergency fee although I chose a normal slot.',
  // Contact Customer Service
  'Please call me back on my number regarding a bulk order for our office.',
  'I would like to speak to someone about starting tiffin for my parents.',
  'Nobody answers the support phone number after 6 PM.',
  'I need a GST invoice for last month’s orders for my company.',
  // FAQs
  'Do you deliver 25 L jars on Sundays?',
  'How long can I keep the oxygen cylinder on rent?',
  'Is the tiffin menu vegetarian only or is non-veg available too?',
  'Can I pause my laundry pickups while I am travelling?',
];
const PER_TYPE = COMPLAINTS.length / SUPPORT_TYPES.length;

const REPLIES = [
  'Sorry for the trouble. We have informed the delivery team and they will reach you today.',
  'Thank you for writing to us. The refund has been initiated and will reflect in 3-5 working days.',
  'We have rescheduled your delivery to the slot you asked for.',
  'Our team will call you back within the next hour.',
  'Yes, we do. You can choose the slot while placing the order in the app.',
  'We have noted this with the kitchen and the rider; it will not happen again.',
];
const FOLLOW_UP = 'Following up: is everything sorted now? Reply here if you need anything else.';

/**
 * Support tickets of all six types from customers who had signed up by then, growing with the
 * business: most older tickets answered and resolved, recent ones often waiting; a quarter of
 * the answered ones have a follow-up reply.
 */
export async function loadTickets(
  run: Sql,
  count: number,
  customers: CustomerKeys,
  ref: Reference,
  timeline: Timeline,
): Promise<void> {
  if (count === 0) return;
  const now = timeline.nowSql;
  const lastMinute = `(${now} - interval '1 minute')`;
  const share = `((j + ${rnd('j', SALT.time)}) / ${count})`;
  await run(`CREATE UNLOGGED TABLE seed_tickets AS
    SELECT ${uuid7('t.at', 'j', ID_TAGS.ticket)} AS id, j, t.at, c.id AS customer_id,
      type, resolved, reply_at, follow_at, coalesce(follow_at, reply_at, t.at) AS updated_at
    FROM (
      SELECT *,
        CASE WHEN answered THEN least(${lastMinute}, at + (2 + ${below(20, 'j', SALT.replyHours)}) * interval '1 hour') END AS reply_at,
        CASE WHEN answered AND ${chance(0.25, 'j', SALT.followUp)} THEN least(${lastMinute}, at + interval '2 days') END AS follow_at,
        answered AND CASE WHEN at < ${now} - interval '7 days' THEN ${chance(0.8, 'j', SALT.resolved)}
          ELSE ${chance(0.3, 'j', SALT.resolved)} END AS resolved
      FROM (
        SELECT *,
          ${below(SUPPORT_TYPES.length, 'j', SALT.type)} AS type,
          CASE WHEN at < ${now} - interval '2 days' THEN ${chance(0.85, 'j', SALT.answered)}
            ELSE ${chance(0.3, 'j', SALT.answered)} END AS answered
        FROM (
          SELECT j, ${timeline.at(share)} AS at, ${customers.activeBy(share, rnd('j', SALT.customer))} AS k
          FROM generate_series(0, ${count - 1}) j
          OFFSET 0
        ) t
        OFFSET 0
      ) t
      OFFSET 0
    ) t JOIN seed_customers c ON c.k = t.k
    ORDER BY j`);

  const adminIds = textArray(ref.staff.map((s) => s.id));
  const adminNames = textArray(ref.staff.map((s) => s.name));
  const admin = below(ref.staff.length, 't.j', SALT.admin);
  // Each ticket's latest reply (issue 37), as the replies below write it.
  await run(`INSERT INTO support_tickets (id, customer_id, support_type, status, description,
      created_at, updated_at, last_reply_at, last_reply_by)
    SELECT id, customer_id, type, CASE WHEN resolved THEN 'resolved' ELSE 'unresolved' END,
      (${textArray(COMPLAINTS)})[1 + type * ${PER_TYPE} + ${below(PER_TYPE, 'j', SALT.complaint)}],
      at, updated_at, coalesce(follow_at, reply_at),
      CASE WHEN reply_at IS NOT NULL THEN (${adminNames})[1 + ${admin}] END
    FROM seed_tickets t`);

  await run(`INSERT INTO support_replies (id, ticket_id, message, admin_id, admin_name, date)
    SELECT ${uuid7('r.date', 't.j * 2 + r.n', ID_TAGS.reply)}, t.id, r.message,
      (${adminIds})[1 + ${admin}], (${adminNames})[1 + ${admin}], r.date
    FROM seed_tickets t CROSS JOIN LATERAL (VALUES
      (0, (${textArray(REPLIES)})[1 + ${below(REPLIES.length, 't.j', SALT.reply)}], t.reply_at),
      (1, ${lit(FOLLOW_UP)}, t.follow_at)
    ) r(n, message, date)
    WHERE r.date IS NOT NULL`);
}
