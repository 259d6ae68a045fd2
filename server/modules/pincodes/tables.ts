import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type RecordStatus, id, timestamps } from '../../db/columns';

export const PIN_TYPES = ['Home', 'Office', 'Other'] as const;
export type PinType = (typeof PIN_TYPES)[number];

export const pincodesTable = pgTable(
  'pincodes',
  {
    id: id(),
    /** An Indian PIN code: exactly 6 digits. */
    number: text('number').notNull(),
    pinType: text('pin_type').$type<PinType>().notNull().default('Home'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pincodes_number_key').on(t.number),
    index('pincodes_status_created_idx').on(t.status, t.createdAt),
  ],
);
