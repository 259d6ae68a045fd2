import type { InvoiceTotals } from '@shared/gst';
import type { InvoiceSeller } from '../../db/schema';
import type { InvoiceDocument } from '../invoices/document';
import type { NoteKind } from './tables';

/**
 * A credit or debit note as printed (issue 38), frozen in credit_notes.document when it is
 * issued. Its figures are positive whatever the kind: the lines credited (or debited again) with
 * the invoice's HSN/SAC codes, rates and place of supply, so CGST + SGST or IGST as the invoice
 * had them.
 */
export interface NoteDocument {
  version: 1;
  kind: NoteKind;
  noteNo: string;
  /** When the note was issued (its date), ISO. */
  issuedAt: string;
  /** The invoice it adjusts. */
  invoiceNo: string;
  invoiceIssuedAt: string;
  orderNo: string;
  seller: InvoiceSeller;
  buyer: InvoiceDocument['buyer'];
  placeOfSupply: InvoiceDocument['placeOfSupply'];
  reason: string;
  figures: InvoiceTotals;
  /**
   * The invoice line each of `figures.lines` adjusts, as the invoice numbers its lines (1 for
   * the first): what is left of each line to credit is counted from these. Always written by
   * server/modules/creditNotes; read by position when absent.
   */
  invoiceLines?: number[];
}
