import { and, asc, count, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  ordersTable,
  pincodesTable,
  ridersTable,
  type RecordStatus,
  type RiderShift,
  type RunShift,
} from '../../db/schema';
import { orderBy, type SortKey } from '../../lib/keyset';
import { anyOf, likePattern } from '../../lib/sql';
import type { OrderRow } from '../orders/dto';
import { createOrderRepository } from '../orders/repository';

export type RiderRow = typeof ridersTable.$inferSelect;

export const RIDER_SORTS = {
  name: ridersTable.name,
  createdAt: ridersTable.createdAt,
  status: ridersTable.status,
  shift: ridersTable.shift,
} as const;
export type RiderSort = keyof typeof RIDER_SORTS;

/** What a rider carries besides its row: its load (`jobs` of a day, `openJobs` of any day). */
export interface RiderLoad {
  jobs: number;
  openJobs: number;
}

const NO_LOAD: RiderLoad = { jobs: 0, openJobs: 0 };

/** The rider record of docs/api.md ("Riders and cash on delivery"). */
export function toRiderDto(r: RiderRow, load: RiderLoad = NO_LOAD, serves?: boolean) {
  return {
    _id: r.id,
    name: r.name,
    phone: r.phone,
    vehicle: r.vehicle,
    pincodes: r.pincodes,
    shift: r.shift,
    status: r.status,
    jobs: load.jobs,
    openJobs: load.openJobs,
    ...(serves === undefined ? {} : { serves }),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export interface RiderValues {
  name: string;
  phone: string;
  vehicle?: string;
  pincodes: string[];
  shift: RiderShift;
  status?: RecordStatus;
}

export interface RiderListQuery {
  status?: RecordStatus;
  search?: string;
  /** Only riders serving this pin code. */
  pincode?: string;
  /** Riders serving any of these first. */
  prefer?: string[];
  sort: RiderSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  /** The day `jobs` counts (YYYY-MM-DD). */
  day: string;
}

/**
 * Written as the literal predicate of the partial index `orders_rider_open_idx`, so the planner
 * can prove the index applies (a bound parameter list would not match it).
 */
const IS_OPEN_ASSIGNED = sql.raw(
  `"orders"."status" in ('Pending', 'Out for Delivery') and "orders"."rider_id" is not null`,
);

/** A `text[]` (pin codes, ids) as one parameter. */
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * A search over name, vehicle and phone. The phone is stored as its ten digits, so a search
 * written like a phone number (`+91 98450 00101`) looks for its digits.
 */
function searchCondition(search: string): SQL {
  const text = or(
    ilike(ridersTable.name, likePattern(search)),
    ilike(ridersTable.vehicle, likePattern(search)),
  )!;
  if (!/^[+\d\s-]+$/.test(search)) return text;
  let digits = search.replace(/\D/g, '');
  if (search.trim().startsWith('+91') && digits.length > 2) digits = digits.slice(2);
  return digits ? or(text, like(ridersTable.phone, likePattern(digits)))! : text;
}

function filterOf(q: RiderListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(ridersTable.status, q.status));
  if (q.search) where.push(searchCondition(q.search));
  // `@>` on the array: riders_pincodes_idx (GIN) serves it.
  if (q.pincode) where.push(sql`${ridersTable.pincodes} @> ${textArray([q.pincode])}`);
  return and(...where);
}

/** Whether the rider serves any of the preferred pin codes. */
const servesAny = (prefer: string[]) =>
  sql<boolean>`${ridersTable.pincodes} && ${textArray(prefer)}`;

function sortKeys(q: RiderListQuery): SortKey[] {
  const keys: SortKey[] = [];
  if (q.prefer?.length) keys.push({ key: servesAny(q.prefer), order: 'desc' });
  keys.push({ key: RIDER_SORTS[q.sort], order: q.order }, { key: ridersTable.id, order: 'asc' });
  return keys;
}

/** The most jobs rider/run answers (a rider's day is a few dozen). */
export const RUN_BOUND = 500;

export function createRiderRepository(db: Database) {
  const orders = createOrderRepository(db);
  /**
   * The load of each rider: jobs given for `day` (any status, through orders_rider_run_idx)
   * and open jobs of any day (through orders_rider_open_idx), one indexed count per rider.
   */
  async function loadsOf(riderIds: string[], day: string): Promise<Map<string, RiderLoad>> {
    const loads = new Map<string, RiderLoad>();
    if (!riderIds.length) return loads;
    const o = ordersTable;
    const { rows } = await db.execute<{ id: string; jobs: number; open_jobs: number }>(sql`
      select r.id,
        (select count(*)::int from ${o} where ${o.riderId} = r.id and ${o.runDate} = ${day}) as jobs,
        (select count(*)::int from ${o} where ${o.riderId} = r.id and ${IS_OPEN_ASSIGNED}) as open_jobs
      from unnest(${textArray(riderIds)}) as r(id)`);
    for (const row of rows) {
      loads.set(row.id, { jobs: Number(row.jobs), openJobs: Number(row.open_jobs) });
    }
    return loads;
  }

  return {
    loadsOf,

    async list(q: RiderListQuery) {
      const filter = filterOf(q);
      const keys = sortKeys(q);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            rider: ridersTable,
            serves: q.prefer?.length ? servesAny(q.prefer) : sql<null>`null`,
          })
          .from(ridersTable)
          .where(filter)
          .orderBy(...orderBy(keys))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(ridersTable).where(filter),
      ]);
      const loads = await loadsOf(
        rows.map((r) => r.rider.id),
        q.day,
      );
      return {
        riders: rows.map((r) => ({
          row: r.rider,
          load: loads.get(r.rider.id) ?? NO_LOAD,
          serves: r.serves ?? undefined,
        })),
        total: total?.n ?? 0,
      };
    },

    async findById(id: string): Promise<RiderRow | undefined> {
      const [row] = await db.select().from(ridersTable).where(eq(ridersTable.id, id));
      return row;
    },

    /** Of these pin codes, those that are not in the pin codes table (not a service area). */
    async unknownPincodes(pins: string[]): Promise<string[]> {
      const rows = await db
        .select({ number: pincodesTable.number })
        .from(pincodesTable)
        .where(anyOf(pincodesTable.number, pins));
      const known = new Set(rows.map((r) => r.number));
      return pins.filter((p) => !known.has(p));
    },

    async create(values: RiderValues): Promise<RiderRow> {
      const [row] = await db.insert(ridersTable).values(values).returning();
      return row!;
    },

    async update(id: string, values: RiderValues): Promise<RiderRow | undefined> {
      const [row] = await db
        .update(ridersTable)
        .set(values)
        .where(eq(ridersTable.id, id))
        .returning();
      return row;
    },

    /**
     * Deletes the rider unless jobs are still open with it. The rider row is locked first: an
     * assignment writing the rider's id (its foreign key check) waits for this transaction, and
     * one that committed before is counted.
     */
    async remove(
      id: string,
      day: string,
    ): Promise<
      | { outcome: 'missing' }
      | { outcome: 'open'; rider: RiderRow; openJobs: number }
      | { outcome: 'deleted'; rider: RiderRow; load: RiderLoad }
    > {
      return db.transaction(async (tx) => {
        const [rider] = await tx
          .select()
          .from(ridersTable)
          .where(eq(ridersTable.id, id))
          .for('update');
        if (!rider) return { outcome: 'missing' as const };
        const [open] = await tx
          .select({ n: count() })
          .from(ordersTable)
          .where(and(eq(ordersTable.riderId, id), IS_OPEN_ASSIGNED));
        const openJobs = open?.n ?? 0;
        if (openJobs > 0) return { outcome: 'open' as const, rider, openJobs };
        const [today] = await tx
          .select({ n: count() })
          .from(ordersTable)
          .where(and(eq(ordersTable.riderId, id), eq(ordersTable.runDate, day)));
        await tx.delete(ridersTable).where(eq(ridersTable.id, id));
        return { outcome: 'deleted' as const, rider, load: { jobs: today?.n ?? 0, openJobs: 0 } };
      });
    },

    /**
     * The rider's jobs of a day (and round), emergencies first, then pin code, then oldest
     * first, at most RUN_BOUND, with how many there are: ids and count through
     * orders_rider_run_idx, then only those orders joined with their names.
     */
    async run(
      riderId: string,
      day: string,
      shift: RunShift | undefined,
    ): Promise<{ rows: OrderRow[]; total: number }> {
      const o = ordersTable;
      const where = and(
        eq(o.riderId, riderId),
        eq(o.runDate, day),
        shift ? eq(o.runShift, shift) : undefined,
      );
      const runOrder = [sql`not ${o.isEmergency}`, asc(o.pincode), asc(o.createdAt), asc(o.id)];
      const [idRows, [total]] = await Promise.all([
        db
          .select({ id: o.id })
          .from(o)
          .where(where)
          .orderBy(...runOrder)
          .limit(RUN_BOUND),
        db.select({ n: count() }).from(o).where(where),
      ]);
      if (!idRows.length) return { rows: [], total: total?.n ?? 0 };
      const rows = await orders.rowsOf(idRows.map((r) => r.id));
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type RiderRepository = ReturnType<typeof createRiderRepository>;
