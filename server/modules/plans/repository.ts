import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plansTable, type RecordStatus } from '../../db/schema';
import { isForeignKeyViolation } from '../../lib/errors';
import { fromMoney, toMoney } from '../../lib/money';
import { orderBy, tableBatches, type SortKey } from '../../lib/keyset';
import { likePattern } from '../../lib/sql';
import { countOrdersOf } from '../orders/repository';

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

/** The list's filter, search and order, without a page. */
export interface PlanListQuery {
  status?: RecordStatus;
  search?: string;
  sort: keyof typeof PLAN_SORTS;
  order: 'asc' | 'desc';
}

function filterOf(q: PlanListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(plansTable.status, q.status));
  if (q.search) where.push(ilike(plansTable.name, likePattern(q.search)));
  return and(...where);
}

/** The sort, then the id (ascending whatever the sort's direction). */
const sortKeys = (q: PlanListQuery): SortKey[] => [
  { key: PLAN_SORTS[q.sort], order: q.order },
  { key: plansTable.id, order: 'asc' },
];

export function createPlanRepository(db: Database) {
  return {
    async list(q: PlanListQuery & { page: number; limit: number }) {
      const filter = filterOf(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(plansTable)
          .where(filter)
          .orderBy(...orderBy(sortKeys(q)))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(plansTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The list for its CSV export, `batchSize` at a time (keyset). */
    exportRows(q: PlanListQuery, batchSize: number) {
      return tableBatches<PlanRow>(db, plansTable, filterOf(q), sortKeys(q), batchSize);
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
    /**
     * Deletes a plan unless orders name it: then it stays, and how many orders name it is
     * answered instead (to explain the refusal). `removed` is undefined for no such plan.
     */
    async removeUnlessOrdered(
      id: string,
    ): Promise<{ removed: PlanRow | undefined } | { inOrders: number }> {
      try {
        const [row] = await db.delete(plansTable).where(eq(plansTable.id, id)).returning();
        return { removed: row };
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        return { inOrders: await countOrdersOf(db, { planId: id }) };
      }
    },
  };
}
