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
    /** The locality the PIN code serves (issue 37), e.g. `Andheri West`; '' when not given. */
    area: text('area').notNull().default(''),
    /** Its city, e.g. `Mumbai`; '' when not given. */
    city: text('city').notNull().default(''),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pincodes_number_key').on(t.number),
    index('pincodes_status_created_idx').on(t.status, t.createdAt),
  ],
);
