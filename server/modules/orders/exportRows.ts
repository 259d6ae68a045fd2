import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  categoriesTable,
  ordersTable,
  plansTable,
  productsTable,
  ridersTable,
  type OrderAddress,
  type OrderStatus,
  type OrderType,
  type RunShift,
} from '../../db/schema';
import { afterRow, keysetBatches, orderBy } from '../../lib/keyset';
import { baseConditions, paidAmount, sortKeys, type OrderListQuery } from './conditions';
import type { OrderRow } from './dto';
import { customerOfOrder } from './rows';
import { lookUp, matchCondition, type SearchMatches } from './search';

/** An order as its CSV export reads it (`exportRows`): what the file shows, names included. */
export interface OrderExportRow {
  id: string;
  orderId: string;
  /** ISO 8601, as JSON writes a timestamp. */
  createdAt: string;
  customer: OrderRow['customer'];
  service: string;
  /** The product's name, or the plan's for tiffin. */
  product: string | null;
  orderType: OrderType;
  quantity: number;
  returnQuantity: number;
  price: number;
  amount: number;
  deliveryCharge: number;
  emergencyCharge: number;
  gst: number;
  /** What the panel shows and sorts by: the total, or price + delivery on older orders. */
  paid: number;
  paymentMethod: string | null;
  isEmergency: boolean;
  status: OrderStatus;
  pincode: string;
  /** The delivery address (tiffin: where the meals go). */
  address: OrderAddress | null;
  pickupAddress: OrderAddress | null;
  deliveryTime: string | null;
  pickupTime: string | null;
  startDate: string | null;
  endDate: string | null;
  specialInstruction: string | null;
  /** The rider's name, when the job is given to one (issue 15). */
  rider: string | null;
  runDate: string | null;
  runShift: RunShift | null;
}

/**
 * An export's row as one JSON value. PGlite decodes each field of an answer on its own (a copy of
 * its bytes each): the ~40 fields of the list's selection cost an export of 100 000 orders more
 * than its queries do; as one field a row it reads about twice as fast (docs/performance.md).
 */
const o = ordersTable;
const exportRow = sql<OrderExportRow>`json_build_object(
  'id', ${o.id}, 'orderId', ${o.orderId}, 'createdAt', ${o.createdAt},
  'customer', ${customerOfOrder}, 'service', ${categoriesTable.name},
  'product', coalesce(${productsTable.name}, ${plansTable.name}),
  'orderType', ${o.orderType}, 'quantity', ${o.quantity}, 'returnQuantity', ${o.returnQuantity},
  'price', ${o.price}, 'amount', ${o.amount}, 'deliveryCharge', ${o.deliveryCharge},
  'emergencyCharge', ${o.emergencyCharge}, 'gst', ${o.gst}, 'paid', ${paidAmount},
  'paymentMethod', ${o.paymentMethod}, 'isEmergency', ${o.isEmergency}, 'status', ${o.status},
  'pincode', ${o.pincode}, 'address', coalesce(${o.address}, ${o.deliveryAddress}),
  'pickupAddress', ${o.pickupAddress}, 'deliveryTime', ${o.deliveryTime},
  'pickupTime', ${o.pickupTime}, 'startDate', ${o.startDate}, 'endDate', ${o.endDate},
  'specialInstruction', ${o.specialInstruction}, 'rider', ${ridersTable.name},
  'runDate', ${o.runDate}, 'runShift', ${o.runShift})`;

/**
 * The `limit` orders of the list after the order `afterId`, in the list's order: a keyset on
 * the sort's own index (server/lib/keyset.ts), the ids first, then those rows joined.
 */
async function exportBatch(
  db: Database,
  q: OrderListQuery,
  m: SearchMatches | undefined,
  afterId: string | undefined,
  limit: number,
): Promise<OrderExportRow[]> {
  const keys = sortKeys(q.sort, q.order);
  const where = baseConditions(q);
  if (m) where.push(matchCondition(m));
  if (afterId) where.push(afterRow(ordersTable, ordersTable.id, keys, afterId));
  const ids = db
    .select({ id: ordersTable.id })
    .from(ordersTable)
    .where(and(...where))
    .orderBy(...orderBy(keys))
    .limit(limit)
    .as('export_ids');
  const rows = await db
    .select({ row: exportRow })
    .from(ordersTable)
    .innerJoin(ids, eq(ids.id, ordersTable.id))
    .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
    .leftJoin(productsTable, eq(productsTable.id, ordersTable.productId))
    .leftJoin(plansTable, eq(plansTable.id, ordersTable.planId))
    .leftJoin(ridersTable, eq(ridersTable.id, ordersTable.riderId))
    .orderBy(...orderBy(keys));
  return rows.map((r) => r.row);
}

/** A list's CSV export. */
export function createOrderExport(db: Database) {
  return {
    /**
     * Every order of a list (filter, search, sort) for its CSV export, `batchSize` at a time.
     * The search is looked up once, before the first batch (a refusal comes before any row).
     */
    async *exportRows(q: OrderListQuery, batchSize: number): AsyncGenerator<OrderExportRow[]> {
      const m = q.search ? await lookUp(db, q.search) : undefined;
      yield* keysetBatches((after, limit) => exportBatch(db, q, m, after?.id, limit), batchSize);
    },
  };
}
