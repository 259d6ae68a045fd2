import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { RunShift } from '../../db/schema';
import { oneLine, pdfText } from '../../lib/pdfFonts';
import { formatRupees } from '../orders/jobSheet';
import {
  countFormat,
  jobRows,
  phoneText,
  placedFormat,
  plural,
  printedFormat,
  roundText,
  runDay,
  runSheetTotals,
  type Row,
  type RunSheetJob,
  type RunSheetTotals,
} from './runSheetContent';

/** What the run sheet says above the jobs. */
export interface RunSheetHeading {
  rider: { name: string; phone: string; vehicle: string };
  /** The run's day, YYYY-MM-DD. */
  day: string;
  /** The round; undefined = both rounds of the day. */
  shift?: RunShift;
  printedAt: Date;
  /** The jobs of the run, which may be more than the sheet holds (RUN_BOUND). */
  total: number;
}

const MARGIN = { top: 40, bottom: 48, left: 40, right: 40 };
const LABEL_WIDTH = 60;
const COLUMN_GAP = 14;
const HEADING_HEIGHT = 26;
const ROW_GAP = 1.5;
const BODY = 10;
const INK = '#111111';
const MUTED = '#555555';
const RED = '#c62828';
const RULE = '#cccccc';
/** The group of the emergencies (no pin code is written like this). */
const EMERGENCY = 'EMERGENCY';
/** The height of a job's first line (box, number, order id, slot). */
const ORDER_LINE = 18;
/** Longest text a row shows: a job block must fit on one page. */
const MAX_TEXT = 300;
/** Jobs laid out between two pauses that let other requests in. */
const YIELD_EVERY = 100;

interface MeasuredRow {
  label: string;
  lines: string[];
  height: number;
}

/**
 * The run sheet of a rider (docs/api.md "Run sheets"): A4, a title naming the rider with phone,
 * vehicle, day and round; the jobs numbered, emergencies first under an EMERGENCY heading, then
 * by pin code under a heading per pin code, each job kept whole on a page with a box to tick;
 * totals (jobs, jars and cylinders to collect, cash to collect); the signature lines; 'Page n
 * of N' in every footer. A run holds at most a few hundred jobs (RUN_BOUND), so the pages are
 * kept until the end for their total. In the Noto fonts: names and addresses in Indian scripts
 * print. No queries here.
 */
