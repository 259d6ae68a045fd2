import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  OPEN_ORDER_STATUSES,
  ordersTable,
  orderStatusHistoryTable,
  ridersTable,
  type OrderStatus,
  type RunShift,
} from '../../db/schema';
import { missingMessage } from '../../lib/bulk';
import { conflict, notFound } from '../../lib/errors';
import { anyOf } from '../../lib/sql';
import { runShiftOf } from './runShift';

// Giving jobs to riders by hand (assignRider) and what auto-assign (autoAssign.ts) shares with it:
// locking the jobs and writing the assignments with their history rows.

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
export interface LockedJob {
  id: string;
  status: OrderStatus;
  riderId: string | null;
  runDate: string | null;
  deliveryTime: string | null;
  createdAt: Date;
}

/** One job's new rider (null: none), its round, and the history note that says so. */
export interface Assignment {
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
export function lockJobs(tx: Transaction, ids: string[]): Promise<LockedJob[]> {
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
export async function writeAssignments(
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

export const isOpen = (status: OrderStatus) =>
  (OPEN_ORDER_STATUSES as readonly string[]).includes(status);

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
