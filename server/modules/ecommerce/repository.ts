import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  categoriesTable,
  ecommerceProductsTable,
  subCategoriesTable,
  type RecordStatus,
} from '../../db/schema';
import { toMoney } from '../../lib/money';
import { likePattern } from '../../lib/sql';

export type EcommerceProductRow = typeof ecommerceProductsTable.$inferSelect;
type SubCategoryRow = typeof subCategoriesTable.$inferSelect;

/** Text sorts ignore case, so 'Glass and ...' comes before 'Glass Mixing ...' on any collation. */
export const PRODUCT_SORTS = {
  createdAt: ecommerceProductsTable.createdAt,
  title: sql`lower(${ecommerceProductsTable.title})`,
  brandName: sql`lower(${ecommerceProductsTable.brandName})`,
  noOfSolds: ecommerceProductsTable.noOfSolds,
  price: ecommerceProductsTable.price,
} as const;

/** Sorts of the e-commerce categories list (the sub-categories of the E-commerce category). */
export const ECOMMERCE_CATEGORY_SORTS = {
  name: subCategoriesTable.name,
  title: subCategoriesTable.title,
  createdAt: subCategoriesTable.createdAt,
} as const;

export function toProductDto(
  p: EcommerceProductRow,
  category: { id: string; name: string } | null,
) {
  return {
    _id: p.id,
    title: p.title,
    brandName: p.brandName,
    description: p.description,
    image: p.image,
    price: toMoney(p.price) ?? 0,
    discountPrice: toMoney(p.discountPrice) ?? 0,
    stockQuantity: p.stockQuantity,
    noOfSolds: p.noOfSolds,
    status: p.status,
    category: category ? { _id: category.id, name: category.name } : null,
    createdAt: p.createdAt,
  };
}

export function toEcommerceCategoryDto(s: SubCategoryRow, productCount: number) {
  return {
    _id: s.id,
    name: s.name,
    title: s.title,
    description: s.description,
    image: s.image,
    status: s.status,
    productCount,
    createdAt: s.createdAt,
  };
}

interface Paging {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
}

export function createEcommerceRepository(db: Database) {
  /**
   * Ids of the products whose title or brand contains the text: one trigram-indexed lookup per
   * column joined by UNION (an OR across the two columns would ignore both indexes).
   */
  const searchIds = (search: string) => {
    const pattern = likePattern(search);
    const byColumn = (where: SQL) =>
      db.select({ id: ecommerceProductsTable.id }).from(ecommerceProductsTable).where(where);
    return union(
      byColumn(ilike(ecommerceProductsTable.title, pattern)),
      byColumn(ilike(ecommerceProductsTable.brandName, pattern)),
    );
  };

  return {
    async listProducts(
      q: Paging & { status?: RecordStatus; search?: string; sort: keyof typeof PRODUCT_SORTS },
    ) {
      const where: SQL[] = [];
      if (q.status) where.push(eq(ecommerceProductsTable.status, q.status));
      if (q.search) where.push(inArray(ecommerceProductsTable.id, searchIds(q.search)));
      const filter = and(...where);
      const direction = q.order === 'desc' ? desc : asc;
      // The catalogue is small (hundreds of rows), so count(*) and OFFSET stay cheap here.
      const [rows, [total]] = await Promise.all([
        db
          .select({
            product: ecommerceProductsTable,
            category: { id: subCategoriesTable.id, name: subCategoriesTable.name },
          })
          .from(ecommerceProductsTable)
          .leftJoin(
            subCategoriesTable,
            eq(subCategoriesTable.id, ecommerceProductsTable.subCategoryId),
          )
          .where(filter)
          .orderBy(direction(PRODUCT_SORTS[q.sort]), direction(ecommerceProductsTable.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(ecommerceProductsTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The e-commerce product categories: the sub-categories of the category of kind `ecommerce`,
     * each with its number of products. No such category: an empty list.
     */
    async listCategories(
      q: Paging & {
        status?: RecordStatus;
        search?: string;
        sort: keyof typeof ECOMMERCE_CATEGORY_SORTS;
      },
    ) {
      const [parent] = await db
        .select({ id: categoriesTable.id })
        .from(categoriesTable)
        .where(eq(categoriesTable.kind, 'ecommerce'));
      if (!parent) return { rows: [], total: 0 };

      // Read through sub_categories_category_idx; a category has a handful of sub-categories.
      const where: SQL[] = [eq(subCategoriesTable.categoryId, parent.id)];
      if (q.status) where.push(eq(subCategoriesTable.status, q.status));
      if (q.search) where.push(ilike(subCategoriesTable.name, likePattern(q.search)));
      const filter = and(...where);
      const direction = q.order === 'desc' ? desc : asc;
      const [page, [total]] = await Promise.all([
        db
          .select()
          .from(subCategoriesTable)
          .where(filter)
          .orderBy(direction(ECOMMERCE_CATEGORY_SORTS[q.sort]), direction(subCategoriesTable.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(subCategoriesTable).where(filter),
      ]);

      // One grouped count for the page (ecommerce_products_sub_category_idx).
      const counts = new Map<string, number>();
      if (page.length) {
        const grouped = await db
          .select({ id: ecommerceProductsTable.subCategoryId, n: count() })
          .from(ecommerceProductsTable)
          .where(
            inArray(
              ecommerceProductsTable.subCategoryId,
              page.map((s) => s.id),
            ),
          )
          .groupBy(ecommerceProductsTable.subCategoryId);
        for (const g of grouped) counts.set(g.id, g.n);
      }
      return {
        rows: page.map((s) => ({ subCategory: s, productCount: counts.get(s.id) ?? 0 })),
        total: total?.n ?? 0,
      };
    },
  };
}
