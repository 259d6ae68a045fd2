import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { type RecordStatus, id, timestamps } from '../../db/columns';
import { categoriesTable } from '../categories/tables';

export const subCategoriesTable = pgTable(
  'sub_categories',
  {
    id: id(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [index('sub_categories_category_idx').on(t.categoryId, t.createdAt)],
);
