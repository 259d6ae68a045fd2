import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { ENTRY_KIND_LABELS, BILLING_MODE_LABELS } from '@shared/account';
import { familyIdOf } from '@shared/familyId';
import { formatPaise } from '@shared/gst';
import { INDIA_TIME_ZONE } from '@shared/time';
import { oneLine, pdfText, type PdfText } from '../../lib/pdfFonts';
import { createPdfStreamWriter, type PdfStreamWriter } from '../../lib/pdfStream';
import type { Business } from '../business/repository';
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
} from '../invoices/pdfSheet';
import type { Statement, StatementEntry } from './statements';

/**
 * Monthly statements as PDF (issue 36): A4, each statement from a new page, laid out like the
 * tax invoices (the same sheet, fonts and seller block): the business, the customer, the
 * statement's number, month and date, the opening balance, every entry of the month with the
 * balance after it, the totals, the closing balance and the amount due, the deposits held for
 * jars and cylinders, and each page numbered within its statement. Nothing here reads a clock: a
 * document's date is the statement's own (pdfkit's CreationDate too), so a statement made again
 * is the same bytes.
 */
export type StatementPdfWriter = PdfStreamWriter<Statement>;

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
/** '28 Nov 2026' */
export const dayText = (at: Date) => dayFormat.format(at);
const cellAmount = (paise: number) => formatPaise(paise).replace('₹', '');

/** What an entry was: its kind, and the order and what it was for, or why. */
export function entryWhat(e: StatementEntry): string[] {
  const head = ENTRY_KIND_LABELS[e.kind] ?? e.kind;
  const lines = [e.orderNo ? `${head}: order ${e.orderNo}` : head];
  if (e.item) lines.push(e.item);
  if (e.reason) lines.push(e.reason);
  return lines;
}

const entryColumns = (width: number): Column<StatementEntry>[] =>
  fitColumns<StatementEntry>(
    [
      {
        header: 'Date',
        width: 62,
        align: 'left',
        cell: (e) => [dayText(e.at), timeFormat.format(e.at)],
      },
      { header: 'Entry', width: 0, align: 'left', cell: entryWhat },
      {
        header: 'Method and reference',
        width: 110,
        align: 'left',
        cell: (e) => (e.method ? [e.method, ...(e.reference ? [e.reference] : [])] : ['-']),
      },
      {
        header: 'Debit (₹)',
        width: 64,
        align: 'right',
        cell: (e) => [e.amount < 0 ? cellAmount(-e.amount) : ''],
      },
      {
        header: 'Credit (₹)',
        width: 64,
        align: 'right',
        cell: (e) => [e.amount > 0 ? cellAmount(e.amount) : ''],
      },
      {
        header: 'Balance (₹)',
        width: 70,
        align: 'right',
        cell: (e) => [cellAmount(e.balanceAfter)],
      },
    ],
    1,
    width,
  );

/** The file a statement downloads as: statement-ST-2611-000042-<family id>.pdf. */
export const statementFileName = (s: Statement) =>
  `statement-${(s.number ?? s.month.key).replace(/[^A-Za-z0-9-]+/g, '-')}-${familyIdOf(s.customer.id)}.pdf`;

/**
 * A PDF of statements written as a stream (`bufferPages`: a statement's pages are held until it
 * is laid out, then numbered and let go). `createdAt` is the document's date.
 */
export function createStatementPdf(
  title: string,
  createdAt: Date,
  seller: Business | null,
): StatementPdfWriter {
  const { doc, t } = statementDoc(title, createdAt, seller);
  return createPdfStreamWriter<Statement>(
    doc,
    (statement) => drawStatement(doc, t, statement, seller),
    (written) => {
      if (written === 0) {
        doc.addPage();
        t.font('regular', 12).fillColor(INK);
        t.line('No statements for this month.', MARGIN.left, MARGIN.top);
      }
      doc.flushPages();
    },
  );
}

/** An empty A4 document in the Noto fonts, dated `createdAt` (never the clock). */
function statementDoc(title: string, createdAt: Date, seller: Business | null) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    info: {
      Title: title,
      Author: seller?.tradeName || seller?.legalName || 'Home services back office',
      CreationDate: createdAt,
    },
  });
  return { doc, t: pdfText(doc) };
}

