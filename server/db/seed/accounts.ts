import { asc, eq, inArray, sql } from 'drizzle-orm';
import { referenceKey, type AccountPaymentMethod, type EntryKind } from '@shared/account';
import { addDays, indiaDay, indiaMidnight } from '@shared/time';
import type { Database } from '../client';
import { accountEntriesTable, adminsTable, customersTable } from '../schema';
import { OPENING_REASON } from './customers';
import { generator } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BATCH = 200;

/** The orders' account triggers, held back while the demo writes orders (see `withoutCharges`). */
const ORDER_TRIGGERS = ['orders_keep_account_insert', 'orders_keep_account_update'];

/**
 * Runs `work` (a demo part writing orders) with the orders' account triggers off for its
 * transaction, so that the charges of orders paid from the account are written by the
 * 'accounts' part instead, in time order among the payments (the same entries the trigger would
 * write: kind, amount order_paid, dated when delivered). ALTER TABLE is transactional: a part
 * that fails leaves the triggers on.
 */
export async function withoutCharges<T>(db: Database, work: () => Promise<T>): Promise<T> {
  for (const t of ORDER_TRIGGERS)
    await db.execute(sql.raw(`ALTER TABLE orders DISABLE TRIGGER ${t}`));
  const result = await work();
  for (const t of ORDER_TRIGGERS)
    await db.execute(sql.raw(`ALTER TABLE orders ENABLE TRIGGER ${t}`));
  return result;
}

type Entry = typeof accountEntriesTable.$inferInsert & { at: Date; amount: number };

interface Charge {
  orderId: string | null;
  kind: EntryKind;
  amount: number;
  at: Date;
  reason?: string;
  by?: { id: string; name: string };
}

const BANKS = ['SBIN', 'HDFC', 'ICIC', 'UTIB', 'KKBK', 'PUNB', 'BARB', 'CNRB'];
const GOODWILL = [
  'Goodwill credit: the delivery came a day late',
  'Credit for a leaking jar replaced',
  'Delivery charge waived after a complaint',
  'Credit for a missed tiffin',
];

/** A prepaid household tops up before a charge would take it below ₹100. */
const LOW_PAISE = 10000;

/** The top-up (whole ₹500s) that brings `after` (the balance after a charge) back over ₹100. */
function topUpFor(after: number, size: number): number {
  return Math.ceil((LOW_PAISE - after + size) / 50000) * 50000;
}

/**
 * When a household that stopped topping up (lapsed) did so: the latest point from which its
 * charges came to more than it held then, so that it is below zero now (the demo must show
 * such households whatever the day it is seeded); `otherwise` when no point does.
 */
function lapsePoint(opening: number, charges: Charge[], size: number, otherwise: number): number {
  const before: number[] = [];
  let balance = opening;
  for (const c of charges) {
    before.push(balance);
    if (balance + c.amount < LOW_PAISE) balance += topUpFor(balance + c.amount, size);
    balance += c.amount;
  }
  let rest = 0;
  for (let i = charges.length - 1; i >= 0; i--) {
    rest += charges[i]!.amount;
    if (before[i]! + rest < 0) return charges[i]!.at.getTime() - 1;
  }
  return otherwise;
}

/**
 * The demo's household accounts (issue 36), after the orders and subscriptions: about 30 % of
 * the households are billed monthly (postpaid) and pay each month's bill in the first days of
 * the next, most on time, some late, some not for one, two or three months (so the dues show
 * every age); the rest are prepaid and top up before their balance runs out, a few of them
 * lately not (low, or below zero), some paused when low. Every order paid from the account
 * (payment method Wallet) is charged when it was delivered, the customers whose jars came back
 * had their deposit taken and what came back refunded, a few closed accounts were refunded, and a few
 * adjustments were made with their reasons. Payments carry references as they come: 12-digit
 * UPI references, UTRs (bank code and 13 digits), cheque numbers and cash receipts (RC-000123).
 * All is written in time order through the entries' trigger, which keeps the balances, what is
 * owed since when, and the months' totals.
 *
 * Does nothing when entries other than the openings and the orders' charges exist, when a
 * customer is postpaid already (the owner's own), or when the ledger was opened from wallets
 * by the migration (a database seeded before accounts: its ledger starts then).
 */
