import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/**
 * The business's details for its tax invoices (issue 16), one row (id 'default'). `stateCode`
 * is the GSTIN's first two digits; `overdueDays` is when returnables count as overdue.
 */
export const businessSettingsTable = pgTable('business_settings', {
  id: text('id').primaryKey().default('default'),
  legalName: text('legal_name').notNull(),
  tradeName: text('trade_name').notNull().default(''),
  gstin: text('gstin').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  stateCode: text('state_code').notNull(),
  pincode: text('pincode').notNull(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  invoicePrefix: text('invoice_prefix').notNull(),
  overdueDays: integer('overdue_days').notNull().default(30),
  updatedBy: text('updated_by'),
  updatedAt: timestamps.updatedAt,
});
