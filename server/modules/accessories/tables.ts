import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  type RecordStatus,
  id,
  money,
  returnableColumns,
  taxColumns,
  timestamps,
} from '../../db/columns';
import { categoriesTable } from '../categories/tables';

export const accessoriesTable = pgTable(
  'accessories',
  {
    id: id(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    material: text('material').notNull(),
    imageUrl: text('image_url').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...returnableColumns(),
    ...taxColumns(),
    ...timestamps,
  },
  (t) => [index('accessories_category_idx').on(t.categoryId, t.createdAt)],
);
