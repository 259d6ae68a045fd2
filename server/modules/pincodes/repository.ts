import { and, asc, count, desc, eq, like, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pincodesTable, type PinType, type RecordStatus } from '../../db/schema';

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
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** Digits only, so a prefix pattern needs no escaping. */
const prefixPattern = (digits: string) => `${digits}%`;

export function createPincodeRepository(db: Database) {
  return {
    async list(q: {
      status?: RecordStatus;
      /** Digits the number starts with. */
      prefix?: string;
      sort: keyof typeof PINCODE_SORTS;
      order: 'asc' | 'desc';
      page: number;
      limit: number;
    }) {
      const where: SQL[] = [];
      if (q.status) where.push(eq(pincodesTable.status, q.status));
      if (q.prefix) where.push(like(pincodesTable.number, prefixPattern(q.prefix)));
      const filter = and(...where);
      const direction = q.order === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(pincodesTable)
          .where(filter)
          .orderBy(direction(PINCODE_SORTS[q.sort]), asc(pincodesTable.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(pincodesTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async findById(id: string) {
      const [row] = await db.select().from(pincodesTable).where(eq(pincodesTable.id, id));
      return row;
    },
    async create(values: { number: string; pinType: PinType }) {
      const [row] = await db.insert(pincodesTable).values(values).returning();
      return row!;
    },
    async update(id: string, values: { number: string; pinType?: PinType }) {
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
