import type { OrderAddress } from '../../db/schema';
import { rupees, yesNo, type CsvColumn } from '../../lib/csv';
import type { OrderExportRow } from './exportRows';

/** The address on one line; empty when the order has none. */
const address = (a: OrderAddress | null) =>
  a ? [a.fullAddress, a.city, a.state, a.pincode].filter(Boolean).join(', ') : '';

/**
 * The columns of an orders export: what the lists show and what the order record holds beside
 * it, money as plain rupees (`Total amount` is what the panel shows: the total, or price plus
 * delivery on older orders), times in India time.
 */
export const ORDER_CSV_COLUMNS: CsvColumn<OrderExportRow>[] = [
  { header: 'Order ID', cell: (r) => r.orderId },
  { header: 'Created (IST)', cell: (r) => new Date(r.createdAt) },
  { header: 'Customer', cell: (r) => `${r.customer.firstName} ${r.customer.lastName}`.trim() },
  { header: 'Email', cell: (r) => r.customer.email },
  { header: 'Phone', cell: (r) => r.customer.phone },
  { header: 'Service', cell: (r) => r.service },
  { header: 'Product', cell: (r) => r.product },
  { header: 'Order type', cell: (r) => r.orderType },
  { header: 'Quantity', cell: (r) => r.quantity },
  { header: 'Return quantity', cell: (r) => r.returnQuantity },
  { header: 'Price', cell: (r) => rupees(r.price) },
  { header: 'Amount', cell: (r) => rupees(r.amount) },
  { header: 'Delivery charge', cell: (r) => rupees(r.deliveryCharge) },
  { header: 'Emergency charge', cell: (r) => rupees(r.emergencyCharge) },
  { header: 'GST', cell: (r) => rupees(r.gst) },
  { header: 'Total amount', cell: (r) => rupees(r.paid) },
  { header: 'Payment method', cell: (r) => r.paymentMethod },
  { header: 'Emergency', cell: (r) => yesNo(r.isEmergency) },
  { header: 'Status', cell: (r) => r.status },
  { header: 'Rider', cell: (r) => r.rider },
  { header: 'Run date', cell: (r) => r.runDate },
  { header: 'Round', cell: (r) => r.runShift },
  { header: 'Pin code', cell: (r) => r.pincode },
  { header: 'Address', cell: (r) => address(r.address) },
  { header: 'Pickup address', cell: (r) => address(r.pickupAddress) },
  { header: 'Delivery time', cell: (r) => r.deliveryTime },
  { header: 'Pickup time', cell: (r) => r.pickupTime },
  { header: 'Start date', cell: (r) => r.startDate },
  { header: 'End date', cell: (r) => r.endDate },
  { header: 'Special instruction', cell: (r) => r.specialInstruction },
];
