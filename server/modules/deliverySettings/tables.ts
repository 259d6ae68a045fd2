import { integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { money, timestamps } from '../../db/columns';

/** Settings kept as one row each (id 'default'). */
export const deliveryChargesTable = pgTable('delivery_charges', {
  id: text('id').primaryKey().default('default'),
  standardCharge: money('standard_charge').notNull(),
  emergencyCharge: money('emergency_charge').notNull(),
  /** Percent. */
  gst: numeric('gst', { precision: 5, scale: 2 }).notNull(),
  updatedAt: timestamps.updatedAt,
});

export const deliveryTimesTable = pgTable('delivery_times', {
  id: text('id').primaryKey().default('default'),
  pickupTime: jsonb('pickup_time').$type<string[]>().notNull().default([]),
  deliveryTime: jsonb('delivery_time').$type<string[]>().notNull().default([]),
  gapHours: integer('gap_hours').notNull().default(0),
  /**
   * An open emergency this old (minutes since it was placed) raises the panel's "running late"
   * alert and counts as a breach in report/emergencies (issue 40): 90 of a 2-hour promise.
   */
  emergencyAlertMinutes: integer('emergency_alert_minutes').notNull().default(90),
  updatedAt: timestamps.updatedAt,
});
