import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { BillingMode, EntryKind } from '@shared/account';
import { indiaDay, indiaMidnight } from '@shared/time';
import type { Database } from '../../db/client';
import {
  accountEntriesTable,
  accountStatementSeriesTable,
  accountStatementsTable,
  categoriesTable,
  customerAddressesTable,
  customersTable,
  ordersTable,
  plansTable,
  productsTable,
  returnableBalancesTable,
} from '../../db/schema';
import { anyOf, searchPattern } from '../../lib/sql';
import { addressLine } from '../orders/jobSheet';

/**
 * Monthly statements (issue 36): a customer's month read from the ledger. A past month is
 * numbered on first making (ST/yymm/NNNNNN, gap-free per month, in one transaction with its
 * account_statements row) and read back the same every time after: the row's figures and the
 * month's entries, which are never changed. The current month is a draft "to date", kept nowhere.
 */

/** Customers per batch of the month's statements (account/statements). */
export const STATEMENT_BATCH = 200;
/** Entries read per query: a month with more is read in several. */
export const ENTRY_CHUNK = 2_000;

/** A month (India): its first day, the instants it starts and ends, and how it reads. */
export interface StatementMonth {
  /** '2026-11' */
  key: string;
  /** '2026-11-01' (account_statements.month) */
  first: string;
  start: Date;
  end: Date;
  /** 'November 2026' */
  label: string;
}

const monthLabel = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  month: 'long',
  year: 'numeric',
});

export function statementMonth(key: string): StatementMonth {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    key,
    first: `${key}-01`,
    start: indiaMidnight(`${key}-01`),
    end: indiaMidnight(`${next}-01`),
    label: monthLabel.format(new Date(`${key}-01T00:00:00Z`)),
  };
}

/** The month it is in India now: '2026-11'. */
export const currentMonthKey = (now = new Date()) => indiaDay(now).slice(0, 7);

/** '2026-11' -> 'ST/2611/000042' for serial 42. */
export const statementNumber = (month: StatementMonth, serial: number) =>
  `ST/${month.key.slice(2, 4)}${month.key.slice(5, 7)}/${String(serial).padStart(6, '0')}`;

export interface StatementEntry {
  id: number;
  at: Date;
  kind: EntryKind;
  /** Paise, signed. */
  amount: number;
  balanceAfter: number;
  method: string | null;
  reference: string | null;
  reason: string | null;
  orderNo: string | null;
  /** The service and the product or plan of an order's charge: 'Water · 20 L jar'. */
  item: string | null;
}

export interface StatementCustomer {
  id: string;
  name: string;
  phone: string;
  billingMode: BillingMode;
  /** The default (else the first) address on one line, or ''. */
  address: string;
  /** Jars and cylinders held, with the deposit held for them (rupees as stored). */
  deposits: { item: string; outstanding: number; deposit: number }[];
}

/** Paise; debits and credits are both positive sums. */
export interface StatementFigures {
  opening: number;
  debits: number;
  credits: number;
  closing: number;
}

export interface Statement extends StatementFigures {
  /** Null for a draft (the current month). */
  number: string | null;
  month: StatementMonth;
  customer: StatementCustomer;
  /** When it was numbered; a draft's: when it was read. */
  madeAt: Date;
  entries: StatementEntry[];
}

/** What decides a customer's statement before its lines: the balance the month opened with. */
interface CustomerRow {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  billingMode: BillingMode;
}

const customerColumns = {
  id: customersTable.id,
  firstName: customersTable.firstName,
  lastName: customersTable.lastName,
  phone: customersTable.phone,
  billingMode: customersTable.billingMode,
};

/** customers.id written in full: drizzle leaves a column of a one-table select unqualified. */
const CUSTOMER_ID = sql.raw('"customers"."id"');

