import { and, count, eq, getTableColumns, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pincodesTable, type PinType, type RecordStatus } from '../../db/schema';
import { orderBy, tableBatches, type SortKey } from '../../lib/keyset';

export type PincodeRow = typeof pincodesTable.$inferSelect;

export const PINCODE_SORTS = {
  number: pincodesTable.number,
  pinType: pincodesTable.pinType,
  createdAt: pincodesTable.createdAt,
} as const;

export function toPincodeDto(p: PincodeRow) {
  return {
    _id: p.id,
    number: p.number,
    pinType: p.pinType,
    area: p.area,
    city: p.city,
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** Digits only, so a prefix pattern needs no escaping. */
const prefixPattern = (digits: string) => `${digits}%`;

/** The pin code list's filter and order, without a page. */
export interface PincodeListQuery {
  status?: RecordStatus;
  /** Digits the number starts with. */
  prefix?: string;
  /** Words found in the area or the city (issue 37). */
  place?: string;
  sort: keyof typeof PINCODE_SORTS;
  order: 'asc' | 'desc';
}

function filterOf(q: PincodeListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(pincodesTable.status, q.status));
  if (q.prefix) where.push(like(pincodesTable.number, prefixPattern(q.prefix)));
  // The pin codes of a service area are a few hundred rows at most: matched in one pass.
  if (q.place) {
    const pattern = `%${q.place.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(pincodesTable.area, pattern), ilike(pincodesTable.city, pattern))!);
  }
  return and(...where);
}

/** The sort, then the id (ascending whatever the sort's direction). */
const sortKeys = (q: PincodeListQuery): SortKey[] => [
  { key: PINCODE_SORTS[q.sort], order: q.order },
  { key: pincodesTable.id, order: 'asc' },
];

export function createPincodeRepository(db: Database) {
  return {
    async list(q: PincodeListQuery & { page: number; limit: number }) {
      const filter = filterOf(q);
      const counted = db.select({ n: count() }).from(pincodesTable).where(filter);
      // The total with the page, one statement (one round trip, a third of the call's CPU with
      // the driver's and drizzle's share, issue 39); a page past the end asks it apart.
      const found = await db
        .select({
          ...getTableColumns(pincodesTable),
          total: sql<number>`(${counted})`.mapWith(Number),
        })
        .from(pincodesTable)
        .where(filter)
        .orderBy(...orderBy(sortKeys(q)))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      if (!found.length) return { rows: [], total: (await counted)[0]?.n ?? 0 };
      return { rows: found.map(({ total: _total, ...row }) => row), total: found[0]!.total };
    },
    /** The list for its CSV export, `batchSize` at a time (keyset). */
    exportRows(q: PincodeListQuery, batchSize: number) {
      return tableBatches<PincodeRow>(db, pincodesTable, filterOf(q), sortKeys(q), batchSize);
    },
    async findById(id: string) {
      const [row] = await db.select().from(pincodesTable).where(eq(pincodesTable.id, id));
      return row;
    },
    async create(values: { number: string; pinType: PinType; area?: string; city?: string }) {
      const [row] = await db.insert(pincodesTable).values(values).returning();
      return row!;
    },
    async update(
      id: string,
      values: { number: string; pinType?: PinType; area?: string; city?: string },
    ) {
      const [row] = await db
        .update(pincodesTable)
        .set(values)
        .where(eq(pincodesTable.id, id))
        .returning();
      return row;
    },
    async remove(id: string) {
      const [row] = await db.delete(pincodesTable).where(eq(pincodesTable.id, id)).returning();
      return row;
    },
  };
}
