import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { amountInWords, formatPaise, type InvoiceLine, type InvoiceTotals } from '@shared/gst';
import { INDIA_TIME_ZONE } from '@shared/time';
import type { InvoiceSeller } from '../../db/schema';
import { createPdfStreamWriter, type PdfStreamWriter } from '../../lib/pdfStream';
import { oneLine, pdfText, type PdfText } from '../../lib/pdfFonts';
import type { InvoiceDocument } from './document';
import {
  BODY,
  CELL_PAD,
  fitColumns,
  INK,
  InvoiceSheet,
  MARGIN,
  MAX_TEXT,
  MUTED,
  SMALL,
  type Column,
} from './pdfSheet';

/** A PDF of invoices being written (server/lib/pdfStream.ts). */
export type InvoicePdfWriter = PdfStreamWriter<InvoiceDocument>;

export const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** An amount in a table cell: the column's heading says it is in rupees. */
export const cellAmount = (paise: number) => formatPaise(paise).replace('₹', '');
/** A rate as printed: 18 -> '18%', half of 2.5 -> '1.25%'. */
export const percent = (rate: number) => `${Number(rate.toFixed(3))}%`;

type Summary = InvoiceTotals['rateSummary'][number];
type Taxed = { ratePercent: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

/** The tax columns of a table: CGST and SGST (half the rate each) within a state, else IGST. */
export function taxColumns<T extends Taxed>(interState: boolean, width: number): Column<T>[] {
  const tax = (header: string, pick: (x: T) => number, share: number): Column<T> => ({
    header,
    width,
    align: 'right',
    cell: (x) => [cellAmount(pick(x)), `@ ${percent(x.ratePercent * share)}`],
  });
  return interState
    ? [tax('IGST (₹)', (x) => x.igstPaise, 1)]
    : [tax('CGST (₹)', (x) => x.cgstPaise, 0.5), tax('SGST (₹)', (x) => x.sgstPaise, 0.5)];
}

/** The items table: #, description (the rest of the width), HSN/SAC, qty, rate, value, tax, total. */
function itemColumns(interState: boolean, width: number): Column<InvoiceLine>[] {
  return fitColumns<InvoiceLine>(
    [
      { header: '#', width: 18, align: 'left', cell: (_l, n) => [String(n)] },
      { header: 'Description', width: 0, align: 'left', cell: (l) => [l.description] },
      { header: 'HSN/SAC', width: 48, align: 'left', cell: (l) => [l.hsn || '-'] },
      { header: 'Qty', width: 28, align: 'right', cell: (l) => [String(l.quantity)] },
      { header: 'Rate (₹)', width: 58, align: 'right', cell: (l) => [cellAmount(l.unitPaise)] },
      {
        header: 'Taxable value (₹)',
        width: 66,
        align: 'right',
        cell: (l) => [cellAmount(l.taxablePaise)],
      },
      ...taxColumns<InvoiceLine>(interState, interState ? 64 : 56),
      { header: 'Total (₹)', width: 66, align: 'right', cell: (l) => [cellAmount(l.totalPaise)] },
    ],
    1,
    width,
  );
}

/** The HSN summary: per code and rate, the taxable value, the tax and the total tax. */
function summaryColumns(interState: boolean, width: number): Column<Summary>[] {
  return fitColumns<Summary>(
    [
      { header: 'HSN/SAC', width: 0, align: 'left', cell: (s) => [s.hsn || 'Not classified'] },
      { header: 'GST rate', width: 60, align: 'right', cell: (s) => [percent(s.ratePercent)] },
      {
        header: 'Taxable value (₹)',
        width: 90,
        align: 'right',
        cell: (s) => [cellAmount(s.taxablePaise)],
      },
      ...taxColumns<Summary>(interState, 90),
      {
        header: 'Total tax (₹)',
        width: 80,
        align: 'right',
        cell: (s) => [cellAmount(s.cgstPaise + s.sgstPaise + s.igstPaise)],
      },
    ],
    0,
    width,
  );
}

/** An empty A4 document in the Noto fonts; each invoice adds its own pages. */
export function invoiceDoc(title: string) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    autoFirstPage: false,
    info: { Title: title, Author: 'Home services back office' },
  });
  return { doc, t: pdfText(doc) };
}

