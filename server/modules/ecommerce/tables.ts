import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { type RecordStatus, id, money, timestamps } from '../../db/columns';
import { subCategoriesTable } from '../subCategories/tables';

/**
 * Products of the e-commerce service (household essentials), each in a sub-category of the
 * category of kind `ecommerce`. `noOfSolds` is how many were sold.
 */
export const ecommerceProductsTable = pgTable(
  'ecommerce_products',
  {
    id: id(),
    subCategoryId: text('sub_category_id')
      .notNull()
      .references(() => subCategoriesTable.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    brandName: text('brand_name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    noOfSolds: integer('no_of_solds').notNull().default(0),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    index('ecommerce_products_created_idx').on(t.createdAt, t.id),
    index('ecommerce_products_sub_category_idx').on(t.subCategoryId, t.createdAt),
    index('ecommerce_products_sold_idx').on(t.noOfSolds, t.id),
    index('ecommerce_products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('ecommerce_products_brand_trgm_idx').using('gin', sql`${t.brandName} gin_trgm_ops`),
  ],
);
