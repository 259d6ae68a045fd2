import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessoriesTable, type RecordStatus } from '../../db/schema';
import { fromMoney, toMoney } from '../../lib/money';
import { returnableOf, taxOf, type ItemTaxColumns } from '../products/tax';

export type AccessoryRow = typeof accessoriesTable.$inferSelect;

/** The spec's accessory: the stored image path as `imageUrl`, money as numbers. */
export function toAccessoryDto(a: AccessoryRow) {
  return {
    _id: a.id,
    name: a.name,
    type: a.type,
    material: a.material,
    imageUrl: a.imageUrl,
    price: toMoney(a.price),
    discountPrice: toMoney(a.discountPrice),
    stockQuantity: a.stockQuantity,
    categoryId: a.categoryId,
    ...returnableOf(a),
    ...taxOf(a),
    status: a.status,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export interface AccessoryValues extends ItemTaxColumns {
  name: string;
  type: string;
  material: string;
  price: number;
  discountPrice: number;
  stockQuantity: number;
  status?: RecordStatus;
}

function toColumns<T extends AccessoryValues>(v: T) {
  return { ...v, price: fromMoney(v.price), discountPrice: fromMoney(v.discountPrice) };
}

export function createAccessoryRepository(db: Database) {
  return {
    /** Served by accessories_category_idx; bounded by `limit`. */
    listByCategory(categoryId: string, limit: number) {
      return db
        .select()
        .from(accessoriesTable)
        .where(eq(accessoriesTable.categoryId, categoryId))
        .orderBy(asc(accessoriesTable.createdAt), asc(accessoriesTable.id))
        .limit(limit);
    },
    async findById(id: string) {
      const [row] = await db.select().from(accessoriesTable).where(eq(accessoriesTable.id, id));
      return row;
    },
    async create(values: AccessoryValues & { categoryId: string; imageUrl: string }) {
      const [row] = await db.insert(accessoriesTable).values(toColumns(values)).returning();
      return row!;
    },
    async update(id: string, values: AccessoryValues & { imageUrl?: string }) {
      const [row] = await db
        .update(accessoriesTable)
        .set(toColumns(values))
        .where(eq(accessoriesTable.id, id))
        .returning();
      return row;
    },
    async remove(id: string) {
      const [row] = await db
        .delete(accessoriesTable)
        .where(eq(accessoriesTable.id, id))
        .returning({ id: accessoriesTable.id });
      return row;
    },
  };
}
