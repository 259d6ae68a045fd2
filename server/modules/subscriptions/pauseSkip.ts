import { and, asc, eq } from 'drizzle-orm';
import { isScheduledOn } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import {
  subscriptionPausesTable,
  subscriptionSkipsTable,
  subscriptionsTable,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { madeOrders } from './dayOrders';
import { covers, scheduleOf, scheduledDays, statusOn, type PauseRow } from './days';
import { differences, recordChange, type ChangeAdmin, type Changes } from './history';

type Db = Database | Transaction;

/** The subscription locked for a change (its pauses and skips are checked against it). */
async function locked(tx: Transaction, id: string) {
  const [row] = await tx
    .select()
    .from(subscriptionsTable)
    .where(eq(subscriptionsTable.id, id))
    .for('update');
  if (!row) throw notFound('This subscription does not exist.');
  return row;
}

function pausesOf(db: Db, id: string): Promise<PauseRow[]> {
  return db
    .select()
    .from(subscriptionPausesTable)
    .where(eq(subscriptionPausesTable.subscriptionId, id))
    .orderBy(asc(subscriptionPausesTable.fromDate));
}

/**
 * Sets the status the subscription has today with these pauses, and answers what changed
 * (`status` and `statusReason`) for the history row.
 */
async function settleStatus(
  tx: Transaction,
  s: { id: string; status: string; statusReason: string | null; endDate: string | null },
  pauses: PauseRow[],
  extra: Partial<typeof subscriptionsTable.$inferInsert> = {},
): Promise<Changes> {
  const { status, reason } = statusOn({ endDate: extra.endDate ?? s.endDate }, pauses, indiaDay());
  const statusReason = status === 'Active' ? null : reason;
  const changes = differences(
    { status: s.status, statusReason: s.statusReason, endDate: s.endDate },
    { status, statusReason, endDate: extra.endDate ?? s.endDate },
  );
  if (Object.keys(changes).length) {
    await tx
      .update(subscriptionsTable)
      .set({ status, statusReason, ...extra })
      .where(eq(subscriptionsTable.id, s.id));
  }
  return changes;
}

const pauseWords = (from: string, to: string | null) => (to ? `${from} to ${to}` : `${from} on`);

/**
 * subscription/pause: a pause from `from` to `to` (until resumed without), refused when it
 * overlaps another (checked with the subscription row locked, so two admins cannot both add
 * one). `extendEnd`: a subscription with an end moves it on by the scheduled days the pause
 * takes. Status Paused when the pause covers today.
 */
export async function pauseSubscription(
  db: Database,
  body: {
    subscriptionId: string;
    from: string;
    to?: string | null;
    reason?: string | null;
    extendEnd?: boolean;
  },
  admin: ChangeAdmin,
) {
  const today = indiaDay();
  if (body.from < today) throw badRequest(`From: ${body.from} is already past.`);
  return db.transaction(async (tx) => {
    const s = await locked(tx, body.subscriptionId);
    if (s.status === 'Ended') {
      throw conflict('This subscription has ended and cannot be paused.');
    }
    const to = body.to ?? null;
    const existing = await pausesOf(tx, s.id);
    const clash = existing.find(
      (p) => (to === null || p.fromDate <= to) && (p.toDate === null || p.toDate >= body.from),
    );
    if (clash) {
      throw conflict(
        `This pause overlaps the pause from ${pauseWords(clash.fromDate, clash.toDate)}. Change or end that one first.`,
      );
    }
    const extendEnd = !!body.extendEnd && !!to && !!s.endDate;
    let endDate = s.endDate;
    if (extendEnd && to && s.endDate) {
      const schedule = scheduleOf(s);
      const taken = scheduledDays(schedule, s.startDate, s.endDate, body.from, to).length;
      // The end moves to the `taken`-th scheduled day after the old end.
      let day = s.endDate;
      for (let found = 0; found < taken;) {
        day = addDays(day, 1);
        if (isScheduledOn(schedule, s.startDate, null, day)) found++;
      }
      endDate = day;
    }
    const [pause] = await tx
      .insert(subscriptionPausesTable)
      .values({
        subscriptionId: s.id,
        fromDate: body.from,
        toDate: to,
        reason: body.reason || null,
        extendEnd,
        adminId: admin?.id ?? null,
      })
      .returning();
    const changes = await settleStatus(tx, s, [...existing, pause!], { endDate });
    await recordChange(
      tx,
      s.id,
      'paused',
      admin,
      { pause: [null, { from: body.from, to }], ...changes },
      body.reason || null,
    );
    return madeOrders(tx, s.id, body.from > today ? body.from : today, to);
  });
}

/**
 * subscription/resume: ends the pause covering today (it then ends yesterday, or is removed
 * when it starts today), else removes the next one.
 */
export async function resumeSubscription(db: Database, id: string, admin: ChangeAdmin) {
  const today = indiaDay();
  return db.transaction(async (tx) => {
    const s = await locked(tx, id);
    if (s.status === 'Ended') throw conflict('This subscription has ended and cannot be resumed.');
    const pauses = await pausesOf(tx, s.id);
    const current = pauses.find((p) => covers(p, today));
    const next = pauses.find((p) => p.fromDate > today);
    const pause = current ?? next;
    if (!pause) throw conflict('This subscription has no current or upcoming pause to end.');
    const was = { from: pause.fromDate, to: pause.toDate };
    let left = pauses.filter((p) => p.id !== pause.id);
    if (pause.fromDate < today) {
      const yesterday = addDays(today, -1);
      await tx
        .update(subscriptionPausesTable)
        .set({ toDate: yesterday })
        .where(eq(subscriptionPausesTable.id, pause.id));
      left = [...left, { ...pause, toDate: yesterday }];
    } else {
      await tx.delete(subscriptionPausesTable).where(eq(subscriptionPausesTable.id, pause.id));
    }
    const changes = await settleStatus(tx, s, left);
    await recordChange(tx, s.id, 'resumed', admin, { pause: [was, null], ...changes });
  });
}

/** The checks skip and unskip share: a known, not ended subscription, a day not past. */
function checkDay(s: typeof subscriptionsTable.$inferSelect, date: string, verb: string) {
  if (s.status === 'Ended') throw conflict(`This subscription has ended: nothing to ${verb}.`);
  if (date < indiaDay()) throw badRequest(`Date: ${date} is already past.`);
}

/** subscription/skip: one scheduled day not delivered. */
export async function skipDay(db: Database, id: string, date: string, admin: ChangeAdmin) {
  return db.transaction(async (tx) => {
    const s = await locked(tx, id);
    checkDay(s, date, 'skip');
    if (!isScheduledOn(scheduleOf(s), s.startDate, s.endDate, date)) {
      throw badRequest(`Date: ${date} is not a scheduled day of this subscription.`);
    }
    const inserted = await tx
      .insert(subscriptionSkipsTable)
      .values({ subscriptionId: s.id, day: date, adminId: admin?.id ?? null })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) throw conflict(`${date} is already skipped.`);
    await recordChange(tx, s.id, 'skipped', admin, { skip: [null, date] });
    return madeOrders(tx, s.id, date, date);
  });
}

/** subscription/unskip: a skipped day delivers again. */
export async function unskipDay(db: Database, id: string, date: string, admin: ChangeAdmin) {
  return db.transaction(async (tx) => {
    const s = await locked(tx, id);
    checkDay(s, date, 'unskip');
    const removed = await tx
      .delete(subscriptionSkipsTable)
      .where(
        and(eq(subscriptionSkipsTable.subscriptionId, s.id), eq(subscriptionSkipsTable.day, date)),
      )
      .returning();
    if (!removed.length) throw notFound(`Date: ${date} is not skipped.`);
    await recordChange(tx, s.id, 'unskipped', admin, { skip: [date, null] });
    return madeOrders(tx, s.id, date, date);
  });
}
