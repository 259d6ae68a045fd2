import { indiaDay, indiaMidnight } from '@shared/time';
import { and, asc, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accessoriesTable,
  businessSettingsTable,
  categoriesTable,
  customersTable,
  ordersTable,
  productsTable,
  returnableBalancesTable,
  returnableEntriesTable,
  returnableHolderDaysTable,
  returnableHoldersTable,
  returnableOutstandingDaysTable,
  returnableStockTable,
  type ReturnableItemKind,
} from '../../db/schema';
import { SEEK_FROM_OFFSET, seekDay } from '../../lib/daySeek';
import { keysetBatches, orderBy, type SortKey } from '../../lib/keyset';
import { toMoney } from '../../lib/money';
import { anyOf, inList } from '../../lib/sql';
import { findCustomerIds } from '../customers/repository';

const b = returnableBalancesTable;
const e = returnableEntriesTable;

/** When no business details are saved yet: units out longer than this are overdue. */
export const DEFAULT_OVERDUE_DAYS = 30;

const DAY_MS = 86_400_000;

/** The minDays filter's instant: units out since then or earlier are `minDays` days out. */
const cutoffOf = (now: Date, minDays: number) => new Date(now.getTime() - minDays * DAY_MS);

/** Whole days since `since` (null when nothing is out). */
export function daysSince(since: Date | null, now: Date): number | null {
  return since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS)) : null;
}

/**
 * Written as the literal predicate of the partial indexes on returnable_balances
 * (`outstanding > 0`), so the planner can prove they apply; a bound parameter would not.
 */
const IS_OUT = sql`${b.outstanding} > 0`;

export type BalanceRow = typeof b.$inferSelect;
export type EntryRow = typeof e.$inferSelect;

/** A balance as the ledger and the adjust call answer it. */
export function toBalanceDto(r: BalanceRow, now: Date) {
  return {
    productId: r.itemId,
    itemKind: r.itemKind,
    name: r.itemName,
    serviceId: r.categoryId,
    issued: r.issued,
    returned: r.returned,
    outstanding: r.outstanding,
    deposit: toMoney(r.deposit) ?? 0,
    oldestOutstandingAt: r.oldestOutstandingAt,
    daysOutstanding: r.outstanding > 0 ? daysSince(r.oldestOutstandingAt, now) : null,
  };
}

/** An entry with the order number of its order, when it has one. */
export interface EntryWithOrder {
  entry: EntryRow;
  orderNumber: string | null;
}

export function toEntryDto({ entry: r, orderNumber }: EntryWithOrder) {
  return {
    _id: String(r.id),
    at: r.at,
    kind: r.kind,
    productId: r.itemId,
    name: r.itemName,
    issued: r.issued,
    returned: r.returned,
    deposit: toMoney(r.deposit) ?? 0,
    order: r.orderId ? { _id: r.orderId, orderId: orderNumber ?? '' } : null,
    returnRequestId: r.returnRequestId,
    reason: r.reason,
    adminName: r.adminName,
  };
}

/** The outstanding list's filter, search and order, without a page: what an export reads. */
export interface OutstandingQuery {
  categoryId?: string;
  pincode?: string;
  /** Only units out for at least this many whole days. */
  minDays?: number;
  search?: string;
  /** By the oldest unit still out: asc is the most overdue first. */
  order: 'asc' | 'desc';
  /** The moment `minDays` and `daysOutstanding` count from. */
  now: Date;
}

/** One row of the outstanding list: a customer and an item they hold. */
export interface OutstandingRow {
  balance: BalanceRow;
  customer: { firstName: string; lastName: string; phone: string };
  /** The oldest unit's moment as the database has it (microseconds): the export's keyset. */
  oldestKey: string;
}

