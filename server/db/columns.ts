import { boolean, numeric, text, timestamp } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

// The column helpers every module's tables.ts shares (ids, timestamps, money, tax, deposits).

/** Text ids (UUIDv7: sortable by creation), exposed to the panel as `_id`. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export type RecordStatus = 'Active' | 'Inactive';

/**
 * GST classification (issue 16): the HSN (goods) or SAC (services) code and the GST rate in
 * percent. Set on a category as its default; a product or accessory may set its own. Null: not
 * set (the invoice then falls back to the category, then to the delivery settings' GST).
 */
export const taxColumns = () => ({
  hsnCode: text('hsn_code'),
  gstRate: numeric('gst_rate', { precision: 5, scale: 2 }),
});

/**
 * Returnable containers (issue 16): a product or accessory that goes out full and comes back
 * empty (water jars, oxygen cylinders), and the refundable deposit held per unit.
 */
export const returnableColumns = () => ({
  returnable: boolean('returnable').notNull().default(false),
  deposit: numeric('deposit', { precision: 12, scale: 2 }).notNull().default('0'),
});

/** Money: numeric, never float. Drizzle reads it as a string; DTOs turn it into a number. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