/** The balance after the customer's last entry before `start` (0 without one): index seek. */
const openingOf = (start: Date) => sql<string | null>`(
  SELECT e.balance_after FROM ${accountEntriesTable} e
   WHERE e.customer_id = ${CUSTOMER_ID} AND e.at < ${start.toISOString()}::timestamptz
   ORDER BY e.at DESC, e.id DESC LIMIT 1)`;

/** Totals of a month's entries from its opening balance. */
export function figuresOf(opening: number, entries: readonly StatementEntry[]): StatementFigures {
  let debits = 0;
  let credits = 0;
  for (const e of entries) {
    if (e.amount < 0) debits -= e.amount;
    else credits += e.amount;
  }
  return { opening, debits, credits, closing: opening + credits - debits };
}

/**
 * The entries of `customerIds` in the month, in order (customer, time, id), read through
 * account_entries_customer_idx a chunk at a time (keyset on the index's own columns; the time
 * carried as text, since a JS Date would cut its microseconds).
 */
async function monthEntries(
  db: Database,
  customerIds: string[],
  month: StatementMonth,
): Promise<Map<string, StatementEntry[]>> {
  const byCustomer = new Map<string, StatementEntry[]>();
  if (customerIds.length === 0) return byCustomer;
  const e = accountEntriesTable;
  let after: { customerId: string; at: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: e.id,
        customerId: e.customerId,
        at: e.at,
        atText: sql<string>`${e.at}::text`,
        kind: e.kind,
        amount: e.amount,
        balanceAfter: e.balanceAfter,
        method: e.method,
        reference: e.reference,
        reason: e.reason,
        orderNo: ordersTable.orderId,
        service: categoriesTable.name,
        product: productsTable.name,
        plan: plansTable.name,
      })
      .from(e)
      .leftJoin(ordersTable, eq(ordersTable.id, e.orderId))
      .leftJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
      .leftJoin(productsTable, eq(productsTable.id, ordersTable.productId))
      .leftJoin(plansTable, eq(plansTable.id, ordersTable.planId))
      .where(
        and(
          customerIds.length === 1
            ? eq(e.customerId, customerIds[0]!)
            : anyOf(e.customerId, customerIds),
          gte(e.at, month.start),
          lt(e.at, month.end),
          after &&
            sql`(${e.customerId}, ${e.at}, ${e.id}) > (${after.customerId}, ${after.at}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(asc(e.customerId), asc(e.at), asc(e.id))
      .limit(ENTRY_CHUNK);
    for (const r of rows) {
      let list = byCustomer.get(r.customerId);
      if (!list) byCustomer.set(r.customerId, (list = []));
      list.push({
        id: Number(r.id),
        at: r.at,
        kind: r.kind,
        amount: Number(r.amount),
        balanceAfter: Number(r.balanceAfter),
        method: r.method,
        reference: r.reference,
        reason: r.reason,
        orderNo: r.orderNo,
        item: r.service ? [r.service, r.product ?? r.plan].filter(Boolean).join(' · ') : null,
      });
    }
    if (rows.length < ENTRY_CHUNK) return byCustomer;
    const last = rows.at(-1)!;
    after = { customerId: last.customerId, at: last.atText, id: Number(last.id) };
  }
}

/** Default addresses and deposits held, for the customers on a batch's statements. */
async function customerDetails(
  db: Database,
  rows: CustomerRow[],
): Promise<Map<string, StatementCustomer>> {
  const ids = rows.map((r) => r.id);
  const details = new Map<string, StatementCustomer>();
  if (ids.length === 0) return details;
  const a = customerAddressesTable;
  const addresses = await db
    .selectDistinctOn([a.customerId], {
      customerId: a.customerId,
      fullAddress: a.fullAddress,
      city: a.city,
      state: a.state,
      pincode: a.pincode,
    })
    .from(a)
    .where(anyOf(a.customerId, ids))
    .orderBy(a.customerId, desc(a.isDefault), a.createdAt);
  const b = returnableBalancesTable;
  const held = await db
    .select({
      customerId: b.customerId,
      item: b.itemName,
      outstanding: b.outstanding,
      deposit: b.deposit,
    })
    .from(b)
    .where(and(anyOf(b.customerId, ids), gt(b.outstanding, 0)))
    .orderBy(b.customerId, b.itemName);
  for (const r of rows) {
    details.set(r.id, {
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      phone: r.phone,
      billingMode: r.billingMode,
      address: '',
      deposits: [],
    });
  }
  for (const x of addresses) {
    // As the invoices and job sheets write it: city, state and pin code only when not already in.
    details.get(x.customerId)!.address = addressLine(x);
  }
  for (const h of held) {
    details.get(h.customerId)!.deposits.push({
      item: h.item,
      outstanding: h.outstanding,
      deposit: Number(h.deposit),
    });
  }
  return details;
}

interface StoredRow extends StatementFigures {
  customerId: string;
  number: string;
  madeAt: Date;
}

/**
 * Numbers the statements of `pending` that have none yet, in the order given (customers by id),
 * in one transaction: the month's series row is taken first (its lock orders every numbering of
 * the month), statements numbered meanwhile by someone else are kept as they are, and the rest
 * take the next numbers, gap-free. Answers every customer's stored row.
 */
async function numberStatements(
  db: Database,
  month: StatementMonth,
  pending: { customerId: string; figures: StatementFigures }[],
): Promise<Map<string, StoredRow>> {
  return db.transaction(async (tx) => {
    const series = accountStatementSeriesTable;
    const [taken] = await tx
      .insert(series)
      .values({ month: month.first, last: 0 })
      .onConflictDoUpdate({ target: series.month, set: { last: sql`${series.last}` } })
      .returning({ last: series.last });
    const stored = await storedRows(
      tx as unknown as Database,
      month,
      pending.map((p) => p.customerId),
    );
    let last = taken!.last;
    const fresh = pending
      .filter((p) => !stored.has(p.customerId))
      .map((p) => ({
        customerId: p.customerId,
        month: month.first,
        number: statementNumber(month, (last += 1)),
        ...p.figures,
      }));
    if (fresh.length > 0) {
      const made = await tx.insert(accountStatementsTable).values(fresh).returning({
        customerId: accountStatementsTable.customerId,
        madeAt: accountStatementsTable.madeAt,
      });
      const madeAt = new Map(made.map((m) => [m.customerId, m.madeAt]));
      await tx.update(series).set({ last }).where(eq(series.month, month.first));
      for (const f of fresh) stored.set(f.customerId, { ...f, madeAt: madeAt.get(f.customerId)! });
    }
    return stored;
  });
}

/** The stored statements of the month of these customers (account_statements_customer_month_key). */
async function storedRows(
  db: Database,
  month: StatementMonth,
  customerIds: string[],
): Promise<Map<string, StoredRow>> {
  if (customerIds.length === 0) return new Map();
  const s = accountStatementsTable;
  const rows = await db
    .select({
      customerId: s.customerId,
      number: s.number,
      opening: s.opening,
      debits: s.debits,
      credits: s.credits,
      closing: s.closing,
      madeAt: s.madeAt,
    })
    .from(s)
    .where(and(anyOf(s.customerId, customerIds), eq(s.month, month.first)));
  return new Map(
    rows.map((r) => [
      r.customerId,
      {
        ...r,
        opening: Number(r.opening),
        debits: Number(r.debits),
        credits: Number(r.credits),
        closing: Number(r.closing),
      },
    ]),
  );
}

/**
 * The statements of `rows` (with their opening balances) for the month: their entries read,
 * numbered and stored when the month is over (`numbered`), else drafts made at `now`.
 */
async function makeStatements(
  db: Database,
  month: StatementMonth,
  rows: (CustomerRow & { opening: number })[],
  numbered: boolean,
  now: () => Date,
): Promise<Statement[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const entries = await monthEntries(db, ids, month);
  const computed = rows.map((r) => ({
    customerId: r.id,
    figures: figuresOf(r.opening, entries.get(r.id) ?? []),
  }));
  let stored = new Map<string, StoredRow>();
  if (numbered) {
    stored = await storedRows(db, month, ids);
    const missing = computed.filter((c) => !stored.has(c.customerId));
    if (missing.length > 0) stored = await numberStatements(db, month, computed);
  }
  const details = await customerDetails(db, rows);
  const madeNow = now();
  return computed.map(({ customerId, figures }) => {
    const row = stored.get(customerId);
    return {
      ...(row ?? figures),
      number: row?.number ?? null,
      madeAt: row?.madeAt ?? madeNow,
      month,
      customer: details.get(customerId)!,
      entries: entries.get(customerId) ?? [],
    };
  });
}

export type OneStatement =
  | { kind: 'missing' }
  | { kind: 'noEntries'; name: string; firstAt: Date | null }
  | { kind: 'made'; statement: Statement };

export interface StatementListRow extends StatementFigures {
  id: string;
  number: string;
  customerId: string;
  name: string;
  phone: string;
  billingMode: BillingMode;
  madeAt: Date;
}

export function createStatementRepository(db: Database, now: () => Date = () => new Date()) {
  return {
    /**
     * One customer's statement of the month (numbered if `numbered`), or why there is none: no
     * such customer, or no entry on or before the month.
     */
    async one(customerId: string, month: StatementMonth, numbered: boolean): Promise<OneStatement> {
      const [customer] = await db
        .select({ ...customerColumns, opening: openingOf(month.start) })
        .from(customersTable)
        .where(eq(customersTable.id, customerId));
      if (!customer) return { kind: 'missing' };
      const e = accountEntriesTable;
      const [first] = await db
        .select({ at: e.at })
        .from(e)
        .where(eq(e.customerId, customerId))
        .orderBy(asc(e.at), asc(e.id))
        .limit(1);
      if (!first || first.at >= month.end) {
        const name = `${customer.firstName} ${customer.lastName}`.trim();
        return { kind: 'noEntries', name, firstAt: first?.at ?? null };
      }
      const [statement] = await makeStatements(
        db,
        month,
        [{ ...customer, opening: Number(customer.opening ?? 0) }],
        numbered,
        now,
      );
      return { kind: 'made', statement: statement! };
    },

    /**
     * The month's statements of every postpaid customer with entries in the month or a balance
     * other than zero, by customer id, `STATEMENT_BATCH` customers read at a time (keyset over
     * the customers' primary key), each batch's entries in a few queries. Past months are
     * numbered as they are read.
     */
    async *postpaid(
      month: StatementMonth,
      numbered: boolean,
      size = STATEMENT_BATCH,
    ): AsyncGenerator<Statement[]> {
      const e = accountEntriesTable;
      const c = customersTable;
      let after = '';
      for (;;) {
        const batch = await db
          .select({
            ...customerColumns,
            opening: openingOf(month.start),
            // A scalar subquery with LIMIT 1, looked up per customer through the index (an EXISTS
            // the planner may run as one hashed scan of the month's entries).
            active: sql<boolean>`(SELECT 1 FROM ${e} x WHERE x.customer_id = ${CUSTOMER_ID}
               AND x.at >= ${month.start.toISOString()}::timestamptz
               AND x.at < ${month.end.toISOString()}::timestamptz LIMIT 1) IS NOT NULL`,
          })
          .from(c)
          .where(and(eq(c.billingMode, 'postpaid'), gt(c.id, after)))
          .orderBy(asc(c.id))
          .limit(size);
        if (batch.length === 0) return;
        after = batch.at(-1)!.id;
        const rows = batch
          .map((r) => ({ ...r, opening: Number(r.opening ?? 0) }))
          .filter((r) => r.active || r.opening !== 0);
        const statements = await makeStatements(db, month, rows, numbered, now);
        if (statements.length > 0) yield statements;
        if (batch.length < size) return;
      }
    },

    /**
     * A month's numbered statements, newest first. Without a search a page is a range of
     * numbers (gap-free, so page p of the series' last n is known) looked up by their unique
     * index; with one, the customers found (name, phone, family id) joined on (customer, month),
     * and the statement numbered so.
     */
    async list(
      month: StatementMonth,
      page: number,
      limit: number,
      search: string | undefined,
    ): Promise<{ rows: StatementListRow[]; total: number }> {
      const s = accountStatementsTable;
      const c = customersTable;
      const columns = {
        id: s.id,
        number: s.number,
        customerId: s.customerId,
        firstName: c.firstName,
        lastName: c.lastName,
        phone: c.phone,
        billingMode: c.billingMode,
        opening: s.opening,
        debits: s.debits,
        credits: s.credits,
        closing: s.closing,
        madeAt: s.madeAt,
      };
      const toRow = (r: {
        id: string;
        number: string;
        customerId: string;
        firstName: string;
        lastName: string;
        phone: string;
        billingMode: BillingMode;
        opening: number;
        debits: number;
        credits: number;
        closing: number;
        madeAt: Date;
      }): StatementListRow => ({
        id: r.id,
        number: r.number,
        customerId: r.customerId,
        name: `${r.firstName} ${r.lastName}`.trim(),
        phone: r.phone,
        billingMode: r.billingMode,
        opening: Number(r.opening),
        debits: Number(r.debits),
        credits: Number(r.credits),
        closing: Number(r.closing),
        madeAt: r.madeAt,
      });

      if (!search) {
        const [series] = await db
          .select({ last: accountStatementSeriesTable.last })
          .from(accountStatementSeriesTable)
          .where(eq(accountStatementSeriesTable.month, month.first));
        const total = series?.last ?? 0;
        const top = total - (page - 1) * limit;
        const numbers: string[] = [];
        for (let n = top; n > Math.max(0, top - limit); n -= 1)
          numbers.push(statementNumber(month, n));
        if (numbers.length === 0) return { rows: [], total };
        const rows = await db
          .select(columns)
          .from(s)
          .innerJoin(c, eq(c.id, s.customerId))
          .where(anyOf(s.number, numbers))
          .orderBy(desc(s.number));
        return { rows: rows.map(toRow), total };
      }

      const text = search.trim();
      const pattern = searchPattern(text);
      const lower = text.toLowerCase();
      const digits = text.replace(/^\s*\+91/, '').replace(/[\s()+-]/g, '');
      const familyId = /^[0-9a-f]{10}$/.test(lower) ? lower : null;
      // The customers found (each column through its own index), each looked up on
      // (customer, month) by a lateral join (LIMIT 1, one a month: the planner keeps it a lookup
      // per customer rather than hashing the month's statements read whole).
      const found = sql`
        SELECT st.id, st.number FROM (
          SELECT id FROM ${c} WHERE first_name ILIKE ${pattern} OR last_name ILIKE ${pattern}
              OR phone ILIKE ${searchPattern(digits || text)}
              OR right(replace(id, '-', ''), 10) = ${familyId ?? ''}
          UNION SELECT customer_id FROM ${s} WHERE number = ${text.toUpperCase()}
        ) f CROSS JOIN LATERAL (
          SELECT x.id, x.number FROM ${s} x WHERE x.customer_id = f.id AND x.month = ${month.first}
           LIMIT 1
        ) st`;
      const counted = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (${found}) m`,
      );
      const page_ = await db.execute<{ id: string }>(
        sql`SELECT id FROM (${found}) m ORDER BY number DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      );
      const ids = page_.rows.map((r) => r.id);
      const rows =
        ids.length === 0
          ? []
          : await db
              .select(columns)
              .from(s)
              .innerJoin(c, eq(c.id, s.customerId))
              .where(anyOf(s.id, ids))
              .orderBy(desc(s.number));
      return { rows: rows.map(toRow), total: Number(counted.rows[0]?.n ?? 0) };
    },
  };
}

export type StatementRepository = ReturnType<typeof createStatementRepository>;
