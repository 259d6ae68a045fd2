import { indiaMidnight, indiaMinuteOfDay, nextDay } from '@shared/time';
import { and, arrayOverlaps, asc, count, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  OPEN_ORDER_STATUSES,
  ordersTable,
  orderStatusHistoryTable,
  ridersTable,
  type OrderStatus,
  type RiderShift,
  type RunShift,
} from '../../db/schema';
import { missingMessage } from '../../lib/bulk';
import { conflict, notFound } from '../../lib/errors';
import { anyOf } from '../../lib/sql';
import { IS_OPEN } from './conditions';

/** The Evening round takes the slots starting at 2:00 PM or later. */
const EVENING_FROM_MINUTE = 14 * 60;

/**
 * Minutes after midnight a delivery slot starts ('5:00 PM - 7:00 PM': 1020, '5 PM - 7 PM' too,
 * '17:00 - 19:00' too); undefined for a slot without a time ('Within 2 hours').
 */
function slotStartMinute(slot: string): number | undefined {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*(?:([AaPp])\.?\s*[Mm]\.?)?/.exec(slot);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (hour > 23 || minute > 59) return undefined;
  const meridiem = m[3]?.toUpperCase();
  const hour24 = meridiem ? (hour % 12) + (meridiem === 'P' ? 12 : 0) : hour;
  return hour24 * 60 + minute;
}

/**
 * The round a job goes out in: Evening when its delivery slot starts at or after 2:00 PM, else
 * Morning; a job without a slot with a time ('Within 2 hours', none) by the India time it was
 * placed, by the same rule. The one rule for the whole server (assigning, auto-assign, runs).
 */
export function runShiftOf(deliveryTime: string | null, placedAt: Date): RunShift {
  const start = deliveryTime === null ? undefined : slotStartMinute(deliveryTime);
  const minute = start ?? indiaMinuteOfDay(placedAt);
  return minute >= EVENING_FROM_MINUTE ? 'Evening' : 'Morning';
}

/** The most jobs one auto-assign gives out: one short transaction; the rest on the next call. */
export const AUTO_ASSIGN_LIMIT = 2000;

export const NO_RIDER = 'This rider does not exist.';
export const inactiveMessage = (name: string) =>
  `${name} is inactive. Make the rider active first.`;

/** The admin who assigns (named in each history row); null only outside a request. */
export type Assigner = { id: string; name: string } | null;

/** The audit rows of the changed orders, written in the same transaction (`auditEach`). */
export type AlsoWrite = (tx: Transaction, changedIds: string[]) => Promise<void>;

/** `2026-11-25` as the panel shows a day: `25-11-2026`. */
const shownDay = (day: string) => day.split('-').reverse().join('-');

/** A job as locked before it is assigned. */
interface LockedJob {
  id: string;
  status: OrderStatus;
  riderId: string | null;
  runDate: string | null;
  deliveryTime: string | null;
  createdAt: Date;
}

/** One job's new rider (null: none), its round, and the history note that says so. */
interface Assignment {
  id: string;
  status: OrderStatus;
  riderId: string | null;
  runShift: RunShift | null;
  note: string;
}

/**
 * Locks the orders of `ids` in id order (two calls over overlapping jobs then never wait on each
 * other in a circle) and answers them as they now are: a call that waited reads what the other
 * one wrote.
 */
function lockJobs(tx: Transaction, ids: string[]): Promise<LockedJob[]> {
  const o = ordersTable;
  return tx
    .select({
      id: o.id,
      status: o.status,
      riderId: o.riderId,
      runDate: o.runDate,
      deliveryTime: o.deliveryTime,
      createdAt: o.createdAt,
    })
    .from(o)
    .where(anyOf(o.id, ids))
    .orderBy(asc(o.id))
    .for('update');
}

