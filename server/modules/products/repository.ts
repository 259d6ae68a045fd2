import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categoriesTable, productsTable, type RecordStatus } from '../../db/schema';
import { isForeignKeyViolation } from '../../lib/errors';
import { fromMoney, toMoney } from '../../lib/money';
import { countOrdersOf } from '../orders/repository';
import { returnableOf, taxOf, type ItemTaxColumns } from './tax';

export type ProductRow = typeof productsTable.$inferSelect & { categoryName: string };

/** The spec's product: money as numbers, the category as `{ _id, name }` on views. */
export function toProductDto(p: ProductRow) {
  return {
    _id: p.id,
    name: p.name,
    title: p.title,
    description: p.description,
    image: p.image,
    price: toMoney(p.price),
    discountPrice: toMoney(p.discountPrice),
    stockQuantity: p.stockQuantity,
    quantity: p.quantity,
    subCategoryId: p.subCategoryId,
    categoryId: { _id: p.categoryId, name: p.categoryName },
    ...returnableOf(p),
    ...taxOf(p),
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export interface ProductValues extends ItemTaxColumns {
  name: string;
  title: string;
  description: string;
  price: number;
  discountPrice: number;
  stockQuantity: number;
  quantity: number | null;
  subCategoryId: string | null;
  status?: RecordStatus;
}

function toColumns<T extends ProductValues>(v: T) {
  return { ...v, price: fromMoney(v.price), discountPrice: fromMoney(v.discountPrice) };
}

export function createProductRepository(db: Database) {
  const withCategory = () =>
    db
      .select({ ...getTableColumns(productsTable), categoryName: categoriesTable.name })
      .from(productsTable)
      .innerJoin(categoriesTable, eq(categoriesTable.id, productsTable.categoryId));

  async function findById(id: string): Promise<ProductRow | undefined> {
    const [row] = await withCategory().where(eq(productsTable.id, id));
    return row;
  }

  return {
    findById,
    /** Served by products_category_idx; bounded by `limit`. */
    listByCategory(categoryId: string, limit: number): Promise<ProductRow[]> {
      return withCategory()
        .where(eq(productsTable.categoryId, categoryId))
        .orderBy(asc(productsTable.createdAt), asc(productsTable.id))
        .limit(limit);
    },
    async create(values: ProductValues & { categoryId: string; image: string }) {
      const [row] = await db.insert(productsTable).values(toColumns(values)).returning();
      return (await findById(row!.id))!;
    },
    async update(id: string, values: ProductValues & { image?: string }) {
      const [row] = await db
        .update(productsTable)
        .set(toColumns(values))
        .where(eq(productsTable.id, id))
        .returning({ id: productsTable.id });
      return row ? findById(row.id) : undefined;
    },
    /**
     * Deletes a product unless orders name it: then it stays, and how many orders name it is
     * answered instead (to explain the refusal).
     */
    async removeUnlessOrdered(id: string): Promise<{ removed: boolean } | { inOrders: number }> {
      try {
        const [row] = await db
          .delete(productsTable)
          .where(eq(productsTable.id, id))
          .returning({ id: productsTable.id });
        return { removed: row !== undefined };
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        return { inOrders: await countOrdersOf(db, { productId: id }) };
      }
    },
  };
}
