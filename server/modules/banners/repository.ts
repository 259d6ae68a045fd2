import { and, count, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bannersTable, categoriesTable, HOME_BANNER_ID, type RecordStatus } from '../../db/schema';
import { orderBy, tableBatches, type SortKey } from '../../lib/keyset';
import { likePattern } from '../../lib/sql';

export type BannerRow = typeof bannersTable.$inferSelect;

export const BANNER_SORTS = {
  title: bannersTable.title,
  createdAt: bannersTable.createdAt,
} as const;

/** The spec's banner record: the Home banners (no category) answer categoryId 123456789. */
export function toBannerDto(b: BannerRow) {
  return {
    _id: b.id,
    bannerId: b.id,
    title: b.title,
    categoryId: b.categoryId ?? HOME_BANNER_ID,
    imageUrl: b.imageUrls,
    status: b.status,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

/** `null` is the Home banner list. */
export type BannerPlace = string | null;

/** A banner list's place, filter, search and order, without a page. */
export interface BannerListQuery {
  categoryId: BannerPlace;
  status?: RecordStatus;
  search?: string;
  sort: keyof typeof BANNER_SORTS;
  order: 'asc' | 'desc';
}

/** Served by banners_category_idx (category_id, created_at). */
function filterOf(q: BannerListQuery): SQL | undefined {
  const where: SQL[] = [
    q.categoryId === null
      ? isNull(bannersTable.categoryId)
      : eq(bannersTable.categoryId, q.categoryId),
  ];
  if (q.status) where.push(eq(bannersTable.status, q.status));
  if (q.search) where.push(ilike(bannersTable.title, likePattern(q.search)));
  return and(...where);
}

/** The sort, then the id (ascending whatever the sort's direction). */
const sortKeys = (q: BannerListQuery): SortKey[] => [
  { key: BANNER_SORTS[q.sort], order: q.order },
  { key: bannersTable.id, order: 'asc' },
];

export function createBannerRepository(db: Database) {
  return {
    async list(q: BannerListQuery & { page: number; limit: number }) {
      const filter = filterOf(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bannersTable)
          .where(filter)
          .orderBy(...orderBy(sortKeys(q)))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(bannersTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The list for its CSV export, `batchSize` at a time (keyset). */
    exportRows(q: BannerListQuery, batchSize: number) {
      return tableBatches<BannerRow>(db, bannersTable, filterOf(q), sortKeys(q), batchSize);
    },
    async findById(id: string) {
      const [row] = await db.select().from(bannersTable).where(eq(bannersTable.id, id));
      return row;
    },
    async categoryExists(id: string) {
      const [row] = await db
        .select({ id: categoriesTable.id })
        .from(categoriesTable)
        .where(eq(categoriesTable.id, id));
      return Boolean(row);
    },
    async create(values: { title: string; categoryId: BannerPlace; imageUrls: string[] }) {
      const [row] = await db.insert(bannersTable).values(values).returning();
      return row!;
    },
    async update(
      id: string,
      values: { title?: string; categoryId?: BannerPlace; imageUrls?: string[] },
    ) {
      const [row] = await db
        .update(bannersTable)
        .set(values)
        .where(eq(bannersTable.id, id))
        .returning();
      return row;
    },
    async delete(id: string) {
      const [row] = await db.delete(bannersTable).where(eq(bannersTable.id, id)).returning();
      return row;
    },
    async isEmpty() {
      const [row] = await db.select({ n: count() }).from(bannersTable);
      return (row?.n ?? 0) === 0;
    },
  };
}
