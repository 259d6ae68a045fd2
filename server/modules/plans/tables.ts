import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { type RecordStatus, id, money, timestamps } from '../../db/columns';

/** Tiffin meal plans. */
export const plansTable = pgTable(
  'plans',
  {
    id: id(),
    name: text('name').notNull(),
    /** Days. */
    duration: integer('duration').notNull(),
    price: money('price').notNull(),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [index('plans_created_idx').on(t.createdAt)],
);