/** The names of these riders (the previous riders a note names), by id. */
async function riderNames(tx: Transaction, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: ridersTable.id, name: ridersTable.name })
    .from(ridersTable)
    .where(anyOf(ridersTable.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Writes the assignments (set-based: one UPDATE from the lists, one INSERT of the history rows,
 * status unchanged: from = to, the note saying what happened) and then `alsoWrite`. Times are
 * taken when written (clock_timestamp), after the locks, so a call that waited for another
 * records its step after the other one's.
 */
async function writeAssignments(
  tx: Transaction,
  jobs: Assignment[],
  runDate: string | null,
  admin: Assigner,
  alsoWrite?: AlsoWrite,
): Promise<void> {
  if (!jobs.length) return;
  const given = jobs.filter((j) => j.riderId !== null);
  const taken = jobs.filter((j) => j.riderId === null).map((j) => j.id);
  if (given.length) {
    const list = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;
    await tx.execute(sql`
      update ${ordersTable} as o
         set rider_id = v.rider_id, run_shift = v.run_shift, run_date = ${runDate}::date,
             assigned_at = clock_timestamp(), updated_at = clock_timestamp()
        from unnest(${list(given.map((j) => j.id))}, ${list(given.map((j) => j.riderId))},
                    ${list(given.map((j) => j.runShift))}) as v(id, rider_id, run_shift)
       where o.id = v.id`);
  }
  if (taken.length) {
    await tx
      .update(ordersTable)
      .set({ riderId: null, runDate: null, runShift: null, assignedAt: null })
      .where(anyOf(ordersTable.id, taken));
  }
  await tx.insert(orderStatusHistoryTable).values(
    jobs.map((j) => ({
      orderId: j.id,
      fromStatus: j.status,
      toStatus: j.status,
      adminId: admin?.id ?? null,
      adminName: admin?.name ?? null,
      note: j.note,
      at: sql`clock_timestamp()`,
    })),
  );
  await alsoWrite?.(
    tx,
    jobs.map((j) => j.id),
  );
}

const isOpen = (status: OrderStatus) => (OPEN_ORDER_STATUSES as readonly string[]).includes(status);

/** `2 of the 5 orders are no longer open (Delivered or Cancelled). Nothing was changed.` */
export function closedMessage(closed: number, asked: number): string {
  if (asked === 1)
    return 'This order is no longer open (Delivered or Cancelled). Nothing was changed.';
  return (
    `${closed} of the ${asked} orders ${closed === 1 ? 'is' : 'are'} no longer open ` +
    '(Delivered or Cancelled). Nothing was changed.'
  );
}

export interface AssignOutcome {
  /** The rider given the jobs; null when they were unassigned. */
  rider: { id: string; name: string } | null;
  changed: string[];
  /** Already with that rider for that day (or, unassigning, with nobody): left alone. */
  unchanged: string[];
}

/**
 * order/assign-rider: gives the open jobs `ids` to a rider for the run of `runDate` (each in its
 * round, runShiftOf), or takes them back (`riderId` null), in one transaction: the rider's row
 * is read under a share lock (it cannot be deactivated or deleted meanwhile), the jobs are locked
 * in id order, then changed with a history row each and `alsoWrite`. All or nothing: an unknown
 * rider or order (404), an inactive rider or a closed order (409) changes nothing.
 */
export function assignRider(
  db: Database,
  input: {
    ids: string[];
    riderId: string | null;
    runDate: string;
    admin: Assigner;
    alsoWrite?: AlsoWrite;
  },
): Promise<AssignOutcome> {
  const { ids, riderId, runDate } = input;
  return db.transaction(async (tx) => {
    let rider: AssignOutcome['rider'] = null;
    if (riderId !== null) {
      const [row] = await tx
        .select({ id: ridersTable.id, name: ridersTable.name, status: ridersTable.status })
        .from(ridersTable)
        .where(eq(ridersTable.id, riderId))
        .for('share');
      if (!row) throw notFound(NO_RIDER);
      if (row.status !== 'Active') throw conflict(inactiveMessage(row.name));
      rider = { id: row.id, name: row.name };
    }

    const jobs = await lockJobs(tx, ids);
    if (jobs.length < ids.length) {
      throw notFound(missingMessage(ids.length - jobs.length, ids.length, 'orders'));
    }
    const closed = jobs.filter((j) => !isOpen(j.status)).length;
    if (closed) throw conflict(closedMessage(closed, ids.length));

    const isUnchanged = (j: LockedJob) =>
      rider ? j.riderId === rider.id && j.runDate === runDate : j.riderId === null;
    const toChange = jobs.filter((j) => !isUnchanged(j));
    const unchanged = jobs.filter(isUnchanged).map((j) => j.id);
    const before = await riderNames(tx, [
      ...new Set(toChange.flatMap((j) => (j.riderId ? [j.riderId] : []))),
    ]);
    const noteFor = (j: LockedJob): string => {
      const from = j.riderId ? (before.get(j.riderId) ?? 'a deleted rider') : null;
      if (!rider) return `Unassigned from ${from}`;
      if (!from) return `Assigned to ${rider.name}`;
      if (j.riderId !== rider.id) return `Reassigned from ${from} to ${rider.name}`;
      // The same rider, another day's run.
      return `Moved to ${rider.name}'s run of ${shownDay(runDate)}`;
    };
    await writeAssignments(
      tx,
      toChange.map((j) => ({
        id: j.id,
        status: j.status,
        riderId: rider?.id ?? null,
        runShift: rider ? runShiftOf(j.deliveryTime, j.createdAt) : null,
        note: noteFor(j),
      })),
      rider ? runDate : null,
      input.admin,
      input.alsoWrite,
    );
    return { rider, changed: toChange.map((j) => j.id), unchanged };
  });
}

export interface AutoAssignOutcome {
  assigned: number;
  /** Jobs looked at that no Active rider serves in their pin code and round. */
  withoutRider: number;
  /** Of those, the ones whose pin code has no Active rider at all, and those pin codes. */
  withoutPincodeRider: number;
  pincodesWithoutRider: string[];
  /** Unassigned jobs of the filter beyond the AUTO_ASSIGN_LIMIT looked at. */
  remaining: number;
  /** The riders given jobs, with how many this call gave each, by name. */
  riders: { id: string; name: string; jobs: number }[];
}

/** A rider auto-assign may choose, with the jobs already given for the day (the load). */
interface Candidate {
  id: string;
  name: string;
  shift: RiderShift;
  pincodes: string[];
  load: number;
  given: number;
}

/**
 * order/auto-assign: the open, unassigned jobs of a service placed up to the end of `runDate`
 * (India), optionally of one pin code, emergencies first then oldest first, at most
 * AUTO_ASSIGN_LIMIT, each given to the least loaded Active rider who serves its pin code and
 * works its round (load: the rider's jobs of that day; ties by name). Decided in memory, written
 * in the same transaction as the reads: the riders read under a share lock, the chosen jobs then
 * locked in id order and re-read, so a job someone else assigned meanwhile is left to them.
 */
export function autoAssign(
  db: Database,
  input: {
    serviceId: string;
    runDate: string;
    pincode?: string;
    admin: Assigner;
    alsoWrite?: AlsoWrite;
  },
): Promise<AutoAssignOutcome> {
  const { serviceId, runDate, pincode } = input;
  const o = ordersTable;
  // The literal predicate of orders_unassigned_jobs_idx, so that the index applies.
  const where: SQL[] = [
    eq(o.categoryId, serviceId),
    IS_OPEN,
    sql`${o.riderId} is null`,
    lt(o.createdAt, indiaMidnight(nextDay(runDate))),
  ];
  if (pincode !== undefined) where.push(eq(o.pincode, pincode));

  return db.transaction(async (tx) => {
    const jobs = await tx
      .select({
        id: o.id,
        pincode: o.pincode,
        deliveryTime: o.deliveryTime,
        createdAt: o.createdAt,
      })
      .from(o)
      .where(and(...where))
      .orderBy(sql`not ${o.isEmergency}`, asc(o.createdAt), asc(o.id))
      .limit(AUTO_ASSIGN_LIMIT + 1);
    let remaining = 0;
    if (jobs.length > AUTO_ASSIGN_LIMIT) {
      jobs.length = AUTO_ASSIGN_LIMIT;
      const [row] = await tx
        .select({ n: count() })
        .from(o)
        .where(and(...where));
      remaining = Math.max(0, (row?.n ?? 0) - AUTO_ASSIGN_LIMIT);
    }
    const outcome: AutoAssignOutcome = {
      assigned: 0,
      withoutRider: 0,
      withoutPincodeRider: 0,
      pincodesWithoutRider: [],
      remaining,
      riders: [],
    };
    if (!jobs.length) return outcome;

    const pincodes = [...new Set(jobs.map((j) => j.pincode))];
    const riders: Candidate[] = (
      await tx
        .select({
          id: ridersTable.id,
          name: ridersTable.name,
          shift: ridersTable.shift,
          pincodes: ridersTable.pincodes,
        })
        .from(ridersTable)
        .where(and(eq(ridersTable.status, 'Active'), arrayOverlaps(ridersTable.pincodes, pincodes)))
        .orderBy(asc(ridersTable.name), asc(ridersTable.id))
        .for('share')
    ).map((r) => ({ ...r, load: 0, given: 0 }));
    if (riders.length) {
      const loads = await tx
        .select({ riderId: o.riderId, n: count() })
        .from(o)
        .where(
          and(
            sql`${o.riderId} is not null`,
            anyOf(
              o.riderId,
              riders.map((r) => r.id),
            ),
            eq(o.runDate, runDate),
          ),
        )
        .groupBy(o.riderId);
      const loadOf = new Map(loads.map((l) => [l.riderId, l.n]));
      for (const r of riders) r.load = loadOf.get(r.id) ?? 0;
    }
    const byPincode = new Map<string, Candidate[]>();
    for (const r of riders) {
      for (const pin of r.pincodes) {
        const list = byPincode.get(pin);
        if (list) list.push(r);
        else byPincode.set(pin, [r]);
      }
    }

    // Each job in turn to the least loaded rider who may take it; the riders are in name order,
    // so the first of the least loaded breaks a tie by name.
    const chosen = new Map<string, { rider: Candidate; runShift: RunShift }>();
    const noPincodeRider = new Set<string>();
    for (const job of jobs) {
      const serving = byPincode.get(job.pincode);
      if (!serving) {
        outcome.withoutRider += 1;
        outcome.withoutPincodeRider += 1;
        noPincodeRider.add(job.pincode);
        continue;
      }
      const runShift = runShiftOf(job.deliveryTime, job.createdAt);
      let best: Candidate | undefined;
      for (const r of serving) {
        if (r.shift !== 'Both' && r.shift !== runShift) continue;
        if (!best || r.load < best.load) best = r;
      }
      if (!best) {
        outcome.withoutRider += 1;
        continue;
      }
      best.load += 1;
      chosen.set(job.id, { rider: best, runShift });
    }
    outcome.pincodesWithoutRider = [...noPincodeRider].sort();
    if (!chosen.size) return outcome;

    // Someone may have assigned or closed a job since it was read: those stay as they are.
    const locked = await lockJobs(tx, [...chosen.keys()]);
    const still = locked.filter((j) => j.riderId === null && isOpen(j.status));
    const assignments = still.map((j) => {
      const { rider, runShift } = chosen.get(j.id)!;
      rider.given += 1;
      return {
        id: j.id,
        status: j.status,
        riderId: rider.id,
        runShift,
        note: `Assigned to ${rider.name}`,
      };
    });
    await writeAssignments(tx, assignments, runDate, input.admin, input.alsoWrite);
    outcome.assigned = assignments.length;
    outcome.riders = riders
      .filter((r) => r.given > 0)
      .map((r) => ({ id: r.id, name: r.name, jobs: r.given }));
    return outcome;
  });
}