export function toOutstandingDto(r: OutstandingRow, now: Date) {
  const x = r.balance;
  return {
    userId: x.customerId,
    name: `${r.customer.firstName} ${r.customer.lastName}`.trim(),
    phone: r.customer.phone,
    pincode: x.pincode,
    productId: x.itemId,
    productName: x.itemName,
    serviceId: x.categoryId,
    issued: x.issued,
    returned: x.returned,
    outstanding: x.outstanding,
    deposit: toMoney(x.deposit) ?? 0,
    oldestOutstandingAt: x.oldestOutstandingAt,
    daysOutstanding: daysSince(x.oldestOutstandingAt, now),
  };
}

/** A returnable product or accessory, as the corrections and the depot's stock need it. */
export interface ReturnableItem {
  id: string;
  kind: ReturnableItemKind;
  name: string;
  categoryId: string;
  returnable: boolean;
  /** Rupees per unit, as the numeric column holds it ('150.00'). */
  deposit: string;
}

export interface StockRow {
  itemId: string;
  itemKind: ReturnableItemKind;
  name: string;
  categoryId: string;
  serviceName: string;
  deposit: string;
  full: number;
  empty: number;
  withCustomers: number;
}

export function toStockDto(r: StockRow) {
  return {
    productId: r.itemId,
    itemKind: r.itemKind,
    name: r.name,
    serviceId: r.categoryId,
    serviceName: r.serviceName,
    deposit: toMoney(r.deposit) ?? 0,
    full: r.full,
    empty: r.empty,
    withCustomers: r.withCustomers,
    total: r.full + r.empty + r.withCustomers,
  };
}

/** Integer paise of a numeric rupee amount ('150.50' -> 15050). */
const paiseOf = (rupees: string) => Math.round(Number(rupees) * 100);
const rupeesOf = (paise: number) => (paise / 100).toFixed(2);

export type AdjustOutcome =
  | { outcome: 'noCustomer' }
  | { outcome: 'noItem' }
  | { outcome: 'notReturnable'; item: ReturnableItem }
  | { outcome: 'tooFew'; item: ReturnableItem; customerName: string; holds: number }
  | { outcome: 'recorded'; item: ReturnableItem; customerName: string; entry: EntryRow };

export interface Correction {
  customerId: string;
  itemId: string;
  /** + the customer holds more than the ledger says, - fewer. */
  quantity: number;
  reason: string;
  admin: { id: string; name: string } | null;
}