/**
 * The tax invoices (docs/api.md "Business details and tax invoices"): A4, each invoice from a
 * new page, laid out as an Indian tax invoice: the seller with GSTIN, state and code; the invoice
 * number and date; the buyer and the place of supply; the items with HSN/SAC, taxable value and
 * CGST + SGST or IGST per line; the totals; the refundable deposit apart (not taxed); the amount
 * payable, also in words; the HSN summary. In the Noto fonts (server/lib/pdfFonts.ts), so names
 * and addresses in Indian scripts print. Written as a stream: pages leave memory as the reader
 * takes them. No queries here.
 */
export function createInvoicePdf(title: string): InvoicePdfWriter {
  const { doc, t } = invoiceDoc(title);
  return createPdfStreamWriter<InvoiceDocument>(
    doc,
    (invoice) => drawInvoice(doc, t, invoice),
    (written) => {
      if (written > 0) return;
      doc.addPage();
      t.font('regular', 12).fillColor(INK);
      t.line('No invoices.', MARGIN.left, MARGIN.top);
    },
  );
}

/**
 * One invoice as a whole PDF (order/invoice/{orderId}): a page or two, laid out at once (a
 * failure is the handler's), read as the reply is sent.
 */
export function renderInvoice(invoice: InvoiceDocument): Readable {
  const { doc, t } = invoiceDoc(`Tax invoice ${invoice.invoiceNo}`);
  drawInvoice(doc, t, invoice);
  doc.end();
  return doc;
}

function drawInvoice(doc: PDFKit.PDFDocument, t: PdfText, d: InvoiceDocument) {
  const sheet = new InvoiceSheet(doc, t, `Tax Invoice ${d.invoiceNo} (continued)`);
  drawHeading(sheet, 'Tax Invoice', d.seller, [
    ['Invoice No.', d.invoiceNo],
    ['Invoice date', dateFormat.format(new Date(d.issuedAt))],
    ['Order No.', d.orderNo],
    ['Place of supply', `${d.placeOfSupply.state} (${d.placeOfSupply.code})`],
  ]);
  drawBuyer(sheet, d);
  const { figures } = d;
  const items = itemColumns(figures.interState, sheet.width);
  sheet.header(items);
  for (const [i, line] of figures.lines.entries()) {
    sheet.row(
      items.map((c) => c.cell(line, i + 1)),
      items,
    );
  }
  sheet.y += 8;
  drawTotals(sheet, figures);
  drawRateSummary(sheet, figures);
  drawSignOff(sheet, d.seller);
}

/**
 * The title ('Tax Invoice'; a credit note's too), the seller (left) and the document's facts
 * (right): the invoice's number, date, order and place.
 */