export async function renderRunSheet(
  heading: RunSheetHeading,
  jobs: readonly RunSheetJob[],
): Promise<Readable> {
  const { rider } = heading;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: {
      Title: `Run sheet: ${rider.name}, ${heading.day}`,
      Author: 'Home services back office',
    },
  });
  const t = pdfText(doc);

  const x0 = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = doc.page.height - MARGIN.bottom;
  const leftColumn = { x: x0, width: Math.round((width - COLUMN_GAP) * 0.56) };
  const rightColumn = {
    x: x0 + leftColumn.width + COLUMN_GAP,
    width: width - leftColumn.width - COLUMN_GAP,
  };
  const lineHeight = t.font('regular', BODY).currentLineHeight(true);
  /** The totals box (four rows) with the space around it, and the signature lines below. */
  const totalsHeight = 30 + 4 * (lineHeight + 2);
  const signaturesHeight = 36 + 2 * lineHeight + 4;
  let y = MARGIN.top;

  // Title: the rider, then how to reach them, the day and the round.
  t.font('bold', 18).fillColor(INK);
  y = t.paragraph(`Run sheet: ${rider.name}`, x0, y, width, 'bold');
  const about = [
    `Phone ${phoneText(rider.phone)}`,
    ...(rider.vehicle.trim() ? [`Vehicle ${rider.vehicle.trim()}`] : []),
    runDay(heading.day),
    roundText(heading.shift),
  ].join('   |   ');
  t.font('bold', 11).fillColor(INK);
  y = t.paragraph(about, x0, y + 2, width, 'bold');
  const totals = runSheetTotals(jobs);
  const pincodes = new Set(jobs.map((job) => job.pincode)).size;
  const summary = [
    plural(heading.total, 'job'),
    ...(totals.emergencies ? [plural(totals.emergencies, 'emergency', 'emergencies')] : []),
    ...(jobs.length ? [plural(pincodes, 'pin code')] : []),
    `printed ${printedFormat.format(heading.printedAt)}`,
  ].join('   |   ');
  t.font('regular', BODY).fillColor(MUTED);
  y = t.paragraph(summary, x0, y + 1, width) + 8;
  if (heading.total > jobs.length) {
    t.font('bold', BODY).fillColor(RED);
    const notice = `This sheet holds the first ${countFormat.format(jobs.length)} of ${plural(heading.total, 'job')}: split the run between riders.`;
    y = t.paragraph(notice, x0, y - 2, width, 'bold') + 8;
  }

  function newPage() {
    doc.addPage();
    y = MARGIN.top;
  }

  /** A group's heading: EMERGENCY in red, a pin code in blue-grey, with its number of jobs. */
  function groupHeading(group: string, count: number, continued: boolean) {
    const emergency = group === EMERGENCY;
    const name = emergency ? 'EMERGENCY' : group ? `Pin code ${group}` : 'No pin code';
    const text = `${name}   (${plural(count, 'job')})${continued ? ', continued' : ''}`;
    doc.rect(x0, y, width, 20).fill(emergency ? RED : '#e8eef5');
    t.font('bold', 12).fillColor(emergency ? '#ffffff' : INK);
    t.line(text, x0 + 6, y + 1.5, 'bold');
    y += HEADING_HEIGHT;
  }

  function measure(rows: Row[], column: { width: number }): MeasuredRow[] {
    t.font('regular', BODY);
    const valueWidth = column.width - LABEL_WIDTH;
    return rows.map(([label, text]) => {
      const lines = t.wrap(oneLine(text, MAX_TEXT), valueWidth);
      return { label, lines, height: lines.length * lineHeight };
    });
  }
  const rowsHeight = (rows: MeasuredRow[]) => rows.reduce((h, row) => h + row.height + ROW_GAP, 0);

  function drawColumn(rows: MeasuredRow[], column: { x: number }, top: number): number {
    let at = top;
    t.font('regular', BODY);
    for (const row of rows) {
      doc.fillColor(MUTED);
      t.line(row.label, column.x, at, 'bold');
      doc.fillColor(INK);
      for (const [i, text] of row.lines.entries()) {
        t.line(text, column.x + LABEL_WIDTH, at + i * lineHeight);
      }
      at += row.height + ROW_GAP;
    }
    return at;
  }

  function drawJob(job: RunSheetJob, n: number, left: MeasuredRow[], right: MeasuredRow[]) {
    const top = y;
    // A box to tick once the job is done.
    doc
      .lineWidth(0.8)
      .strokeColor(INK)
      .rect(x0, top + 1, 10, 10)
      .stroke();
    t.font('bold', 11).fillColor(INK);
    const title = `${n}.  ${job.orderId}`;
    const titleEnd = x0 + 16 + t.line(title, x0 + 16, top - 1.5, 'bold');

    // Right: the slot (and the round when the sheet has both), the status when not open.
    const slot = `${job.service.kind === 'tiffin' ? 'Drop' : 'Slot'} ${job.deliveryTime ?? 'any time'}`;
    const when = heading.shift || !job.runShift ? slot : `${job.runShift}, ${slot}`;
    t.font('bold', 10);
    let right0 = x0 + width - t.width(when, 'bold');
    doc.fillColor(INK);
    t.line(when, right0, top, 'bold');
    const tags: [string, string][] = [];
    if (job.status === 'Cancelled') tags.push(['CANCELLED: do not deliver', MUTED]);
    else if (job.status === 'Delivered') tags.push(['DELIVERED', '#2e7d32']);
    if (job.isEmergency) tags.push(['EMERGENCY', RED]);
    t.font('bold', 9);
    for (const [tag, colour] of tags) {
      const badge = t.width(tag, 'bold') + 8;
      right0 -= badge + 8;
      doc.rect(right0, top, badge, 12).fill(colour);
      doc.fillColor('#ffffff');
      t.line(tag, right0 + 4, top - 0.5, 'bold');
    }
    const placed = `${job.service.name}, placed ${placedFormat.format(new Date(job.createdAt))}`;
    t.font('regular', 8.5).fillColor(MUTED);
    if (titleEnd + 10 + t.width(placed) < right0 - 8) t.line(placed, titleEnd + 10, top + 1.5);

    const rowsTop = top + ORDER_LINE;
    y = Math.max(drawColumn(left, leftColumn, rowsTop), drawColumn(right, rightColumn, rowsTop));
    y += 3;
    doc
      .moveTo(x0, y)
      .lineTo(x0 + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    y += 6;
  }

  /** The groups in the sheet's order, with their number of jobs. */
  const groupOf = (job: RunSheetJob) => (job.isEmergency ? EMERGENCY : job.pincode);
  const perGroup = new Map<string, number>();
  for (const job of jobs) perGroup.set(groupOf(job), (perGroup.get(groupOf(job)) ?? 0) + 1);

  let group: string | undefined;
  for (const [i, job] of jobs.entries()) {
    const first = groupOf(job) !== group;
    group = groupOf(job);
    const rows = jobRows(job);
    const left = measure(rows.left, leftColumn);
    const right = measure(rows.right, rightColumn);
    const blockHeight = ORDER_LINE + Math.max(rowsHeight(left), rowsHeight(right)) + 9;
    // A heading stays with its first job; a job is never split across pages.
    const need = blockHeight + (first ? HEADING_HEIGHT : 0);
    if (y + need > bottom) {
      newPage();
      if (!first) groupHeading(group, perGroup.get(group)!, true);
    }
    if (first) groupHeading(group, perGroup.get(group)!, false);
    drawJob(job, i + 1, left, right);
    // A long run takes a moment: let other requests in now and then.
    if ((i + 1) % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }

  if (jobs.length === 0) {
    t.font('regular', 12).fillColor(INK);
    t.line('No jobs assigned for this round.', x0, y + 4);
  } else {
    // The totals and the signature lines stay together.
    if (y + 6 + totalsHeight + 14 + signaturesHeight > bottom) newPage();
    drawTotals(totals);
    drawSignatures();
  }

  function drawTotals(sum: RunSheetTotals) {
    const rows: Row[] = [
      [
        'Jobs',
        `${countFormat.format(sum.jobs)}${sum.emergencies ? ` (${plural(sum.emergencies, 'emergency', 'emergencies')})` : ''}`,
      ],
      ['Jars to collect', countFormat.format(sum.jars)],
      ['Cylinders to collect', countFormat.format(sum.cylinders)],
      [
        'Cash to collect',
        `${formatRupees(sum.cash)} (${plural(sum.cashJobs, 'cash-on-delivery job')})`,
      ],
    ];
    const labelWidth = 130;
    const height = totalsHeight;
    y += 6;
    doc.rect(x0, y, width, height).lineWidth(0.8).strokeColor(INK).stroke();
    t.font('bold', 12).fillColor(INK);
    t.line('Totals', x0 + 8, y + 4, 'bold');
    let at = y + 24;
    t.font('regular', BODY);
    for (const [label, value] of rows) {
      doc.fillColor(MUTED);
      t.line(label, x0 + 8, at, 'bold');
      doc.fillColor(INK);
      t.line(value, x0 + 8 + labelWidth, at, 'bold');
      at += lineHeight + 2;
    }
    y += height + 14;
  }

  /** Lines to fill in by hand when the rider leaves and comes back. */
  function drawSignatures() {
    t.font('regular', BODY);
    const blank = (label: string, x: number, at: number, lineWidth: number) => {
      doc.fillColor(INK);
      const labelWidth = t.width(label, 'bold');
      t.line(label, x, at, 'bold');
      const lineY = at + lineHeight - 2;
      doc
        .moveTo(x + labelWidth + 6, lineY)
        .lineTo(x + labelWidth + 6 + lineWidth, lineY)
        .lineWidth(0.6)
        .strokeColor(INK)
        .stroke();
    };
    const third = width / 3;
    blank('Time out', x0, y, third - 70);
    blank('Time back', x0 + third, y, third - 76);
    blank('Cash handed in ₹', x0 + 2 * third, y, third - 112);
    y += 36;
    const half = width / 2;
    const signatureLabel = t.width('Rider signature', 'bold');
    blank('Rider signature', x0, y, half - 110);
    blank('Checked by', x0 + half, y, half - 80);
    y += lineHeight + 4;
    t.font('regular', 8.5).fillColor(MUTED);
    t.line(rider.name, x0 + signatureLabel + 8, y);
  }

  // 'Page n of N' and what the sheet is, at the foot of every page.
  const footerText = `Run sheet: ${rider.name}, ${runDay(heading.day)}, ${roundText(heading.shift)}`;
  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - MARGIN.bottom + 16;
    t.font('regular', 8.5).fillColor(MUTED);
    const pageText = `Page ${i + 1} of ${pages.count}`;
    const pageWidth = t.width(pageText);
    t.line(t.wrap(footerText, width - pageWidth - 12)[0] ?? '', x0, footerY);
    t.line(pageText, x0 + width - pageWidth, footerY);
  }
  doc.end();
  return doc;
}
