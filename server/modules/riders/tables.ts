import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type RecordStatus, id, money, timestamps } from '../../db/columns';

/** A rider's working hours: the morning round, the evening round, or both. */
export type RiderShift = 'Morning' | 'Evening' | 'Both';
/** The round a job goes out in (a job's shift is never Both). */
export type RunShift = 'Morning' | 'Evening';

/**
 * Delivery riders (issue 15): who takes the jobs of which pin codes, in which shift. A few
 * hundred at most, so the list pages with OFFSET; the pin codes are a GIN-indexed array so
 * "who serves 560001" is a lookup.
 */
export const ridersTable = pgTable(
  'riders',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    vehicle: text('vehicle').notNull().default(''),
    pincodes: text('pincodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shift: text('shift').$type<RiderShift>().notNull().default('Both'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    /** The rider app's PIN (issue 40), hashed as passwords are; null until an admin sets one. */
    pinHash: text('pin_hash'),
    pinSetAt: timestamp('pin_set_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('riders_phone_key').on(t.phone),
    index('riders_name_idx').on(t.name, t.id),
    index('riders_pincodes_idx').using('gin', t.pincodes),
  ],
);

/**
 * Cash handed in by a rider for a day's cash-on-delivery runs: one row per hand-in, never
 * edited (the day's total is their sum). The rider's name is kept so the record survives the
 * rider's deletion.
 */
export const riderCashSettlementsTable = pgTable(
  'rider_cash_settlements',
  {
    id: id(),
    riderId: text('rider_id').references(() => ridersTable.id, { onDelete: 'set null' }),
    riderName: text('rider_name').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    settledBy: text('settled_by'),
    settledByName: text('settled_by_name'),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rider_cash_settlements_day_idx').on(t.runDate, t.riderId)],
);
