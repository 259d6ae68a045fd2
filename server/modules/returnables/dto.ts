import type {
  returnableBalancesTable,
  returnableEntriesTable,
  ReturnableItemKind,
} from '../../db/schema';
import { toMoney } from '../../lib/money';

export const DAY_MS = 86_400_000;

/** Whole days since `since` (null when nothing is out). */
export function daysSince(since: Date | null, now: Date): number | null {
  return since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS)) : null;
}

export type BalanceRow = typeof returnableBalancesTable.$inferSelect;
export type EntryRow = typeof returnableEntriesTable.$inferSelect;

/** A balance as the ledger and the adjust call answer it. */
export function toBalanceDto(r: BalanceRow, now: Date) {
  return {
    productId: r.itemId,
    itemKind: r.itemKind,
    name: r.itemName,
    serviceId: r.categoryId,
    issued: r.issued,
    returned: r.returned,
    outstanding: r.outstanding,
    deposit: toMoney(r.deposit) ?? 0,
    oldestOutstandingAt: r.oldestOutstandingAt,
    daysOutstanding: r.outstanding > 0 ? daysSince(r.oldestOutstandingAt, now) : null,
  };
}

/** An entry with the order number of its order, when it has one. */
export interface EntryWithOrder {
  entry: EntryRow;
  orderNumber: string | null;
}

export function toEntryDto({ entry: r, orderNumber }: EntryWithOrder) {
  return {
    _id: String(r.id),
    at: r.at,
    kind: r.kind,
    productId: r.itemId,
    name: r.itemName,
    issued: r.issued,
    returned: r.returned,
    deposit: toMoney(r.deposit) ?? 0,
    order: r.orderId ? { _id: r.orderId, orderId: orderNumber ?? '' } : null,
    returnRequestId: r.returnRequestId,
    reason: r.reason,
    adminName: r.adminName,
  };
}

/** One row of the outstanding list: a customer and an item they hold. */
export interface OutstandingRow {
  balance: BalanceRow;
  customer: { firstName: string; lastName: string; phone: string };
  /** The oldest unit's moment as the database has it (microseconds): the export's keyset. */
  oldestKey: string;
}

export function toOutstandingDto(r: OutstandingRow, now: Date) {
  const x = r.balance;
  return {
    userId: x.customerId,
    name: `${r.customer.firstName} ${r.customer.lastName}`.trim(),
    phone: r.customer.phone,
    pincode: x.pincode,
    productId: x.itemId,
    productName: x.itemName,
    serviceId: x.categoryId,
    issued: x.issued,
    returned: x.returned,
    outstanding: x.outstanding,
    deposit: toMoney(x.deposit) ?? 0,
    oldestOutstandingAt: x.oldestOutstandingAt,
    daysOutstanding: daysSince(x.oldestOutstandingAt, now),
  };
}

/** A returnable product or accessory, as the corrections and the depot's stock need it. */
export interface ReturnableItem {
  id: string;
  kind: ReturnableItemKind;
  name: string;
  categoryId: string;
  returnable: boolean;
  /** Rupees per unit, as the numeric column holds it ('150.00'). */
  deposit: string;
}

export interface StockRow {
  itemId: string;
  itemKind: ReturnableItemKind;
  name: string;
  categoryId: string;
  serviceName: string;
  deposit: string;
  full: number;
  empty: number;
  withCustomers: number;
}

export function toStockDto(r: StockRow) {
  return {
    productId: r.itemId,
    itemKind: r.itemKind,
    name: r.name,
    serviceId: r.categoryId,
    serviceName: r.serviceName,
    deposit: toMoney(r.deposit) ?? 0,
    full: r.full,
    empty: r.empty,
    withCustomers: r.withCustomers,
    total: r.full + r.empty + r.withCustomers,
  };
}
