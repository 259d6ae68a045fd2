import type { Identifier } from 'react-admin';
import type { BulkOutcome } from '@/lists/useBulkAction';
import { action } from '@/providers/actions';
import type { ApiCall, FileCall } from '@/providers/resource';
import type { OpenEmergency } from '@/orders/emergencyClock';
import type { OrderStatus } from '@/orders/orderFields';

/** Calls the orders and assigning-jobs resources share (docs/api.md). */

/**
 * Every orders list as CSV (addition): order/export-orders takes the parameters of each of them
 * (view-all-orders' filters, by-type's `type`, orders-by-serviceId's `serviceId`).
 */
export const ORDERS_CSV: FileCall = { path: 'order/export-orders', fileName: 'orders.csv' };

/** One order with its accessories and status history (addition; orders and assigningJobs). */
export const GET_ORDER: ApiCall = {
  method: 'GET',
  path: 'order/get-order/:id',
  resultKey: 'order',
};

/** What order/place-order and order/price-preview take: an order taken by phone (New order). */
export interface PhoneOrderBody {
  customerId: string;
  addressId: string;
  productId: string;
  quantity: number;
  returnQuantity?: number;
  deliveryTime?: string;
  isEmergency?: boolean;
  paymentMethod: string;
  specialInstruction?: string;
  accessories?: { accessoryId: string; quantity: number }[];
}

/** order/price-preview's answer: the order priced as placing it would price it. */
export interface PricePreview {
  lines: {
    kind: 'product' | 'accessory';
    _id: string;
    name: string;
    quantity: number;
    unitPrice: number;
    amount: number;
  }[];
  amount: number;
  deliveryCharge: number;
  emergencyCharge: number;
  gst: number;
  totalAmount: number;
  orderType: 'fresh' | 'reorder';
  deliveryTime: string | null;
  pincode: string;
}

/** A credit or debit note as the server answers it (issue 38, docs/api.md). */
export interface CreditNote {
  _id: string;
  noteNo: string;
  kind: 'credit' | 'debit';
  cause: 'cancelled' | 'takenBack' | 'redelivered' | 'part';
  reason: string;
  issuedAt: string;
  invoiceNo: string;
  /** The order number customers see (OD...). */
  orderId: string;
  order: { _id: string; orderId: string };
  customer: { _id: string; name: string };
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
  by: { _id: string; name: string } | null;
}

/** An invoice line with what credit notes took and what is left (get-order's invoice.lines). */
export interface InvoiceLineLeft {
  line: number;
  description: string;
  hsn: string;
  ratePercent: number;
  taxable: number;
  credited: number;
  left: number;
}

/** What order/add-credit-note takes: the invoice lines to credit, taxable rupees each. */
export interface AddCreditNoteBody {
  orderId: string;
  lines: { line: number; amount: number }[];
  reason: string;
}

/** Each kind's notes of a range, counted and summed (order/credit-notes' `totals`). */
export interface CreditNoteTotals {
  credit: { count: number; taxable: number; tax: number; total: number };
  debit: { count: number; taxable: number; tax: number; total: number };
  net: { taxable: number; tax: number; total: number };
}

/** The orders' actions (the orders resource declares them; assigning jobs uses them too). */
/** live/open-emergencies (addition, issue 40): what the "running late" alert counts from. */
export interface OpenEmergencies {
  emergencies: OpenEmergency[];
  alertAfterMinutes: number;
  /** The server's time: the ages are counted by it, whatever this computer's clock says. */
  now: string;
}

export const orderActions = {
  /** The open emergencies, oldest first, and the alert setting (orders or assigningJobs). */
  openEmergencies: action<Record<string, never>, OpenEmergencies>({
    method: 'GET',
    path: 'live/open-emergencies',
  }),
  /** New order (addition, issue 37): JSON, place-order's body; nothing is written. */
  previewOrderPrice: action<PhoneOrderBody, PricePreview>({
    method: 'POST',
    path: 'order/price-preview',
    bodyKind: 'json',
    resultKey: 'preview',
  }),
  /** New order's save (addition, issue 15.6): JSON; answers the order placed. */
  placePhoneOrder: action<PhoneOrderBody, { _id: string; orderId: string }>({
    method: 'POST',
    path: 'order/place-order',
    bodyKind: 'json',
    resultKey: 'order',
  }),
  /**
   * The status modal and 'Mark As Delivered': multipart { orderId: <_id>, status }, and the
   * reason when one is given (issue 37: required to take a delivery back, change an invoiced
   * order or cancel).
   */
  setOrderStatus: action<{ id: Identifier; status: OrderStatus; reason?: string }>({
    method: 'POST',
    path: 'order/update-status',
    bodyKind: 'multipart',
    idField: 'orderId',
    fields: ['status', 'reason'],
  }),
  /** The delivery slots of a service's open jobs with their counts (addition, job filters). */
  jobSlots: action<{ serviceId: string }, { slots: { slot: string; jobs: number }[] }>({
    method: 'GET',
    path: 'order/job-slots/:serviceId',
  }),
  /** Issue credit note (issue 38): part of an invoice credited by an admin; JSON. */
  addCreditNote: action<AddCreditNoteBody, CreditNote>({
    method: 'POST',
    path: 'order/add-credit-note',
    bodyKind: 'json',
    fields: ['orderId', 'lines', 'reason'],
    resultKey: 'creditNote',
  }),
  /** The totals of a range's credit notes (issue 38): order/credit-notes read for its totals. */
  creditNoteTotals: action<{ from: string; to: string; limit: number }, CreditNoteTotals>({
    method: 'GET',
    path: 'order/credit-notes',
    resultKey: 'totals',
  }),
  /** The lists' bulk action (addition): JSON { orderIds: [<_id>, ...], status, reason? }. */
  setOrdersStatus: action<
    { orderIds: Identifier[]; status: OrderStatus; reason?: string },
    BulkOutcome
  >({
    method: 'POST',
    path: 'order/bulk-update-status',
    bodyKind: 'json',
    fields: ['orderIds', 'status', 'reason'],
  }),
};