export function createReturnableRepository(db: Database) {
  /** The product or accessory of this id, whether returnable or not. */
  async function findItem(id: string, tx: Pick<Database, 'select'> = db) {
    const fields = (t: typeof productsTable | typeof accessoriesTable) => ({
      id: t.id,
      name: t.name,
      categoryId: t.categoryId,
      returnable: t.returnable,
      deposit: t.deposit,
    });
    const [product] = await tx
      .select(fields(productsTable))
      .from(productsTable)
      .where(eq(productsTable.id, id));
    if (product) return { ...product, kind: 'product' as const };
    const [accessory] = await tx
      .select(fields(accessoriesTable))
      .from(accessoriesTable)
      .where(eq(accessoriesTable.id, id));
    return accessory ? { ...accessory, kind: 'accessory' as const } : undefined;
  }

  /**
   * The list's conditions: held units only (the partial indexes' predicate), then the service
   * (returnable_balances_category_oldest_idx), the pin code (..._pincode_oldest_idx), the days
   * (a range on oldest_outstanding_at, the last column of each), the matched customers: for
   * the rows as a list (`= ANY`), which a page checks while walking an oldest-first index
   * (0.4 ms for a common surname at a million orders); for the total as a join (`inList`), each
   * matched customer's balances counted in returnable_balances_customer_out_idx alone (0029).
   * As `= ANY` the total read every balance at that size (PGlite 55 ms against 16).
   */
  async function filtersOf(q: OutstandingQuery): Promise<{ rows: SQL; total: SQL }> {
    const where: SQL[] = [IS_OUT];
    if (q.categoryId) where.push(eq(b.categoryId, q.categoryId));
    if (q.pincode) where.push(eq(b.pincode, q.pincode));
    if (q.minDays !== undefined) {
      where.push(lte(b.oldestOutstandingAt, cutoffOf(q.now, q.minDays)));
    }
    if (!q.search) return { rows: and(...where)!, total: and(...where)! };
    const matched = await findCustomerIds(db, q.search);
    return {
      rows: and(...where, anyOf(b.customerId, matched))!,
      total: and(...where, inList(b.customerId, matched))!,
    };
  }

  /** The list's order: oldest unit first (asc), ties by customer and item, as the indexes hold. */
  const sortKeys = (order: 'asc' | 'desc'): SortKey[] => [
    { key: b.oldestOutstandingAt, order },
    { key: b.customerId, order },
    { key: b.itemId, order },
  ];

  /** The page's balances (picked by `keys`, a subquery of key columns) with their customers. */
  function rowsOf(keys: ReturnType<typeof pageKeys>, order: 'asc' | 'desc') {
    return db
      .select({
        balance: b,
        customer: {
          firstName: customersTable.firstName,
          lastName: customersTable.lastName,
          phone: customersTable.phone,
        },
        oldestKey: sql<string>`${b.oldestOutstandingAt}::text`,
      })
      .from(keys)
      .innerJoin(b, and(eq(b.customerId, keys.customerId), eq(b.itemId, keys.itemId)))
      .innerJoin(customersTable, eq(customersTable.id, b.customerId))
      .orderBy(...orderBy(sortKeys(order)));
  }

  /** Key columns of a page, read through the list's index alone (deferred join). */
  function pageKeys(where: SQL, order: 'asc' | 'desc', limit: number, offset = 0) {
    return db
      .select({ customerId: b.customerId, itemId: b.itemId })
      .from(b)
      .where(where)
      .orderBy(...orderBy(sortKeys(order)))
      .limit(limit)
      .offset(offset)
      .as('page');
  }

  /**
   * The list's balances per day (in India) of their oldest unit out, for the whole list or a
   * service's (returnable_outstanding_days, kept by trigger). With minDays the days end at the
   * cutoff's day, counted up to the cutoff itself through the list's index (one day's rows).
   */
  function outstandingDays(q: OutstandingQuery): SQL {
    const d = returnableOutstandingDaysTable;
    const service = q.categoryId ? eq(d.categoryId, q.categoryId) : undefined;
    if (q.minDays === undefined) {
      return db.select({ day: d.day, n: d.n }).from(d).where(service).getSQL();
    }
    const cutoff = cutoffOf(q.now, q.minDays);
    const day = indiaDay(cutoff);
    return sql`
      SELECT ${d.day} AS day, ${d.n} AS n FROM ${d} WHERE ${and(service, lt(d.day, day))}
      UNION ALL
      SELECT ${day}::date, count(*)::int FROM ${b}
      WHERE ${and(
        IS_OUT,
        q.categoryId ? eq(b.categoryId, q.categoryId) : undefined,
        gte(b.oldestOutstandingAt, indiaMidnight(day)),
        lte(b.oldestOutstandingAt, cutoff),
      )}`;
  }

  return {
    findItem,

    /** Every service's name by its id (a handful of categories). */
    async serviceNames(): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: categoriesTable.id, name: categoriesTable.name })
        .from(categoriesTable);
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async findCustomer(id: string) {
      const [row] = await db
        .select({
          id: customersTable.id,
          firstName: customersTable.firstName,
          lastName: customersTable.lastName,
          phone: customersTable.phone,
        })
        .from(customersTable)
        .where(eq(customersTable.id, id));
      return row;
    },

    /** Every item the customer has held, by name (through the primary key). */
    async balancesOf(customerId: string): Promise<BalanceRow[]> {
      return db
        .select()
        .from(b)
        .where(eq(b.customerId, customerId))
        .orderBy(asc(b.itemName), asc(b.itemId));
    },

    /** A page of the customer's entries, newest first (returnable_entries_customer_idx). */
    async entriesOf(customerId: string, page: number, limit: number) {
      const where = eq(e.customerId, customerId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: e, orderNumber: ordersTable.orderId })
          .from(e)
          .leftJoin(ordersTable, eq(ordersTable.id, e.orderId))
          .where(where)
          .orderBy(desc(e.at), desc(e.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(e).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async outstanding(q: OutstandingQuery & { page: number; limit: number }) {
      const filters = await filtersOf(q);
      let where = filters.rows;
      let offset = (q.page - 1) * q.limit;
      // A pin code or a search narrows the list to a few hundred balances: counted and skipped
      // as they are. Otherwise counts kept by trigger stand in for ~100 k balances at a million
      // orders: the total is the holders on the stock rows, or with minDays the balances per
      // day of their oldest unit, and those days say where a deep page starts.
      if (q.pincode || q.search) {
        const [rows, [total]] = await Promise.all([
          rowsOf(pageKeys(where, q.order, q.limit, offset), q.order),
          db.select({ n: count() }).from(b).where(filters.total),
        ]);
        return { rows, total: total?.n ?? 0 };
      }
      const days = outstandingDays(q);
      const total = async () => {
        if (q.minDays === undefined) {
          // The holders the ledger trigger counts on the stock rows: a few rows.
          const s = returnableStockTable;
          const [row] = await db
            .select({ n: sql<number>`coalesce(sum(${s.holders}), 0)::int`.mapWith(Number) })
            .from(s)
            .where(q.categoryId ? eq(s.categoryId, q.categoryId) : undefined);
          return row?.n ?? 0;
        }
        const { rows } = await db.execute<{ n: number }>(
          sql`SELECT coalesce(sum(n), 0)::int AS n FROM (${days}) days`,
        );
        return Number(rows[0]?.n ?? 0);
      };
      if (offset >= SEEK_FROM_OFFSET) {
        const sought = await seekDay(db, days, offset, q.order);
        if (!sought) return { rows: [], total: await total() };
        where = and(
          where,
          q.order === 'desc'
            ? lt(b.oldestOutstandingAt, sought.boundary)
            : gte(b.oldestOutstandingAt, sought.boundary),
        )!;
        offset = sought.skip;
      }
      const [rows, n] = await Promise.all([
        rowsOf(pageKeys(where, q.order, q.limit, offset), q.order),
        total(),
      ]);
      return { rows, total: n };
    },

    /**
     * Every row of the list for its CSV export, `batchSize` at a time, in the list's order: a
     * keyset on (oldest_outstanding_at, customer, item) through the list's index. The last row's
     * moment is carried as the database's text, exact to the microsecond.
     */
    async *exportRows(q: OutstandingQuery, batchSize: number): AsyncGenerator<OutstandingRow[]> {
      const where = (await filtersOf(q)).rows;
      const beyond = sql.raw(q.order === 'desc' ? '<' : '>');
      yield* keysetBatches(
        (after: OutstandingRow | undefined, limit) =>
          rowsOf(
            pageKeys(
              after
                ? and(
                    where,
                    sql`(${b.oldestOutstandingAt}, ${b.customerId}, ${b.itemId}) ${beyond}
                      (${after.oldestKey}::timestamptz, ${after.balance.customerId}, ${after.balance.itemId})`,
                  )!
                : where,
              q.order,
              limit,
            ),
            q.order,
          ),
        batchSize,
      );
    },

    /**
     * Records a correction: one `correction` entry (the trigger moves the balance), unless the
     * customer would then hold fewer than none. The balance row is locked first, so a delivery
     * or another correction committing meanwhile is counted before the check.
     */
    async adjust(c: Correction): Promise<AdjustOutcome> {
      return db.transaction(async (tx) => {
        const [customer] = await tx
          .select({ firstName: customersTable.firstName, lastName: customersTable.lastName })
          .from(customersTable)
          .where(eq(customersTable.id, c.customerId))
          .for('key share');
        if (!customer) return { outcome: 'noCustomer' as const };
        const customerName = `${customer.firstName} ${customer.lastName}`.trim();
        const item = await findItem(c.itemId, tx);
        if (!item) return { outcome: 'noItem' as const };
        if (!item.returnable) return { outcome: 'notReturnable' as const, item };
        const [balance] = await tx
          .select({ outstanding: b.outstanding, pincode: b.pincode })
          .from(b)
          .where(and(eq(b.customerId, c.customerId), eq(b.itemId, c.itemId)))
          .for('update');
        const holds = balance?.outstanding ?? 0;
        if (holds + c.quantity < 0) {
          return { outcome: 'tooFew' as const, item, customerName, holds };
        }
        const [entry] = await tx
          .insert(e)
          .values({
            customerId: c.customerId,
            itemId: item.id,
            itemKind: item.kind,
            itemName: item.name,
            categoryId: item.categoryId,
            kind: 'correction',
            issued: c.quantity > 0 ? c.quantity : 0,
            returned: c.quantity < 0 ? -c.quantity : 0,
            deposit: rupeesOf(paiseOf(item.deposit) * c.quantity),
            pincode: balance?.pincode ?? null,
            reason: c.reason,
            adminId: c.admin?.id ?? null,
            adminName: c.admin?.name ?? null,
          })
          .returning();
        return { outcome: 'recorded' as const, item, customerName, entry: entry! };
      });
    },

    async balance(customerId: string, itemId: string): Promise<BalanceRow | undefined> {
      const [row] = await db
        .select()
        .from(b)
        .where(and(eq(b.customerId, customerId), eq(b.itemId, itemId)));
      return row;
    },

    /**
     * The depot's stock of every returnable product and accessory (a few dozen), by service and
     * name; an item with no stock row yet has none of anything.
     */
    async stock(itemId?: string): Promise<StockRow[]> {
      const s = returnableStockTable;
      const c = categoriesTable;
      const only = (t: typeof productsTable | typeof accessoriesTable) =>
        itemId ? sql`and ${t.id} = ${itemId}` : sql``;
      const { rows } = await db.execute<{
        item_id: string;
        item_kind: ReturnableItemKind;
        name: string;
        category_id: string;
        service_name: string;
        deposit: string;
        full: number;
        empty: number;
        with_customers: number;
      }>(sql`
        select i.item_id, i.item_kind, i.name, i.category_id, ${c.name} as service_name,
               i.deposit::text as deposit, coalesce(${s.full}, 0)::int as full,
               coalesce(${s.empty}, 0)::int as empty,
               coalesce(${s.withCustomers}, 0)::int as with_customers
          from (
            select ${productsTable.id} as item_id, 'product' as item_kind, ${productsTable.name} as name,
                   ${productsTable.categoryId} as category_id, ${productsTable.deposit} as deposit
              from ${productsTable} where ${productsTable.returnable} ${only(productsTable)}
            union all
            select ${accessoriesTable.id}, 'accessory', ${accessoriesTable.name},
                   ${accessoriesTable.categoryId}, ${accessoriesTable.deposit}
              from ${accessoriesTable} where ${accessoriesTable.returnable} ${only(accessoriesTable)}
          ) i
          join ${c} on ${c.id} = i.category_id
          left join ${s} on ${s.itemId} = i.item_id
         order by ${c.name}, i.name, i.item_id`);
      return rows.map((r) => ({
        itemId: r.item_id,
        itemKind: r.item_kind,
        name: r.name,
        categoryId: r.category_id,
        serviceName: r.service_name,
        deposit: r.deposit,
        full: Number(r.full),
        empty: Number(r.empty),
        withCustomers: Number(r.with_customers),
      }));
    },

    /** New full units bought: full += quantity. */
    async receive(item: ReturnableItem, quantity: number): Promise<void> {
      const s = returnableStockTable;
      await db
        .insert(s)
        .values({
          itemId: item.id,
          itemKind: item.kind,
          categoryId: item.categoryId,
          full: quantity,
        })
        .onConflictDoUpdate({
          target: s.itemId,
          set: { full: sql`${s.full} + ${quantity}`, updatedAt: sql`now()` },
        });
    },

    /**
     * Empties filled: empty -= quantity, full += quantity, as one conditional UPDATE, so two
     * refills at once never take more empties than there are. Answers the empties there were
     * when there are too few (0 without a stock row), else undefined.
     */
    async refill(item: ReturnableItem, quantity: number): Promise<number | undefined> {
      const s = returnableStockTable;
      const done = await db
        .update(s)
        .set({
          empty: sql`${s.empty} - ${quantity}`,
          full: sql`${s.full} + ${quantity}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(s.itemId, item.id), gte(s.empty, quantity)))
        .returning({ itemId: s.itemId });
      if (done.length) return undefined;
      const [row] = await db.select({ empty: s.empty }).from(s).where(eq(s.itemId, item.id));
      return row?.empty ?? 0;
    },

    /**
     * The dashboard's cards: units with customers per kind of service (water jars, oxygen
     * cylinders) from the depot's stock rows (one per item), the deposits held, and the
     * overdue balances: held since before the cut-off, a range of returnable_balances_oldest_idx.
     */
    async summary(now: Date) {
      const [settings] = await db
        .select({ overdueDays: businessSettingsTable.overdueDays })
        .from(businessSettingsTable)
        .where(eq(businessSettingsTable.id, 'default'));
      const overdueDays = settings?.overdueDays ?? DEFAULT_OVERDUE_DAYS;
      const s = returnableStockTable;
      const cutoff = cutoffOf(now, overdueDays);
      // Overdue: a unit out since before the cutoff. The units are the days' counts before the
      // cutoff's day plus the balances of that day itself (through the list's index), the
      // customers likewise from the holders' oldest units.
      const day = indiaDay(cutoff);
      const d = returnableOutstandingDaysTable;
      const h = returnableHoldersTable;
      const hd = returnableHolderDaysTable;
      const [out, [overdue]] = await Promise.all([
        db
          .select({
            kind: categoriesTable.kind,
            n: sql<number>`coalesce(sum(${s.withCustomers}), 0)::int`.mapWith(Number),
            held: sql<string>`coalesce(sum(${s.depositHeld}), 0)`,
          })
          .from(s)
          .innerJoin(categoriesTable, eq(categoriesTable.id, s.categoryId))
          .groupBy(categoriesTable.kind),
        db
          .execute<{ units: string; customers: string }>(
            sql`SELECT
            (SELECT coalesce(sum(${d.units}), 0) FROM ${d} WHERE ${lt(d.day, day)})
              + (SELECT coalesce(sum(${b.outstanding}), 0) FROM ${b}
                  WHERE ${and(
                    IS_OUT,
                    gte(b.oldestOutstandingAt, indiaMidnight(day)),
                    lt(b.oldestOutstandingAt, cutoff),
                  )}) AS units,
            (SELECT coalesce(sum(${hd.n}), 0) FROM ${hd} WHERE ${lt(hd.day, day)})
              + (SELECT count(*) FROM ${h}
                  WHERE ${and(
                    gte(h.oldestOutstandingAt, indiaMidnight(day)),
                    lt(h.oldestOutstandingAt, cutoff),
                  )}) AS customers`,
          )
          .then((r) => r.rows),
      ]);
      const depositHeld = out.reduce((sum, r) => sum + (toMoney(r.held) ?? 0), 0);
      const outOf = (kind: string) => out.find((r) => r.kind === kind)?.n ?? 0;
      return {
        jarsOut: outOf('water'),
        cylindersOut: outOf('oxygen'),
        overdueUnits: Number(overdue?.units ?? 0),
        overdueCustomers: Number(overdue?.customers ?? 0),
        overdueDays,
        depositHeld: Math.round(depositHeld * 100) / 100,
      };
    },
  };
}
