import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accessoriesTable,
  categoriesTable,
  customersTable,
  ordersTable,
  productsTable,
  returnableBalancesTable,
  returnableEntriesTable,
} from '../../db/schema';
import type { BalanceRow, EntryRow, ReturnableItem } from './dto';

const b = returnableBalancesTable;
const e = returnableEntriesTable;

/** Integer paise of a numeric rupee amount ('150.50' -> 15050). */
const paiseOf = (rupees: string) => Math.round(Number(rupees) * 100);
const rupeesOf = (paise: number) => (paise / 100).toFixed(2);

export type AdjustOutcome =
  | { outcome: 'noCustomer' }
  | { outcome: 'noItem' }
  | { outcome: 'notReturnable'; item: ReturnableItem }
  | { outcome: 'tooFew'; item: ReturnableItem; customerName: string; holds: number }
  | { outcome: 'recorded'; item: ReturnableItem; customerName: string; entry: EntryRow };

export interface Correction {
  customerId: string;
  itemId: string;
  /** + the customer holds more than the ledger says, - fewer. */
  quantity: number;
  reason: string;
  admin: { id: string; name: string } | null;
}

/** A customer's ledger: what they hold, the entries that moved it, and corrections. */
export function createReturnableLedger(db: Database) {
  /** The product or accessory of this id, whether returnable or not. */
  async function findItem(id: string, tx: Pick<Database, 'select'> = db) {
    const fields = (t: typeof productsTable | typeof accessoriesTable) => ({
      id: t.id,
      name: t.name,
      categoryId: t.categoryId,
      returnable: t.returnable,
      deposit: t.deposit,
    });
    const [product] = await tx
      .select(fields(productsTable))
      .from(productsTable)
      .where(eq(productsTable.id, id));
    if (product) return { ...product, kind: 'product' as const };
    const [accessory] = await tx
      .select(fields(accessoriesTable))
      .from(accessoriesTable)
      .where(eq(accessoriesTable.id, id));
    return accessory ? { ...accessory, kind: 'accessory' as const } : undefined;
  }

  return {
    findItem,

    /** Every service's name by its id (a handful of categories). */
    async serviceNames(): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: categoriesTable.id, name: categoriesTable.name })
        .from(categoriesTable);
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async findCustomer(id: string) {
      const [row] = await db
        .select({
          id: customersTable.id,
          firstName: customersTable.firstName,
          lastName: customersTable.lastName,
          phone: customersTable.phone,
        })
        .from(customersTable)
        .where(eq(customersTable.id, id));
      return row;
    },

    /** Every item the customer has held, by name (through the primary key). */
    async balancesOf(customerId: string): Promise<BalanceRow[]> {
      return db
        .select()
        .from(b)
        .where(eq(b.customerId, customerId))
        .orderBy(asc(b.itemName), asc(b.itemId));
    },

    /** A page of the customer's entries, newest first (returnable_entries_customer_idx). */
    async entriesOf(customerId: string, page: number, limit: number) {
      const where = eq(e.customerId, customerId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: e, orderNumber: ordersTable.orderId })
          .from(e)
          .leftJoin(ordersTable, eq(ordersTable.id, e.orderId))
          .where(where)
          .orderBy(desc(e.at), desc(e.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(e).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Records a correction: one `correction` entry (the trigger moves the balance), unless the
     * customer would then hold fewer than none. The balance row is locked first, so a delivery
     * or another correction committing meanwhile is counted before the check.
     */
    async adjust(c: Correction): Promise<AdjustOutcome> {
      return db.transaction(async (tx) => {
        const [customer] = await tx
          .select({ firstName: customersTable.firstName, lastName: customersTable.lastName })
          .from(customersTable)
          .where(eq(customersTable.id, c.customerId))
          .for('key share');
        if (!customer) return { outcome: 'noCustomer' as const };
        const customerName = `${customer.firstName} ${customer.lastName}`.trim();
        const item = await findItem(c.itemId, tx);
        if (!item) return { outcome: 'noItem' as const };
        if (!item.returnable) return { outcome: 'notReturnable' as const, item };
        const [balance] = await tx
          .select({ outstanding: b.outstanding, pincode: b.pincode })
          .from(b)
          .where(and(eq(b.customerId, c.customerId), eq(b.itemId, c.itemId)))
          .for('update');
        const holds = balance?.outstanding ?? 0;
        if (holds + c.quantity < 0) {
          return { outcome: 'tooFew' as const, item, customerName, holds };
        }
        const [entry] = await tx
          .insert(e)
          .values({
            customerId: c.customerId,
            itemId: item.id,
            itemKind: item.kind,
            itemName: item.name,
            categoryId: item.categoryId,
            kind: 'correction',
            issued: c.quantity > 0 ? c.quantity : 0,
            returned: c.quantity < 0 ? -c.quantity : 0,
            deposit: rupeesOf(paiseOf(item.deposit) * c.quantity),
            pincode: balance?.pincode ?? null,
            reason: c.reason,
            adminId: c.admin?.id ?? null,
            adminName: c.admin?.name ?? null,
          })
          .returning();
        return { outcome: 'recorded' as const, item, customerName, entry: entry! };
      });
    },

    async balance(customerId: string, itemId: string): Promise<BalanceRow | undefined> {
      const [row] = await db
        .select()
        .from(b)
        .where(and(eq(b.customerId, customerId), eq(b.itemId, itemId)));
      return row;
    },
  };
}
