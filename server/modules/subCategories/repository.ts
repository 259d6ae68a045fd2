import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/errors';
import { productsTable, subCategoriesTable, type RecordStatus } from '../../db/schema';

export type SubCategoryRow = typeof subCategoriesTable.$inferSelect;

export function toSubCategoryDto(s: SubCategoryRow) {
  return {
    _id: s.id,
    name: s.name,
    title: s.title,
    description: s.description,
    image: s.image,
    categoryId: s.categoryId,
    status: s.status,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export function createSubCategoryRepository(db: Database) {
  return {
    /** Served by sub_categories_category_idx; bounded by `limit`. */
    listByCategory(categoryId: string, limit: number) {
      return db
        .select()
        .from(subCategoriesTable)
        .where(eq(subCategoriesTable.categoryId, categoryId))
        .orderBy(asc(subCategoriesTable.createdAt), asc(subCategoriesTable.id))
        .limit(limit);
    },
    async findById(id: string) {
      const [row] = await db.select().from(subCategoriesTable).where(eq(subCategoriesTable.id, id));
      return row;
    },
    async create(values: {
      categoryId: string;
      name: string;
      title: string;
      description: string;
      image: string;
    }) {
      const [row] = await db.insert(subCategoriesTable).values(values).returning();
      return row!;
    },
    async update(
      id: string,
      values: {
        name: string;
        title: string;
        description: string;
        image?: string;
        status?: RecordStatus;
      },
    ) {
      const [row] = await db
        .update(subCategoriesTable)
        .set(values)
        .where(eq(subCategoriesTable.id, id))
        .returning();
      return row;
    },
    /** Products filed under the sub-category (products_sub_category_idx). */
    async productCount(id: string) {
      const [row] = await db
        .select({ n: count() })
        .from(productsTable)
        .where(eq(productsTable.subCategoryId, id));
      return row?.n ?? 0;
    },
    async remove(id: string) {
      const [row] = await db
        .delete(subCategoriesTable)
        .where(eq(subCategoriesTable.id, id))
        .returning();
      return row;
    },
    /**
     * Deletes a sub-category unless products are filed under it: then it stays, and how many
     * are is answered instead. The foreign key catches a product filed under it between the
     * count and the delete.
     */
    async removeUnlessUsed(id: string): Promise<{ removed: true } | { inUse: number }> {
      const used = await this.productCount(id);
      if (used > 0) return { inUse: used };
      try {
        await this.remove(id);
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        return { inUse: await this.productCount(id) };
      }
      return { removed: true };
    },
  };
}
