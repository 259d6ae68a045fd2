import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { nextScheduledDay } from '@shared/schedule';
import type { ScheduleKind } from '@shared/schedule';
import type { Database, Transaction } from '../../db/client';
import { holidaysTable } from './tables';

export type HolidayRow = typeof holidaysTable.$inferSelect;

/** Holidays counted exactly up to this many. */
const COUNT_CAP = 10_000;
/** Plans extended per statement. */
const EXTEND_BATCH = 1000;

export function toHolidayDto(row: HolidayRow) {
  return {
    _id: row.id,
    day: row.day,
    name: row.name,
    pincodes: row.pincodes,
    extendPlans: row.extendPlans,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewHoliday {
  day: string;
  name: string;
  pincodes: string[];
  extendPlans: boolean;
  admin: { id: string; name: string };
}

/** Holidays: days without deliveries, for every pin code or those listed. */
export function createHolidayRepository(db: Database) {
  return {
    /** By day (holidays_day_idx), then id. */
    async list(filter: { from?: string; to?: string }, page: number, limit: number) {
      const where: SQL[] = [];
      if (filter.from) where.push(gte(holidaysTable.day, filter.from));
      if (filter.to) where.push(lte(holidaysTable.day, filter.to));
      const condition = where.length ? and(...where) : undefined;
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(holidaysTable)
          .where(condition)
          .orderBy(asc(holidaysTable.day), asc(holidaysTable.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(holidaysTable)
            .where(condition)
            .limit(COUNT_CAP)
            .as('h'),
        ),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },

    /**
     * Adds a holiday; with `extendPlans`, each tiffin plan (a subscription with a plan and an
     * end) due that day on those pin codes, not paused or skipped then, ends one scheduled day
     * later, with a history row: all in one transaction. Answers the holiday and how many plans.
     */
    async add(values: NewHoliday): Promise<{ holiday: HolidayRow; extended: number }> {
      return db.transaction(async (tx) => {
        const [holiday] = await tx
          .insert(holidaysTable)
          .values({
            day: values.day,
            name: values.name,
            pincodes: values.pincodes,
            extendPlans: values.extendPlans,
            adminId: values.admin.id,
          })
          .returning();
        const extended = values.extendPlans ? await extendPlans(tx, holiday!, values.admin) : 0;
        return { holiday: holiday!, extended };
      });
    },

    async remove(id: string): Promise<HolidayRow | undefined> {
      const [row] = await db.delete(holidaysTable).where(eq(holidaysTable.id, id)).returning();
      return row;
    },
  };
}

interface PlanDue extends Record<string, unknown> {
  id: string;
  schedule_kind: ScheduleKind;
  weekdays: number[];
  interval_days: number;
  start_date: string;
  end_date: string;
}

async function extendPlans(
  tx: Transaction,
  holiday: HolidayRow,
  admin: { id: string; name: string },
): Promise<number> {
  const day = holiday.day;
  const onPincodes = holiday.pincodes.length
    ? sql`AND s.pincode = ANY (${sql.param(holiday.pincodes)}::text[])`
    : sql``;
  const { rows } = await tx.execute<PlanDue>(sql`
    SELECT s.id, s.schedule_kind, s.weekdays, s.interval_days, s.start_date::text AS start_date,
      s.end_date::text AS end_date
    FROM subscriptions s
    WHERE s.plan_id IS NOT NULL AND s.end_date IS NOT NULL AND s.status <> 'Ended'
      AND s.start_date <= ${day}::date AND s.end_date >= ${day}::date
      AND CASE WHEN s.schedule_kind = 'weekdays'
        THEN extract(isodow FROM ${day}::date)::int = ANY (s.weekdays)
        ELSE (${day}::date - s.start_date) % greatest(s.interval_days, 1) = 0 END
      ${onPincodes}
      AND NOT EXISTS (SELECT 1 FROM subscription_pauses sp WHERE sp.subscription_id = s.id
        AND sp.from_date <= ${day}::date AND (sp.to_date IS NULL OR sp.to_date >= ${day}::date))
      AND NOT EXISTS (SELECT 1 FROM subscription_skips sk WHERE sk.subscription_id = s.id
        AND sk.day = ${day}::date)
    FOR UPDATE OF s`);
  const moves = rows.flatMap((r) => {
    const schedule = {
      kind: r.schedule_kind,
      weekdays: r.weekdays,
      everyNDays: r.interval_days,
    };
    const next = nextScheduledDay(schedule, r.start_date, r.end_date);
    return next ? [{ id: r.id, from: r.end_date, to: next }] : [];
  });
  const note = `Holiday ${holiday.name} on ${day}: ends one delivery later`;
  for (let i = 0; i < moves.length; i += EXTEND_BATCH) {
    const chunk = moves.slice(i, i + EXTEND_BATCH);
    const ids = chunk.map((m) => m.id);
    const ends = chunk.map((m) => m.to);
    await tx.execute(sql`
      UPDATE subscriptions s SET end_date = v.end_date, updated_at = now()
      FROM unnest(${sql.param(ids)}::text[], ${sql.param(ends)}::date[]) AS v(id, end_date)
      WHERE s.id = v.id`);
    await tx.execute(sql`
      INSERT INTO subscription_changes (subscription_id, action, changes, note, admin_id, admin_name)
      SELECT v.id, 'extended', jsonb_build_object('endDate', jsonb_build_array(v.old_end, v.new_end)),
        ${note}, ${admin.id}, ${admin.name}
      FROM unnest(
        ${sql.param(ids)}::text[],
        ${sql.param(chunk.map((m) => m.from))}::text[],
        ${sql.param(ends)}::text[]
      )
        AS v(id, old_end, new_end)`);
  }
  return moves.length;
}
