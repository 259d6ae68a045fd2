import { and, asc, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bannersTable, categoriesTable, HOME_BANNER_ID, type RecordStatus } from '../../db/schema';
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

export function createBannerRepository(db: Database) {
  return {
    async list(q: {
      categoryId: BannerPlace;
      status?: RecordStatus;
      search?: string;
      sort: keyof typeof BANNER_SORTS;
      order: 'asc' | 'desc';
      page: number;
      limit: number;
    }) {
      // Served by banners_category_idx (category_id, created_at).
      const where: SQL[] = [
        q.categoryId === null
          ? isNull(bannersTable.categoryId)
          : eq(bannersTable.categoryId, q.categoryId),
      ];
      if (q.status) where.push(eq(bannersTable.status, q.status));
      if (q.search) where.push(ilike(bannersTable.title, likePattern(q.search)));
      const filter = and(...where);
      const direction = q.order === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bannersTable)
          .where(filter)
          .orderBy(direction(BANNER_SORTS[q.sort]), asc(bannersTable.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(bannersTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
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
