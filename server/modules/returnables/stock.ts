import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accessoriesTable,
  categoriesTable,
  productsTable,
  returnableStockTable,
  type ReturnableItemKind,
} from '../../db/schema';
import type { ReturnableItem, StockRow } from './dto';

/** The depot's stock of returnable items: full, empty and with customers. */
export function createReturnableStock(db: Database) {
  return {
    /**
     * The depot's stock of every returnable product and accessory (a few dozen), by service and
     * name; an item with no stock row yet has none of anything.
     */
    async stock(itemId?: string): Promise<StockRow[]> {
      const s = returnableStockTable;
      const c = categoriesTable;
      const only = (t: typeof productsTable | typeof accessoriesTable) =>
        itemId ? sql`and ${t.id} = ${itemId}` : sql``;
      const { rows } = await db.execute<{
        item_id: string;
        item_kind: ReturnableItemKind;
        name: string;
        category_id: string;
        service_name: string;
        deposit: string;
        full: number;
        empty: number;
        with_customers: number;
      }>(sql`
        select i.item_id, i.item_kind, i.name, i.category_id, ${c.name} as service_name,
               i.deposit::text as deposit, coalesce(${s.full}, 0)::int as full,
               coalesce(${s.empty}, 0)::int as empty,
               coalesce(${s.withCustomers}, 0)::int as with_customers
          from (
            select ${productsTable.id} as item_id, 'product' as item_kind, ${productsTable.name} as name,
                   ${productsTable.categoryId} as category_id, ${productsTable.deposit} as deposit
              from ${productsTable} where ${productsTable.returnable} ${only(productsTable)}
            union all
            select ${accessoriesTable.id}, 'accessory', ${accessoriesTable.name},
                   ${accessoriesTable.categoryId}, ${accessoriesTable.deposit}
              from ${accessoriesTable} where ${accessoriesTable.returnable} ${only(accessoriesTable)}
          ) i
          join ${c} on ${c.id} = i.category_id
          left join ${s} on ${s.itemId} = i.item_id
         order by ${c.name}, i.name, i.item_id`);
      return rows.map((r) => ({
        itemId: r.item_id,
        itemKind: r.item_kind,
        name: r.name,
        categoryId: r.category_id,
        serviceName: r.service_name,
        deposit: r.deposit,
        full: Number(r.full),
        empty: Number(r.empty),
        withCustomers: Number(r.with_customers),
      }));
    },

    /** New full units bought: full += quantity. */
    async receive(item: ReturnableItem, quantity: number): Promise<void> {
      const s = returnableStockTable;
      await db
        .insert(s)
        .values({
          itemId: item.id,
          itemKind: item.kind,
          categoryId: item.categoryId,
          full: quantity,
        })
        .onConflictDoUpdate({
          target: s.itemId,
          set: { full: sql`${s.full} + ${quantity}`, updatedAt: sql`now()` },
        });
    },

    /**
     * Empties filled: empty -= quantity, full += quantity, as one conditional UPDATE, so two
     * refills at once never take more empties than there are. Answers the empties there were
     * when there are too few (0 without a stock row), else undefined.
     */
    async refill(item: ReturnableItem, quantity: number): Promise<number | undefined> {
      const s = returnableStockTable;
      const done = await db
        .update(s)
        .set({
          empty: sql`${s.empty} - ${quantity}`,
          full: sql`${s.full} + ${quantity}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(s.itemId, item.id), gte(s.empty, quantity)))
        .returning({ itemId: s.itemId });
      if (done.length) return undefined;
      const [row] = await db.select({ empty: s.empty }).from(s).where(eq(s.itemId, item.id));
      return row?.empty ?? 0;
    },
  };
}