export async function seedAccounts(db: Database, now: Date = new Date()): Promise<void> {
  const [held] = (
    await db.execute(sql`SELECT
      EXISTS (SELECT 1 FROM account_entries
               WHERE kind NOT IN ('opening', 'order_charged', 'subscription_day_charged',
                                  'charge_reversed')
                  OR (kind = 'opening' AND reason IS DISTINCT FROM ${OPENING_REASON})) AS own,
      EXISTS (SELECT 1 FROM customers WHERE billing_mode = 'postpaid') AS postpaid`)
  ).rows as { own: boolean; postpaid: boolean }[];
  if (held?.own || held?.postpaid) return;

  const rnd = generator(20261136);
  const customers = await db
    .select({ id: customersTable.id, status: customersTable.status, wallet: customersTable.wallet })
    .from(customersTable)
    .orderBy(asc(customersTable.createdAt), asc(customersTable.id));
  const staff = await db
    .select({ id: adminsTable.id, name: adminsTable.name })
    .from(adminsTable)
    .where(eq(adminsTable.status, 'Active'))
    .orderBy(asc(adminsTable.createdAt), asc(adminsTable.id));
  if (!customers.length || !staff.length) return;

  // The charges of the orders paid from the account that have none yet, as the trigger makes them.
  const charged = (
    await db.execute(sql`SELECT o.id, o.customer_id, o.subscription_id IS NOT NULL AS day,
        o.updated_at AS at, round(order_paid(o) * 100)::bigint AS paise
      FROM orders o
     WHERE o.status = 'Delivered' AND o.payment_method = 'Wallet'
       AND NOT EXISTS (SELECT 1 FROM account_entries e WHERE e.order_id = o.id)
     ORDER BY o.updated_at, o.id`)
  ).rows as { id: string; customer_id: string; day: boolean; at: string; paise: string }[];
  const charges = new Map<string, Charge[]>();
  for (const c of charged) {
    const paise = Number(c.paise);
    if (!paise) continue;
    const list = charges.get(c.customer_id) ?? [];
    list.push({
      orderId: c.id,
      kind: c.day ? 'subscription_day_charged' : 'order_charged',
      amount: -paise,
      at: new Date(c.at),
    });
    charges.set(c.customer_id, list);
  }
  // Households who had jars or cylinders come back: the deposit taken with the first delivery
  // and what the returned ones held refunded with the last return. (Not only households whose
  // containers all came back: on some days the demo has none, and then no refund at all.)
  const deposits = (
    await db.execute(sql`SELECT e.customer_id, sum(e.deposit) FILTER (WHERE e.deposit > 0) AS taken,
        -sum(e.deposit) FILTER (WHERE e.deposit < 0) AS back,
        min(e.at) FILTER (WHERE e.deposit > 0) AS taken_at,
        max(e.at) FILTER (WHERE e.deposit < 0) AS back_at
      FROM returnable_entries e
     GROUP BY e.customer_id
    HAVING sum(e.deposit) FILTER (WHERE e.deposit < 0) < 0
       AND sum(e.deposit) FILTER (WHERE e.deposit > 0) > 0
     ORDER BY e.customer_id`)
  ).rows as {
    customer_id: string;
    taken: string;
    back: string;
    taken_at: string;
    back_at: string;
  }[];
  const depositOf = new Map(deposits.map((d) => [d.customer_id, d]));

  const latest = now.getTime() - 5 * MINUTE;
  const usedKeys = new Set<string>();
  let receipt = 100 + rnd.int(300);
  const reference = (method: AccountPaymentMethod): string => {
    for (;;) {
      const digits = (n: number) =>
        Array.from({ length: n }, (_v, i) => (i === 0 ? 1 + rnd.int(9) : rnd.int(10))).join('');
      const ref =
        method === 'UPI'
          ? digits(12)
          : method === 'Bank transfer'
            ? rnd.pick(BANKS) + digits(13)
            : method === 'Cheque'
              ? digits(6)
              : `RC-${String(++receipt).padStart(6, '0')}`;
      const key = referenceKey(ref)!;
      if (!usedKeys.has(key)) {
        usedKeys.add(key);
        return ref;
      }
    }
  };
  const method = (postpaid: boolean): AccountPaymentMethod => {
    const roll = rnd.next();
    if (postpaid)
      return roll < 0.4 ? 'UPI' : roll < 0.75 ? 'Bank transfer' : roll < 0.9 ? 'Cheque' : 'Cash';
    return roll < 0.6 ? 'UPI' : roll < 0.85 ? 'Cash' : roll < 0.95 ? 'Bank transfer' : 'Cheque';
  };

  const entries: Entry[] = [];
  const postpaid: string[] = [];
  const pauseWhenLow: string[] = [];
  const monthStarts: number[] = [];
  for (let day = indiaDay(new Date(now.getTime() - 200 * DAY)).slice(0, 8) + '01'; ;) {
    const start = indiaMidnight(day).getTime();
    if (start > now.getTime()) break;
    monthStarts.push(start);
    day = addDays(day, 32).slice(0, 8) + '01';
  }

  for (const customer of customers) {
    const mine = [...(charges.get(customer.id) ?? [])];
    const deposit = depositOf.get(customer.id);
    if (deposit && rnd.next() < 0.7) {
      const paise = Math.round(Number(deposit.taken) * 100);
      const refunded = Math.min(paise, Math.round(Number(deposit.back) * 100));
      const takenAt = new Date(deposit.taken_at).getTime() + MINUTE;
      const backAt = Math.min(new Date(deposit.back_at).getTime() + 2 * HOUR, latest);
      mine.push({
        orderId: null,
        kind: 'deposit_taken',
        amount: -paise,
        at: new Date(takenAt),
        reason: 'Deposit on the jars or cylinders lent',
      });
      if (backAt > takenAt) {
        mine.push({
          orderId: null,
          kind: 'deposit_refunded',
          amount: refunded,
          at: new Date(backAt),
          reason: 'Returned: their deposit refunded',
        });
      }
    }
    // Now and then a credit for something that went wrong.
    if (mine.length && rnd.next() < 0.08) {
      const at = mine[rnd.int(mine.length)]!.at.getTime() + (2 + rnd.int(30)) * HOUR;
      mine.push({
        orderId: null,
        kind: 'adjustment',
        amount: (2 + rnd.int(9)) * 1000,
        at: new Date(Math.min(at, latest)),
        reason: rnd.pick(GOODWILL),
        by: rnd.pick(staff),
      });
    }
    mine.sort((a, b) => a.at.getTime() - b.at.getTime());
    const isPostpaid = rnd.next() < (mine.length ? 0.5 : 0.2);
    if (isPostpaid) postpaid.push(customer.id);
    else if (rnd.next() < 0.3) pauseWhenLow.push(customer.id);
    const entryOf = (c: Charge) => ({
      kind: c.kind,
      amount: c.amount,
      at: c.at,
      orderId: c.orderId,
      reason: c.reason ?? null,
      adminId: c.by?.id ?? null,
      adminName: c.by?.name ?? null,
    });
    let balance = Math.round(Number(customer.wallet) * 100);
    let last = 0;
    const add = (e: Omit<Entry, 'customerId'>) => {
      // A household's entries in time order: an order's charge when it was delivered (as the
      // trigger dates it), anything else not before the entry before it.
      const at = e.orderId
        ? e.at.getTime()
        : Math.min(Math.max(e.at.getTime(), last), Math.max(latest, last));
      last = at;
      balance += e.amount;
      entries.push({ ...e, customerId: customer.id, at: new Date(at) });
    };
    const credit = (kind: EntryKind, paise: number, at: number, postpaidMethod: boolean) => {
      const how = method(postpaidMethod);
      const by = rnd.pick(staff);
      const ref = reference(how);
      add({
        kind,
        amount: paise,
        at: new Date(at),
        method: how,
        reference: ref,
        referenceKey: referenceKey(ref),
        adminId: by.id,
        adminName: by.name,
      });
    };

    if (isPostpaid) {
      // Pays each month's bill between the 3rd and the 12th of the next; some stopped paying.
      const roll = rnd.next();
      const stopsAfter =
        roll < 0.55
          ? Infinity
          : roll < 0.72
            ? now.getTime() - 40 * DAY
            : roll < 0.86
              ? now.getTime() - 70 * DAY
              : now.getTime() - 100 * DAY;
      const partial = rnd.next() < 0.15;
      const late = rnd.next() < 0.15;
      let next = 0;
      let feeCharged = false;
      for (const monthStart of monthStarts.slice(1)) {
        // The charges of the month before, in order: the bill; then the bill paid (what is
        // still owed of it) between the 3rd and the 12th, after that month's first charges.
        while (next < mine.length && mine[next]!.at.getTime() < monthStart) {
          const c = mine[next++]!;
          add(entryOf(c));
        }
        const bill = Math.max(0, -balance);
        const payDay =
          monthStart + (2 + rnd.int(10)) * DAY + (9 + rnd.int(9)) * HOUR + rnd.int(60) * MINUTE;
        if (payDay > latest) break;
        while (next < mine.length && mine[next]!.at.getTime() < payDay) {
          const c = mine[next++]!;
          add(entryOf(c));
        }
        const skipped = late && rnd.next() < 0.3;
        if (payDay > stopsAfter || skipped) {
          if (payDay > stopsAfter && !feeCharged && balance < 0 && rnd.next() < 0.5) {
            feeCharged = true;
            add({
              kind: 'adjustment',
              amount: -5000,
              at: new Date(payDay),
              reason: 'Late payment fee: bill unpaid after the due date',
            });
          }
          continue;
        }
        const owed = Math.min(bill, Math.max(0, -balance));
        if (owed > 0) {
          const paid = partial ? Math.max(10000, Math.floor(owed / 2 / 10000) * 10000) : owed;
          credit('payment', Math.min(paid, owed), payDay, true);
        }
      }
      while (next < mine.length) {
        const c = mine[next++]!;
        add(entryOf(c));
      }
    } else {
      // Tops up before a charge would take the balance below ₹100; some lately stopped.
      const size = rnd.pick([50000, 100000, 100000, 200000, 300000]);
      const lapsed = mine.length > 0 && rnd.next() < 0.15;
      const lapsedFrom = lapsed
        ? lapsePoint(balance, mine, size, now.getTime() - (5 + rnd.int(25)) * DAY)
        : now.getTime() - (5 + rnd.int(25)) * DAY;
      if (!mine.length && balance === 0 && rnd.next() < 0.35) {
        credit('topup', size, now.getTime() - (5 + rnd.int(150)) * DAY, false);
      }
      for (const c of mine) {
        const at = c.at.getTime();
        if (balance + c.amount < LOW_PAISE && !(lapsed && at > lapsedFrom)) {
          const paise = topUpFor(balance + c.amount, size);
          credit(
            'topup',
            paise,
            Math.min(Math.max(last, at - (1 + rnd.int(40)) * HOUR), at),
            false,
          );
        }
        add(entryOf(c));
      }
      // A few households left: what was left in the account paid back.
      if (customer.status !== 'Active' && balance > 0 && rnd.next() < 0.4) {
        const how = rnd.next() < 0.6 ? 'UPI' : 'Bank transfer';
        const ref = reference(how);
        const by = rnd.pick(staff);
        add({
          kind: 'refund',
          amount: -balance,
          at: new Date(now.getTime() - (3 + rnd.int(60)) * DAY),
          method: how,
          reference: ref,
          referenceKey: referenceKey(ref),
          adminId: by.id,
          adminName: by.name,
          reason: 'Account closed: balance paid back',
        });
      }
    }
  }

  if (postpaid.length) {
    await db
      .update(customersTable)
      .set({ billingMode: 'postpaid' })
      .where(inArray(customersTable.id, postpaid));
  }
  if (pauseWhenLow.length) {
    await db
      .update(customersTable)
      .set({ pauseWhenLow: true })
      .where(inArray(customersTable.id, pauseWhenLow));
  }
  // In time order across households, through the trigger (rows of an INSERT go in order).
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (let start = 0; start < entries.length; start += BATCH) {
    await db.insert(accountEntriesTable).values(entries.slice(start, start + BATCH));
  }
}
