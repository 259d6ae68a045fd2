/** What the returnables calls answer (docs/api.md, "Returnables"). */

export type ItemKind = 'product' | 'accessory';

/** What a customer holds of one returnable item. */
export interface Balance {
  productId: string;
  itemKind: ItemKind;
  name: string;
  serviceId: string;
  issued: number;
  returned: number;
  outstanding: number;
  /** Deposit held, in rupees. */
  deposit: number;
  oldestOutstandingAt: string | null;
  daysOutstanding: number | null;
}

export type EntryKind = 'delivered' | 'reversed' | 'returned' | 'correction';

/** One line of a customer's ledger; never edited, a correction is a new line. */
export interface Entry {
  _id: string;
  at: string;
  kind: EntryKind;
  productId: string;
  name: string;
  issued: number;
  returned: number;
  deposit: number;
  order: { _id: string; orderId: string } | null;
  returnRequestId: string | null;
  reason: string | null;
  adminName: string | null;
}

export interface Ledger {
  customer: { _id: string; name: string; phone: string };
  balances: Balance[];
  entries: Entry[];
  totalRecords: number;
  currentPage: number;
  totalPages: number;
}

/** A row of the outstanding list: one customer and item with units out. */
export interface OutstandingRow {
  userId: string;
  name: string;
  phone: string;
  pincode: string | null;
  productId: string;
  productName: string;
  serviceId: string;
  issued: number;
  returned: number;
  outstanding: number;
  deposit: number;
  oldestOutstandingAt: string | null;
  daysOutstanding: number | null;
}

/** The depot's units of one returnable item. */
export interface StockItem {
  productId: string;
  itemKind: ItemKind;
  name: string;
  serviceId: string;
  serviceName: string;
  deposit: number;
  full: number;
  empty: number;
  withCustomers: number;
  total: number;
}

export interface ReturnableSummary {
  jarsOut: number;
  cylindersOut: number;
  overdueUnits: number;
  overdueCustomers: number;
  overdueDays: number;
  depositHeld: number;
}

export interface Correction {
  entry: Entry;
  balance: Balance;
}
