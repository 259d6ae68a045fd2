import PDFDocument from 'pdfkit';
import { INDIA_TIME_ZONE } from '@shared/time';
import { oneLine, pdfText } from '../../lib/pdfFonts';
import type { Roster } from './counts';

const MARGIN = { top: 40, bottom: 48, left: 40, right: 40 };
const BODY = 9.5;
const ROW = 15;
const INK = '#111111';
const MUTED = '#555555';
const countFormat = new Intl.NumberFormat('en-IN');
const printedFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Columns of the counts table: share of the width, heading, cell. */
const COLUMNS: { share: number; head: string; right?: boolean }[] = [
  { share: 0.16, head: 'Service' },
  { share: 0.28, head: 'Product or plan' },
  { share: 0.22, head: 'Slot' },
  { share: 0.12, head: 'Pin code' },
  { share: 0.11, head: 'Deliveries', right: true },
  { share: 0.11, head: 'Quantity', right: true },
];

/**
 * A day's counts as a PDF (roster/export-roster): A4, a title with the day and whether it is
 * made or projected, the table of counts, then the totals per product or plan and per slot.
 * The rows are a day's products x slots x pin codes (hundreds, not the orders), laid out at
 * once; the document streams to the client as pdfkit writes it.
 */
export function rosterPdf(roster: Roster, serviceName: string | undefined): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    info: { Title: `Deliveries for ${roster.date}`, Author: 'Home services back office' },
  });
  const t = pdfText(doc);
  const x0 = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = doc.page.height - MARGIN.bottom;
  let y = MARGIN.top;

  t.font('bold', 16).fillColor(INK);
  y = t.paragraph(`Deliveries for ${roster.date}`, x0, y, width, 'bold');
  t.font('regular', BODY).fillColor(MUTED);
  const summary = [
    serviceName ?? 'All services',
    roster.made ? 'made (from the orders)' : 'projected (from the subscriptions)',
    `${countFormat.format(roster.totals.deliveries)} deliveries, quantity ${countFormat.format(roster.totals.quantity)}`,
    `printed ${printedFormat.format(new Date())}`,
  ].join('   |   ');
  y = t.paragraph(summary, x0, y + 2, width) + 10;

  const table = (heads: typeof COLUMNS, rows: (string | number)[][]) => {
    const xs: number[] = [];
    let x = x0;
    for (const c of heads) {
      xs.push(x);
      x += c.share * width;
    }
    const drawRow = (cells: (string | number)[], weight: 'regular' | 'bold') => {
      if (y + ROW > bottom) {
        doc.addPage();
        y = MARGIN.top;
      }
      t.font(weight, BODY).fillColor(INK);
      cells.forEach((cell, i) => {
        const column = heads[i]!;
        const w = column.share * width - 6;
        const text = oneLine(typeof cell === 'number' ? countFormat.format(cell) : cell, 60);
        const fitted = t.wrap(text, w, weight)[0] ?? '';
        const left = column.right ? xs[i]! + w - t.width(fitted, weight) : xs[i]!;
        t.line(fitted, left, y, weight);
      });
      y += ROW;
    };
    drawRow(
      heads.map((h) => h.head),
      'bold',
    );
    for (const r of rows) drawRow(r, 'regular');
    y += 10;
  };

  table(
    COLUMNS,
    roster.rows.map((r) => [
      r.serviceName,
      r.itemName,
      r.slot,
      r.pincode,
      r.deliveries,
      r.quantity,
    ]),
  );
  table(
    [
      { share: 0.3, head: 'Service' },
      { share: 0.48, head: 'Product or plan' },
      { share: 0.11, head: 'Deliveries', right: true },
      { share: 0.11, head: 'Quantity', right: true },
    ],
    roster.totals.byItem.map((r) => [r.serviceName, r.itemName, r.deliveries, r.quantity]),
  );
  table(
    [
      { share: 0.78, head: 'Slot' },
      { share: 0.11, head: 'Deliveries', right: true },
      { share: 0.11, head: 'Quantity', right: true },
    ],
    [
      ...roster.totals.bySlot.map((r) => [r.slot, r.deliveries, r.quantity]),
      ['Total', roster.totals.deliveries, roster.totals.quantity],
    ],
  );
  doc.end();
  return doc;
}