export function drawHeading(
  sheet: InvoiceSheet,
  title: string,
  seller: InvoiceSeller,
  facts: [string, string][],
) {
  const { t, x0, width } = sheet;
  t.font('bold', 16).fillColor(INK);
  t.line(title, x0 + (width - t.width(title, 'bold')) / 2, sheet.y, 'bold');
  t.font('regular', SMALL).fillColor(MUTED);
  sheet.lineRight('Original for recipient', x0 + width, sheet.y + 5);
  sheet.y += 26;
  sheet.rule(sheet.y, INK);
  sheet.y += 8;

  const factsWidth = 200;
  const labelWidth = 78;
  const sellerWidth = width - factsWidth - 16;
  const top = sheet.y;
  let y = top;
  t.font('bold', 12).fillColor(INK);
  y = t.paragraph(oneLine(seller.tradeName || seller.legalName, 120), x0, y, sellerWidth, 'bold');
  t.font('regular', BODY).fillColor(INK);
  if (seller.tradeName && seller.tradeName !== seller.legalName) {
    y = t.paragraph(`Legal name: ${oneLine(seller.legalName, 200)}`, x0, y, sellerWidth);
  }
  const where = [seller.address, `${seller.city} ${seller.pincode}`.trim()].filter(Boolean);
  y = t.paragraph(oneLine(where.join(', '), MAX_TEXT), x0, y, sellerWidth);
  y = t.paragraph(`State: ${seller.state}, code ${seller.stateCode}`, x0, y, sellerWidth);
  y = t.paragraph(`GSTIN: ${seller.gstin}`, x0, y, sellerWidth, 'bold');
  t.font('regular', BODY).fillColor(MUTED);
  const contact = [
    seller.phone && `Phone ${seller.phone}`,
    seller.email && `Email ${seller.email}`,
  ];
  if (contact.some(Boolean)) {
    y = t.paragraph(contact.filter(Boolean).join('   '), x0, y, sellerWidth);
  }

  const factsX = x0 + width - factsWidth;
  let at = top;
  for (const [label, value] of facts) {
    t.font('regular', BODY).fillColor(MUTED);
    t.line(label, factsX, at);
    t.font('bold', BODY).fillColor(INK);
    for (const text of t.wrap(value, factsWidth - labelWidth, 'bold')) {
      t.line(text, factsX + labelWidth, at, 'bold');
      at += sheet.lineHeight;
    }
    at += 2;
  }
  sheet.y = Math.max(y, at) + 6;
  sheet.rule();
  sheet.y += 6;
}

/**
 * Who is billed and where it went: the name, address, phone, state and code. A registered
 * buyer is billed under their legal name and GSTIN, with the person as the contact; a
 * household's GSTIN reads "unregistered".
 */
export function drawBuyer(
  sheet: InvoiceSheet,
  d: Pick<InvoiceDocument, 'buyer' | 'placeOfSupply'>,
) {
  const { t, x0, width } = sheet;
  const { buyer, placeOfSupply } = d;
  const registered = Boolean(buyer.gstin);
  const billed = (registered && buyer.legalName) || buyer.name || 'Customer';
  t.font('bold', SMALL).fillColor(MUTED);
  t.line('BILL TO / SHIP TO', x0, sheet.y, 'bold');
  sheet.y += 11;
  t.font('bold', 10.5).fillColor(INK);
  sheet.y = t.paragraph(oneLine(billed, 200), x0, sheet.y, width, 'bold');
  t.font('regular', BODY).fillColor(INK);
  if (registered && buyer.name && buyer.name !== billed) {
    sheet.y = t.paragraph(`Contact: ${oneLine(buyer.name, 120)}`, x0, sheet.y, width);
  }
  if (buyer.address) {
    sheet.y = t.paragraph(oneLine(buyer.address, MAX_TEXT), x0, sheet.y, width);
  }
  const facts = [
    buyer.phone && `Phone ${buyer.phone}`,
    `State: ${placeOfSupply.state}, code ${placeOfSupply.code}`,
    !registered && 'GSTIN: unregistered',
  ].filter(Boolean);
  sheet.y = t.paragraph(facts.join('   |   '), x0, sheet.y, width);
  if (registered) {
    // On a line of its own, as the seller's: what the buyer claims input tax credit with.
    t.font('bold', BODY).fillColor(INK);
    sheet.y = t.paragraph(`GSTIN: ${buyer.gstin}`, x0, sheet.y, width, 'bold');
  }
  sheet.y += 8;
}

/**
 * The totals under the table: taxable value, the taxes, the invoice total; the deposit apart in
 * its own box (not part of the supply, not taxed); the amount payable, and in words.
 */
