import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plansTable, type RecordStatus } from '../../db/schema';
import { fromMoney, toMoney } from '../../lib/money';
import { likePattern } from '../../lib/sql';

export type PlanRow = typeof plansTable.$inferSelect;

export const PLAN_SORTS = {
  name: plansTable.name,
  duration: plansTable.duration,
  price: plansTable.price,
  createdAt: plansTable.createdAt,
} as const;

export interface PlanValues {
  name: string;
  /** Days. */
  duration: number;
  /** Rupees. */
  price: number;
}

export function toPlanDto(p: PlanRow) {
  return {
    _id: p.id,
    name: p.name,
    duration: p.duration,
    price: toMoney(p.price),
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const toColumns = (v: PlanValues) => ({ ...v, price: fromMoney(v.price) });

export function createPlanRepository(db: Database) {
  return {
    async list(q: {
      status?: RecordStatus;
      search?: string;
      sort: keyof typeof PLAN_SORTS;
      order: 'asc' | 'desc';
      page: number;
      limit: number;
    }) {
      const where: SQL[] = [];
      if (q.status) where.push(eq(plansTable.status, q.status));
      if (q.search) where.push(ilike(plansTable.name, likePattern(q.search)));
      const filter = and(...where);
      const direction = q.order === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(plansTable)
          .where(filter)
          .orderBy(direction(PLAN_SORTS[q.sort]), asc(plansTable.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(plansTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async findById(id: string) {
      const [row] = await db.select().from(plansTable).where(eq(plansTable.id, id));
      return row;
    },
    async create(values: PlanValues) {
      const [row] = await db.insert(plansTable).values(toColumns(values)).returning();
      return row!;
    },
    async update(id: string, values: PlanValues) {
      const [row] = await db
        .update(plansTable)
        .set(toColumns(values))
        .where(eq(plansTable.id, id))
        .returning();
      return row;
    },
    async remove(id: string) {
      const [row] = await db.delete(plansTable).where(eq(plansTable.id, id)).returning();
      return row;
    },
  };
}
