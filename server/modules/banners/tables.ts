import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { type RecordStatus, id, timestamps } from '../../db/columns';
import { categoriesTable } from '../categories/tables';

/** The banner list of the Home page has no category: the API shows it as 123456789. */
export const HOME_BANNER_ID = '123456789';

export const bannersTable = pgTable(
  'banners',
  {
    id: id(),
    title: text('title').notNull(),
    /** Null for the Home banners. */
    categoryId: text('category_id').references(() => categoriesTable.id, { onDelete: 'restrict' }),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [index('banners_category_idx').on(t.categoryId, t.createdAt)],
);
