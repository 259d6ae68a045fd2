import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns';

/*
 * The day's deliveries (issue 35): at the cut-off each subscription due the next day becomes an
 * order (the subscriptions module's tables); holidays stop a day; every run is recorded.
 */

/** A day without deliveries, for the whole business (no pin codes) or for the pin codes listed. */
export const holidaysTable = pgTable(
  'holidays',
  {
    id: id(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** Empty: every pin code. */
    pincodes: text('pincodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Paid plans due that day end one scheduled day later. */
    extendPlans: boolean('extend_plans').notNull().default(false),
    adminId: text('admin_id'),
    ...timestamps,
  },
  (t) => [index('holidays_day_idx').on(t.day)],
);

/** The roster's settings, one row (id 'default'). */
export const rosterSettingsTable = pgTable('subscription_settings', {
  id: text('id').primaryKey().default('default'),
  /** India time (HH:MM) at which the next day's deliveries are made. */
  cutoff: text('cutoff').notNull().default('21:00'),
  updatedAt: timestamps.updatedAt,
});

export type RosterRunTrigger = 'clock' | 'admin';
export type RosterRunStatus = 'running' | 'done' | 'failed';

/** Every run that made a day's deliveries: when, who or the clock, how many made and skipped. */
export const rosterRunsTable = pgTable(
  'roster_runs',
  {
    id: id(),
    /** The delivery day made. */
    day: date('day', { mode: 'string' }).notNull(),
    trigger: text('trigger').$type<RosterRunTrigger>().notNull(),
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    status: text('status').$type<RosterRunStatus>().notNull().default('running'),
    generated: integer('generated').notNull().default(0),
    /** Due that day but not made, by reason: { paused: 12, skipped: 3, holiday: 40, ... }. */
    skipped: jsonb('skipped').$type<Record<string, number>>().notNull().default({}),
    /** Already made by an earlier run (a second run of a day makes nothing). */
    alreadyMade: integer('already_made').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('roster_runs_started_idx').on(t.startedAt, t.id),
    index('roster_runs_day_idx').on(t.day, t.startedAt),
  ],
);