function drawTotals(sheet: InvoiceSheet, figures: InvoiceTotals) {
  const { t, lineHeight } = sheet;
  const boxWidth = 250;
  const boxX = sheet.x0 + sheet.width - boxWidth;
  const right = boxX + boxWidth - CELL_PAD;
  const total = (label: string, paise: number, bold = false, height = lineHeight + 3) => {
    const weight = bold ? 'bold' : 'regular';
    t.font(weight, bold ? 10 : BODY).fillColor(INK);
    t.line(label, boxX + CELL_PAD, sheet.y, weight);
    sheet.lineRight(formatPaise(paise), right, sheet.y, weight);
    sheet.y += height;
  };
  sheet.room(6 * lineHeight + 70);
  total('Taxable value', figures.taxablePaise);
  if (figures.interState) {
    total('IGST', figures.igstPaise);
  } else {
    total('CGST', figures.cgstPaise);
    total('SGST', figures.sgstPaise);
  }
  total('Invoice total (incl. GST)', figures.totalPaise, true);

  if (figures.depositPaise !== 0) {
    sheet.y += 4;
    const label =
      figures.depositPaise > 0
        ? 'Refundable deposit for returnable jars/cylinders (not taxed)'
        : 'Deposit refunded for returned jars/cylinders (not taxed)';
    t.font('regular', BODY).fillColor(INK);
    const lines = t.wrap(label, boxWidth - 90);
    const height = lines.length * lineHeight + 2 * CELL_PAD;
    sheet.doc.rect(boxX, sheet.y, boxWidth, height).lineWidth(0.8).strokeColor(INK).stroke();
    for (const [i, text] of lines.entries()) {
      t.line(text, boxX + CELL_PAD, sheet.y + CELL_PAD + i * lineHeight);
    }
    t.font('bold', BODY);
    sheet.lineRight(formatPaise(figures.depositPaise), right, sheet.y + CELL_PAD, 'bold');
    sheet.y += height + 4;
  }

  sheet.y += 2;
  sheet.shade(boxX, boxWidth, lineHeight + 8);
  // A deposit refunded may exceed what was bought: then the business pays.
  const refund = figures.payablePaise < 0;
  const payable = Math.abs(figures.payablePaise);
  total(refund ? 'Amount refundable' : 'Amount payable', payable, true, lineHeight + 10);
  sheet.room(2 * lineHeight);
  t.font('bold', BODY).fillColor(INK);
  const words = `Amount ${refund ? 'refundable' : 'payable'} in words: ${amountInWords(payable)}`;
  sheet.y = t.paragraph(words, sheet.x0, sheet.y, sheet.width, 'bold') + 10;
}

/** The HSN/SAC summary: taxable value and tax per code and rate, and their totals. */
export function drawRateSummary(sheet: InvoiceSheet, figures: InvoiceTotals) {
  sheet.room(3 * sheet.lineHeight + 20);
  sheet.t.font('bold', SMALL).fillColor(MUTED);
  sheet.t.line('HSN/SAC SUMMARY', sheet.x0, sheet.y, 'bold');
  sheet.y += 11;
  const columns = summaryColumns(figures.interState, sheet.width);
  sheet.header(columns);
  for (const [i, s] of figures.rateSummary.entries()) {
    sheet.row(
      columns.map((c) => c.cell(s, i + 1)),
      columns,
    );
  }
  const taxes = figures.interState
    ? [[cellAmount(figures.igstPaise)]]
    : [[cellAmount(figures.cgstPaise)], [cellAmount(figures.sgstPaise)]];
  sheet.row(
    [['Total'], [''], [cellAmount(figures.taxablePaise)], ...taxes, [cellAmount(figures.taxPaise)]],
    columns,
    true,
  );
  sheet.y += 14;
}

export function drawSignOff(sheet: InvoiceSheet, seller: InvoiceSeller, what = 'invoice') {
  const { t } = sheet;
  sheet.room(3 * sheet.lineHeight);
  t.font('regular', BODY).fillColor(INK);
  sheet.lineRight(`For ${oneLine(seller.legalName, 120)}`, sheet.x0 + sheet.width, sheet.y);
  t.font('regular', SMALL).fillColor(MUTED);
  t.line(`This is a computer-generated ${what}.`, sheet.x0, sheet.y + 2);
}
