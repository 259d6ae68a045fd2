import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categoriesTable, type CategoryKind, type RecordStatus } from '../../db/schema';
import { orderBy, tableBatches, type SortKey } from '../../lib/keyset';
import { likePattern } from '../../lib/sql';
import { taxOf, type TaxColumns } from '../products/tax';

export type CategoryRow = typeof categoriesTable.$inferSelect;

export const CATEGORY_SORTS = {
  name: categoriesTable.name,
  title: categoriesTable.title,
  createdAt: categoriesTable.createdAt,
  kind: categoriesTable.kind,
} as const;

export function toCategoryDto(c: CategoryRow) {
  return {
    _id: c.id,
    name: c.name,
    title: c.title,
    description: c.description,
    image: c.image,
    kind: c.kind,
    ...taxOf(c),
    status: c.status,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The list's filter, search and order, without a page. */
export interface CategoryListQuery {
  status?: RecordStatus;
  search?: string;
  sort: keyof typeof CATEGORY_SORTS;
  order: 'asc' | 'desc';
}

function filterOf(q: CategoryListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(categoriesTable.status, q.status));
  if (q.search) where.push(ilike(categoriesTable.name, likePattern(q.search)));
  return and(...where);
}

/** The sort, then the id (ascending whatever the sort's direction). */
const sortKeys = (q: CategoryListQuery): SortKey[] => [
  { key: CATEGORY_SORTS[q.sort], order: q.order },
  { key: categoriesTable.id, order: 'asc' },
];

export function createCategoryRepository(db: Database) {
  return {
    async list(q: CategoryListQuery & { page: number; limit: number }) {
      const filter = filterOf(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(categoriesTable)
          .where(filter)
          .orderBy(...orderBy(sortKeys(q)))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(categoriesTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The list for its CSV export, `batchSize` at a time (keyset). */
    exportRows(q: CategoryListQuery, batchSize: number) {
      return tableBatches<CategoryRow>(db, categoriesTable, filterOf(q), sortKeys(q), batchSize);
    },
    async findById(id: string) {
      const [row] = await db.select().from(categoriesTable).where(eq(categoriesTable.id, id));
      return row;
    },
    async create(
      values: {
        name: string;
        title: string;
        description: string;
        image: string;
        kind: CategoryKind;
      } & TaxColumns,
    ) {
      const [row] = await db.insert(categoriesTable).values(values).returning();
      return row!;
    },
    async update(
      id: string,
      values: {
        title: string;
        description: string;
        image?: string;
        status?: RecordStatus;
      } & TaxColumns,
    ) {
      const [row] = await db
        .update(categoriesTable)
        .set(values)
        .where(eq(categoriesTable.id, id))
        .returning();
      return row;
    },
    async isEmpty() {
      const [row] = await db.select({ n: count() }).from(categoriesTable);
      return (row?.n ?? 0) === 0;
    },
  };
}
