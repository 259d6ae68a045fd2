import type { LineBalance } from './figures';
import type { KindTotals, NoteRow } from './repository';
import type { CreditNoteDto } from './schemas';
import type { NoteKind } from './tables';

/** Paise as the answers' rupees. */
const rupees = (paise: number) => paise / 100;

/** A note as order/credit-notes, add-credit-note and get-order answer it. */
export function toNoteDto(row: NoteRow): CreditNoteDto {
  return {
    _id: row.id,
    noteNo: row.noteNo,
    kind: row.kind,
    cause: row.cause,
    reason: row.reason,
    issuedAt: row.issuedAt.toISOString(),
    invoiceNo: row.invoiceNo,
    orderId: row.orderNo,
    order: { _id: row.orderKey, orderId: row.orderNo },
    customer: { _id: row.customerId, name: `${row.firstName} ${row.lastName}`.trim() },
    taxable: rupees(row.taxablePaise),
    cgst: rupees(row.cgstPaise),
    sgst: rupees(row.sgstPaise),
    igst: rupees(row.igstPaise),
    tax: rupees(row.cgstPaise + row.sgstPaise + row.igstPaise),
    total: rupees(row.totalPaise),
    by: row.adminId ? { _id: row.adminId, name: row.adminName ?? '' } : null,
  };
}

/** A range's totals in rupees, and the net the notes took off the sales. */
export function toTotalsDto(totals: Record<NoteKind, KindTotals>) {
  const kind = (k: KindTotals) => ({
    count: k.count,
    taxable: rupees(k.taxablePaise),
    tax: rupees(k.taxPaise),
    total: rupees(k.totalPaise),
  });
  const { credit, debit } = totals;
  return {
    credit: kind(credit),
    debit: kind(debit),
    net: {
      taxable: rupees(credit.taxablePaise - debit.taxablePaise),
      tax: rupees(credit.taxPaise - debit.taxPaise),
      total: rupees(credit.totalPaise - debit.totalPaise),
    },
  };
}

/** An invoice line with what is left of it to credit (get-order's `invoice.lines`). */
export function toLineBalanceDto(b: LineBalance) {
  return {
    line: b.line,
    description: b.description,
    hsn: b.hsn,
    ratePercent: b.ratePercent,
    taxable: rupees(b.invoicedPaise),
    credited: rupees(b.creditedPaise),
    left: rupees(b.leftPaise),
  };
}
