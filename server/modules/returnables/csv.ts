import { rupees, type CsvColumn } from '../../lib/csv';
import { daysSince, type OutstandingRow } from './dto';

/**
 * The columns of the outstanding returnables export: what the list shows, one row per customer
 * and item held, deposits as plain rupees, times in India time. `now` is the moment the days
 * count from (the list's).
 */
export const outstandingCsvColumns = (
  serviceNames: Map<string, string>,
  now: Date,
): CsvColumn<OutstandingRow>[] => [
  { header: 'Family ID', cell: (r) => r.balance.customerId },
  { header: 'Customer', cell: (r) => `${r.customer.firstName} ${r.customer.lastName}`.trim() },
  { header: 'Phone', cell: (r) => r.customer.phone },
  { header: 'Pin code', cell: (r) => r.balance.pincode },
  { header: 'Service', cell: (r) => serviceNames.get(r.balance.categoryId) ?? '' },
  { header: 'Item', cell: (r) => r.balance.itemName },
  { header: 'Issued', cell: (r) => r.balance.issued },
  { header: 'Returned', cell: (r) => r.balance.returned },
  { header: 'Outstanding', cell: (r) => r.balance.outstanding },
  { header: 'Deposit held', cell: (r) => rupees(r.balance.deposit) },
  { header: 'Out since (IST)', cell: (r) => r.balance.oldestOutstandingAt },
  { header: 'Days outstanding', cell: (r) => daysSince(r.balance.oldestOutstandingAt, now) },
];
