import { and, arrayOverlaps, asc, count, eq, lt, sql, type SQL } from 'drizzle-orm';
import { indiaMidnight, nextDay } from '@shared/time';
import type { Database } from '../../db/client';
import { ordersTable, ridersTable, type RiderShift, type RunShift } from '../../db/schema';
import { anyOf } from '../../lib/sql';
import {
  isOpen,
  lockJobs,
  writeAssignments,
  type AlsoWrite,
  type Assigner,
} from './assignRepository';
import { IS_OPEN } from './conditions';
import { runShiftOf } from './runShift';

/** The most jobs one auto-assign gives out: one short transaction; the rest on the next call. */
export const AUTO_ASSIGN_LIMIT = 2000;

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