/** One statement as a whole PDF (account/statement/{userId}), laid out at once. */
export function renderStatement(statement: Statement, seller: Business | null): Readable {
  const title = statement.number
    ? `Statement ${statement.number}`
    : `Statement of ${statement.month.label} (draft)`;
  const { doc, t } = statementDoc(title, statement.madeAt, seller);
  drawStatement(doc, t, statement, seller);
  doc.end();
  return doc;
}

function drawStatement(doc: PDFKit.PDFDocument, t: PdfText, s: Statement, seller: Business | null) {
  const firstPage = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
  const name = s.number ?? `Draft ${s.month.label}`;
  const sheet = new InvoiceSheet(doc, t, `Statement ${name}, ${s.customer.name} (continued)`);
  drawHeading(sheet, s, seller);
  drawCustomer(sheet, s);
  drawSummary(sheet, s);
  drawEntries(sheet, s);
  drawClosing(sheet, s);
  drawDeposits(sheet, s);
  drawPageNumbers(doc, t, s, firstPage);
  doc.flushPages();
}

function drawHeading(sheet: InvoiceSheet, s: Statement, seller: Business | null) {
  const { t, x0, width } = sheet;
  t.font('bold', 16).fillColor(INK);
  const title = s.number ? 'Account statement' : 'Account statement (draft, to date)';
  t.line(title, x0 + (width - t.width(title, 'bold')) / 2, sheet.y, 'bold');
  sheet.y += 26;
  sheet.rule(sheet.y, INK);
  sheet.y += 8;

  const factsWidth = 210;
  const labelWidth = 80;
  const sellerWidth = width - factsWidth - 16;
  const top = sheet.y;
  let y = top;
  if (seller) {
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
    const contact = [
      seller.phone && `Phone ${seller.phone}`,
      seller.email && `Email ${seller.email}`,
    ];
    if (contact.some(Boolean)) {
      t.font('regular', BODY).fillColor(MUTED);
      y = t.paragraph(contact.filter(Boolean).join('   '), x0, y, sellerWidth);
    }
  }

  const facts: [string, string][] = [
    ['Statement No.', s.number ?? 'Draft (not numbered)'],
    ['Month', s.month.label],
    [s.number ? 'Made on' : 'To date', dayText(s.madeAt)],
    ['Billing', BILLING_MODE_LABELS[s.customer.billingMode] ?? s.customer.billingMode],
  ];
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

function drawCustomer(sheet: InvoiceSheet, s: Statement) {
  const { t, x0, width } = sheet;
  const c = s.customer;
  t.font('bold', SMALL).fillColor(MUTED);
  t.line('STATEMENT FOR', x0, sheet.y, 'bold');
  sheet.y += 11;
  t.font('bold', 10.5).fillColor(INK);
  sheet.y = t.paragraph(oneLine(c.name || 'Customer', 120), x0, sheet.y, width, 'bold');
  t.font('regular', BODY).fillColor(INK);
  if (c.address) sheet.y = t.paragraph(oneLine(c.address, MAX_TEXT), x0, sheet.y, width);
  const facts = [`Family Id ${familyIdOf(c.id)}`, c.phone && `Phone ${c.phone}`].filter(Boolean);
  sheet.y = t.paragraph(facts.join('   |   '), x0, sheet.y, width) + 8;
}

/** Amount due when the closing balance is below zero, else how much is in credit. */
export function standing(closing: number): [string, number] {
  return closing < 0 ? ['Amount due', -closing] : ['In credit', closing];
}

function drawSummary(sheet: InvoiceSheet, s: Statement) {
  const { t, x0, width, lineHeight } = sheet;
  const cells: [string, string][] = [
    ['Opening balance', formatPaise(s.opening)],
    ['Debits', formatPaise(s.debits)],
    ['Credits', formatPaise(s.credits)],
    ['Closing balance', formatPaise(s.closing)],
    [standing(s.closing)[0], formatPaise(standing(s.closing)[1])],
  ];
  const w = width / cells.length;
  const height = 2 * lineHeight + 2 * CELL_PAD + 4;
  sheet.room(height + 8);
  sheet.shade(x0, width, height);
  for (const [i, [label, value]] of cells.entries()) {
    const x = x0 + i * w + CELL_PAD;
    t.font('regular', SMALL).fillColor(MUTED);
    t.line(label, x, sheet.y + CELL_PAD);
    t.font('bold', 10).fillColor(INK);
    t.line(value, x, sheet.y + CELL_PAD + lineHeight, 'bold');
  }
  sheet.y += height + 8;
}

function drawEntries(sheet: InvoiceSheet, s: Statement) {
  const columns = entryColumns(sheet.width);
  sheet.header(columns);
  sheet.row(
    [[dayText(s.month.start)], ['Opening balance'], [''], [''], [''], [cellAmount(s.opening)]],
    columns,
  );
  for (const [i, e] of s.entries.entries()) {
    sheet.row(
      columns.map((c) => c.cell(e, i + 1)),
      columns,
    );
  }
  if (s.entries.length === 0) {
    sheet.row([[''], ['No entries this month.'], [''], [''], [''], ['']], columns);
  }
  sheet.row(
    [
      [''],
      ['Totals of the month'],
      [''],
      [cellAmount(s.debits)],
      [cellAmount(s.credits)],
      [cellAmount(s.closing)],
    ],
    columns,
    true,
  );
  sheet.y += 8;
}

function drawClosing(sheet: InvoiceSheet, s: Statement) {
  const { t, lineHeight } = sheet;
  const boxWidth = 250;
  const boxX = sheet.x0 + sheet.width - boxWidth;
  const right = boxX + boxWidth - CELL_PAD;
  sheet.room(3 * lineHeight + 20);
  t.font('regular', BODY).fillColor(INK);
  t.line('Closing balance', boxX + CELL_PAD, sheet.y);
  sheet.lineRight(formatPaise(s.closing), right, sheet.y);
  sheet.y += lineHeight + 5;
  const [label, amount] = standing(s.closing);
  sheet.shade(boxX, boxWidth, lineHeight + 8);
  t.font('bold', 10).fillColor(INK);
  t.line(label, boxX + CELL_PAD, sheet.y, 'bold');
  sheet.lineRight(formatPaise(amount), right, sheet.y, 'bold');
  sheet.y += lineHeight + 14;
}

function drawDeposits(sheet: InvoiceSheet, s: Statement) {
  const { t } = sheet;
  const held = s.customer.deposits;
  sheet.room(3 * sheet.lineHeight + 20);
  t.font('bold', SMALL).fillColor(MUTED);
  t.line('DEPOSITS HELD FOR JARS AND CYLINDERS', sheet.x0, sheet.y, 'bold');
  sheet.y += 11;
  if (held.length === 0) {
    t.font('regular', BODY).fillColor(INK);
    t.line('None held.', sheet.x0, sheet.y);
    sheet.y += sheet.lineHeight + 6;
  } else {
    drawHeld(sheet, held);
  }
  sheet.room(sheet.lineHeight + 4);
  t.font('regular', SMALL).fillColor(MUTED);
  t.line('This is a computer-generated statement.', sheet.x0, sheet.y + 4);
}

function drawHeld(sheet: InvoiceSheet, held: Statement['customer']['deposits']) {
  type Held = (typeof held)[number];
  const columns = fitColumns<Held>(
    [
      { header: 'Item', width: 0, align: 'left', cell: (h) => [h.item] },
      { header: 'Held', width: 60, align: 'right', cell: (h) => [String(h.outstanding)] },
      {
        header: 'Deposit (₹)',
        width: 90,
        align: 'right',
        cell: (h) => [cellAmount(Math.round(h.deposit * 100))],
      },
    ],
    0,
    sheet.width,
  );
  sheet.header(columns);
  for (const [i, h] of held.entries()) {
    sheet.row(
      columns.map((c) => c.cell(h, i + 1)),
      columns,
    );
  }
  sheet.y += 6;
}

/** Each page of the statement: its number, the customer, and "page k of n" at the foot. */
function drawPageNumbers(doc: PDFKit.PDFDocument, t: PdfText, s: Statement, firstPage: number) {
  const range = doc.bufferedPageRange();
  const last = range.start + range.count;
  const pages = last - firstPage;
  for (let i = firstPage; i < last; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN.bottom + 12;
    t.font('regular', SMALL).fillColor(MUTED);
    const left = `${s.number ?? `Draft, ${s.month.label}`} · ${oneLine(s.customer.name, 60)}`;
    t.line(left, MARGIN.left, y);
    const right = `Page ${i - firstPage + 1} of ${pages}`;
    t.line(right, doc.page.width - MARGIN.right - t.width(right), y);
    doc.page.margins.bottom = bottom;
  }
}
