import type { Readable } from 'node:stream';
import { amountInWords, formatPaise, type InvoiceLine, type InvoiceTotals } from '@shared/gst';
import { oneLine } from '../../lib/pdfFonts';
import {
  cellAmount,
  dateFormat,
  drawBuyer,
  drawHeading,
  drawRateSummary,
  drawSignOff,
  invoiceDoc,
  percent,
  taxColumns,
} from '../invoices/pdf';
import {
  BODY,
  CELL_PAD,
  fitColumns,
  INK,
  InvoiceSheet,
  MAX_TEXT,
  MUTED,
  SMALL,
  type Column,
} from '../invoices/pdfSheet';
import type { NoteDocument } from './document';

/** 'Credit Note' or 'Debit Note'. */
export const noteTitle = (kind: NoteDocument['kind']) =>
  kind === 'credit' ? 'Credit Note' : 'Debit Note';

const printedDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * A credit or debit note as one PDF (order/credit-note/{creditNoteId}), laid out as the tax
 * invoice it adjusts (server/modules/invoices/pdf.ts, whose pieces it reuses): the title, the
 * seller with GSTIN, the note's number and date, the invoice it is against, the buyer and the
 * place of supply, the lines with HSN/SAC, rate, taxable value and CGST + SGST or IGST, the
 * totals, the total in words, the reason and the HSN summary. No queries here.
 */
export function renderNote(note: NoteDocument): Readable {
  const title = noteTitle(note.kind);
  const { doc, t } = invoiceDoc(`${title} ${note.noteNo}`);
  const sheet = new InvoiceSheet(doc, t, `${title} ${note.noteNo} (continued)`);
  drawHeading(sheet, title, note.seller, [
    [`${title} No.`, note.noteNo],
    ['Note date', printedDate(note.issuedAt)],
    ['Order No.', note.orderNo],
    ['Place of supply', `${note.placeOfSupply.state} (${note.placeOfSupply.code})`],
  ]);
  drawAgainst(sheet, note);
  drawBuyer(sheet, note);
  const { figures } = note;
  const items = noteColumns(figures.interState, sheet.width);
  sheet.header(items);
  for (const [i, line] of figures.lines.entries()) {
    sheet.row(
      items.map((c) => c.cell(line, note.invoiceLines?.[i] ?? i + 1)),
      items,
    );
  }
  sheet.y += 8;
  drawNoteTotals(sheet, figures, title);
  drawRateSummary(sheet, figures);
  drawSignOff(sheet, note.seller, title.toLowerCase());
  doc.end();
  return doc;
}

/** The invoice the note adjusts and why, the full width under the heading. */
function drawAgainst(sheet: InvoiceSheet, note: NoteDocument) {
  const { t, x0, width } = sheet;
  t.font('bold', 10).fillColor(INK);
  const against = `Against invoice ${note.invoiceNo} of ${printedDate(note.invoiceIssuedAt)}`;
  sheet.y = t.paragraph(against, x0, sheet.y, width, 'bold');
  t.font('regular', BODY).fillColor(INK);
  sheet.y = t.paragraph(`Reason: ${oneLine(note.reason, MAX_TEXT)}`, x0, sheet.y, width) + 6;
  sheet.rule();
  sheet.y += 6;
}

/**
 * The lines: the invoice's line number, description (the rest of the width), HSN/SAC, the GST
 * rate, taxable value, tax, total. A note adjusts values, so no quantity or unit price.
 */
function noteColumns(interState: boolean, width: number): Column<InvoiceLine>[] {
  return fitColumns<InvoiceLine>(
    [
      { header: 'Inv. line', width: 34, align: 'left', cell: (_l, n) => [String(n)] },
      { header: 'Description', width: 0, align: 'left', cell: (l) => [l.description] },
      { header: 'HSN/SAC', width: 48, align: 'left', cell: (l) => [l.hsn || '-'] },
      { header: 'GST rate', width: 42, align: 'right', cell: (l) => [percent(l.ratePercent)] },
      {
        header: 'Taxable value (₹)',
        width: 70,
        align: 'right',
        cell: (l) => [cellAmount(l.taxablePaise)],
      },
      ...taxColumns<InvoiceLine>(interState, interState ? 70 : 60),
      { header: 'Total (₹)', width: 70, align: 'right', cell: (l) => [cellAmount(l.totalPaise)] },
    ],
    1,
    width,
  );
}

/** Taxable value, the taxes and the note's total in a box on the right, then the total in words. */
function drawNoteTotals(sheet: InvoiceSheet, figures: InvoiceTotals, title: string) {
  const { t, lineHeight } = sheet;
  const boxWidth = 250;
  const boxX = sheet.x0 + sheet.width - boxWidth;
  const right = boxX + boxWidth - CELL_PAD;
  const total = (label: string, paise: number, bold = false) => {
    const weight = bold ? 'bold' : 'regular';
    t.font(weight, bold ? 10 : BODY).fillColor(INK);
    t.line(label, boxX + CELL_PAD, sheet.y, weight);
    sheet.lineRight(formatPaise(paise), right, sheet.y, weight);
    sheet.y += lineHeight + (bold ? 10 : 3);
  };
  sheet.room(6 * lineHeight + 30);
  total('Taxable value', figures.taxablePaise);
  if (figures.interState) {
    total('IGST', figures.igstPaise);
  } else {
    total('CGST', figures.cgstPaise);
    total('SGST', figures.sgstPaise);
  }
  sheet.y += 2;
  sheet.shade(boxX, boxWidth, lineHeight + 8);
  total(`${title} total (incl. GST)`, figures.totalPaise, true);
  sheet.room(2 * lineHeight);
  t.font('bold', BODY).fillColor(INK);
  const words = `${title} total in words: ${amountInWords(figures.totalPaise)}`;
  sheet.y = t.paragraph(words, sheet.x0, sheet.y, sheet.width, 'bold') + 4;
  t.font('regular', SMALL).fillColor(MUTED);
  const effect =
    title === 'Credit Note'
      ? 'This note reduces the taxable value and tax of the invoice above by these amounts.'
      : 'This note adds these amounts back to the taxable value and tax of the invoice above.';
  sheet.y = t.paragraph(effect, sheet.x0, sheet.y, sheet.width) + 10;
}

/** A file name from a note number: 'CN/26-27/000001' -> 'credit-note-CN-26-27-000001.pdf'. */
export const noteFileName = (noteNo: string, kind: NoteDocument['kind']) =>
  `${kind}-note-${noteNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
