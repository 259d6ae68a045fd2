import { sql } from 'drizzle-orm';
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
import { subCategoriesTable } from '../subCategories/tables';

export const productsTable = pgTable(
  'products',
  {
    id: id(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    // Laundry items belong to a sub-category; deleting a sub-category in use is refused.
    subCategoryId: text('sub_category_id').references(() => subCategoriesTable.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** Litres, for the water kind only (20 or 25 litre jars). */
    quantity: integer('quantity'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...returnableColumns(),
    ...taxColumns(),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.createdAt),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
