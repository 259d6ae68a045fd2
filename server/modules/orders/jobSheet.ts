import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { CategoryKind, OrderAddress } from '../../db/schema';
import { oneLine, PDF_FONTS, pdfText } from '../../lib/pdfFonts';
import type { OrderAccessoryDto, OrderDto } from './dto';
import { speedUp } from './jobSheetPdfkit';
import { INDIA_TIME_ZONE } from '@shared/time';

export type JobSheetJob = OrderDto & { accessories: OrderAccessoryDto[] };

/** What the sheet says above the jobs, known before the first row is read. */
export interface JobSheetHeading {
  service: { name: string; kind: CategoryKind };
  /** The pin code filter; undefined = every pin code. */
  pincode?: string;
  search?: string;
  printedAt: Date;
  /** The open jobs of the filter (from the counters, before the rows are read). */
  total: number;
  /** The open jobs of each pin code, for the pin code headings. */
  perPincode: ReadonlyMap<string, number>;
  /** Set when the sheet holds at most this many jobs (the base64 sheet of assign-jobs). */
  limit?: number;
}

/** A job sheet being written: jobs go in batch by batch, the PDF comes out as a stream. */
export interface JobSheetWriter {
  /** The PDF bytes as they are written: pipe it to the reply, or collect it. */
  readonly pdf: Readable;
  /**
   * Lays out jobs that follow the previous ones in the sheet's order (by pin code, emergencies
   * first, then oldest first). Resolves once their pages are out of the way: it waits while
   * whoever reads `pdf` is behind, and stops early when `pdf` is destroyed.
   */
  add(jobs: readonly JobSheetJob[]): Promise<void>;
  /** Writes the last footer and ends the PDF. */
  end(): void;
  /** True once `pdf` was destroyed (the client went away): stop reading rows. */
  readonly closed: boolean;
  /** How many jobs are on the sheet so far. */
  readonly written: number;
}

const MARGIN = { top: 40, bottom: 48, left: 40, right: 40 };
const LABEL_WIDTH = 60;
const COLUMN_GAP = 14;
const ORDER_LINE = 16;
const HEADING_HEIGHT = 26;
const ROW_GAP = 1.5;
const YIELD_EVERY = 100;
const BODY = 10;
const INK = '#111111';
const MUTED = '#555555';
const RED = '#c62828';

const INDIA = INDIA_TIME_ZONE;
const printedFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const placedFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA,
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

const rupeeFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** '₹1,250.00' (Noto Sans has the rupee sign). */
export function formatRupees(value: number): string {
  return `₹${rupeeFormat.format(value)}`;
}

/** '2025-03-05' (a calendar day) -> '5 Mar 2025'. */
function formatDay(day: string | null): string {
  return day ? dayFormat.format(new Date(`${day}T00:00:00Z`)) : '-';
}

/** The address on one line, adding city and pin code only when the text lacks them. */
export function addressLine(a: OrderAddress | null): string {
  if (!a) return 'No address given';
  const parts = [a.fullAddress.trim()];
  const lower = parts[0]!.toLowerCase();
  if (a.city && !lower.includes(a.city.toLowerCase())) parts.push(a.city);
  if (a.state && !lower.includes(a.state.toLowerCase())) parts.push(a.state);
  if (a.pincode && !lower.includes(a.pincode)) parts.push(a.pincode);
  return parts.filter(Boolean).join(', ');
}

/** Longest text a row shows: a job block must fit on one page. */
const MAX_TEXT = 300;

type Row = [label: string, value: string];
interface MeasuredRow {
  label: string;
  /** The value broken into the lines it takes in its column. */
  lines: string[];
  height: number;
}

/** One job as two columns: who and where on the left, what and when on the right. */
interface JobBlock {
  left: Row[];
  right: Row[];
}

function jobBlock(job: JobSheetJob, kind: CategoryKind): JobBlock {
  const left: Row[] = [['Customer', `${job.user.name}, ${job.user.phone || 'no phone'}`]];
  const right: Row[] = [];

  if (kind === 'tiffin') {
    left.push(['Drop', addressLine(job.deliveryAddress ?? job.address)]);
    left.push(['Pickup', addressLine(job.pickupAddress)]);
    const plan = job.plan ? `${job.plan.name} (${job.plan.duration} days)` : job.service.name;
    right.push(['Plan', `${plan} x ${job.quantity}`]);
    right.push(['Dates', `${formatDay(job.startDate)} to ${formatDay(job.endDate)}`]);
    right.push(['Pickup at', job.pickupTime ?? 'any time']);
    right.push(['Drop at', job.deliveryTime ?? 'any time']);
  } else {
    left.push(['Address', addressLine(job.address)]);
    const items = [`${job.product?.name ?? job.service.name} x ${job.quantity}`];
    for (const a of job.accessories) items.push(`${a.detail.name} x ${a.quantity}`);
    right.push(['Items', items.join('; ')]);
    if (job.returnQuantity > 0) {
      const what = kind === 'oxygen' ? 'cylinder' : 'jar';
      const plural = job.returnQuantity === 1 ? '' : 's';
      right.push(['Collect', `${job.returnQuantity} empty ${what}${plural}`]);
    }
    const slot =
      job.pickupTime && job.deliveryTime
        ? `pickup ${job.pickupTime}, delivery ${job.deliveryTime}`
        : (job.deliveryTime ?? job.pickupTime ?? 'any time');
    right.push(['Time slot', slot]);
  }
  const paid = job.totalAmount ?? job.price + job.deliveryCharge;
  right.push(['Amount', `${formatRupees(paid)}, ${job.paymentMethod || 'Online'}`]);
  if (job.specialInstruction?.trim()) left.push(['Note', job.specialInstruction]);
  return { left, right };
}

/** Pages the reader may fall behind by before `add` waits (each page is 2-3 KB). */
const BEHIND_LIMIT = 256 * 1024;
const countFormat = new Intl.NumberFormat('en-IN');
const jobsText = (n: number) => `${countFormat.format(n)} job${n === 1 ? '' : 's'}`;

/**
 * The job sheet (docs/api.md "The job sheet"): A4, a title naming the service, the filter and the
 * number of open jobs, the jobs grouped by pin code with a heading and count per pin code, one
 * compact block per job kept whole on a page, and 'Page n' in every footer. Written as a
 * stream: each page leaves memory once the next one starts, so the number of jobs does not
 * matter (a page total would need every page kept until the end). Printed in the Noto fonts
 * (server/lib/pdfFonts.ts), so names and addresses in Indian scripts print. No queries here.
 */
export function createJobSheet(heading: JobSheetHeading): JobSheetWriter {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    info: { Title: `Job sheet: ${heading.service.name}`, Author: 'Home services back office' },
  });

  const t = pdfText(doc);
  speedUp(doc, [PDF_FONTS.regular, PDF_FONTS.bold]);

  // pdfkit pushes its bytes whether or not anyone reads them; `add` waits on the reader
  // through `_read`, which a stream calls when its reader wants more.
  let wake: (() => void) | undefined;
  const resume = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  doc._read = resume;
  doc.once('close', resume);
  const caughtUp = () =>
    doc.destroyed || doc.readableLength <= BEHIND_LIMIT
      ? Promise.resolve()
      : new Promise<void>((resolve) => (wake = resolve));

  const x0 = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = doc.page.height - MARGIN.bottom;
  const leftColumn = { x: x0, width: Math.round((width - COLUMN_GAP) * 0.56) };
  const rightColumn = {
    x: x0 + leftColumn.width + COLUMN_GAP,
    width: width - leftColumn.width - COLUMN_GAP,
  };
  const filter = heading.pincode ? `Pin code ${heading.pincode}` : 'All pin codes';
  const printed = printedFormat.format(heading.printedAt);
  const footerText = `Job sheet: ${heading.service.name}, ${filter}, printed ${printed}`;
  const cut =
    heading.limit !== undefined && heading.total > heading.limit ? heading.limit : undefined;
  let y = MARGIN.top;
  let pageNumber = 1;
  const lineHeight = t.font('regular', BODY).currentLineHeight(true);

  // Title: the service, the filter, how many jobs, when printed.
  t.font('bold', 18).fillColor(INK);
  y = t.paragraph(`Job sheet: ${heading.service.name}`, x0, y, width, 'bold');
  const summary = [
    filter,
    ...(heading.search ? [`search "${heading.search}"`] : []),
    `${countFormat.format(heading.total)} open job${heading.total === 1 ? '' : 's'}`,
    `printed ${printed}`,
  ].join('   |   ');
  t.font('regular', BODY).fillColor(MUTED);
  y = t.paragraph(summary, x0, y + 2, width) + 10;
  const cutNotice = cut
    ? `First ${countFormat.format(cut)} of ${jobsText(heading.total)} — download the full sheet from the panel`
    : '';
  if (cutNotice) {
    t.font('bold').fillColor(RED);
    y = t.paragraph(cutNotice, x0, y - 4, width, 'bold') + 8;
  }

  let footerLine: string | undefined;
  /** 'Page n' and what the sheet is, at the foot of the page being left. */
  function footer() {
    const footerY = doc.page.height - MARGIN.bottom + 16;
    t.font('regular', 8.5).fillColor(MUTED);
    const pageText = `Page ${pageNumber}`;
    const pageWidth = t.width(pageText);
    // What the sheet is, kept clear of the page number (a long service name is cut).
    footerLine ??= t.wrap(footerText, width - t.width('Page 000000') - 12)[0] ?? '';
    t.line(footerLine, x0, footerY);
    t.line(pageText, x0 + width - pageWidth, footerY);
  }

  function newPage() {
    footer();
    doc.addPage();
    pageNumber += 1;
    y = MARGIN.top;
  }

  function pincodeHeading(pincode: string, continued: boolean) {
    const name = pincode ? `Pin code ${pincode}` : 'No pin code';
    const count = heading.perPincode.get(pincode);
    const counted = count === undefined ? '' : `   (${jobsText(count)})`;
    const text = `${name}${counted}${continued ? ', continued' : ''}`;
    doc.rect(x0, y, width, 20).fill('#e8eef5');
    t.font('bold', 12).fillColor(INK);
    t.line(text, x0 + 6, y + 1.5, 'bold');
    y += HEADING_HEIGHT;
  }

  /** Each row's value as the lines it takes in its column, and its height. */
  function measure(rows: Row[], column: { width: number }): MeasuredRow[] {
    t.font('regular', BODY);
    const valueWidth = column.width - LABEL_WIDTH;
    return rows.map(([label, text]) => {
      const lines = t.wrap(oneLine(text, MAX_TEXT), valueWidth);
      return { label, lines, height: lines.length * lineHeight };
    });
  }

  /** Draws the rows of one column from `top` (label then value, the reading order). */
  function drawColumn(
    rows: MeasuredRow[],
    column: { x: number; width: number },
    top: number,
  ): number {
    const x = column.x + LABEL_WIDTH;
    let at = top;
    t.font('regular', BODY);
    for (const row of rows) {
      doc.fillColor(MUTED);
      t.line(row.label, column.x, at, 'bold');
      doc.fillColor(INK);
      for (const [i, line] of row.lines.entries()) t.line(line, x, at + i * lineHeight);
      at += row.height + ROW_GAP;
    }
    return at;
  }

  function drawBlock(job: JobSheetJob, left: MeasuredRow[], right: MeasuredRow[]) {
    const top = y;
    t.font('bold', 11).fillColor(INK);
    t.line(job.orderId, x0, top - 1.5, 'bold');
    const placed = `${job.status}, placed ${placedFormat.format(new Date(job.createdAt))}`;
    t.font('regular', 9).fillColor(MUTED);
    const placedWidth = t.width(placed);
    t.line(placed, x0 + width - placedWidth, top);
    if (job.isEmergency) {
      t.font('bold', 9);
      const badge = t.width('EMERGENCY', 'bold') + 8;
      const x = x0 + width - placedWidth - badge - 10;
      doc.rect(x, top, badge, 12).fill(RED);
      doc.fillColor('#ffffff');
      t.line('EMERGENCY', x + 4, top - 0.5, 'bold');
    }
    const rowsTop = top + ORDER_LINE;
    y = Math.max(drawColumn(left, leftColumn, rowsTop), drawColumn(right, rightColumn, rowsTop));
    y += 3;
    doc
      .moveTo(x0, y)
      .lineTo(x0 + width, y)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    y += 5;
  }

  const rowsHeight = (rows: MeasuredRow[]) => rows.reduce((h, row) => h + row.height + ROW_GAP, 0);
  /** The pin code being written (undefined before the first job). */
  let pincode: string | undefined;
  let written = 0;

  function drawJob(job: JobSheetJob) {
    const first = job.pincode !== pincode;
    pincode = job.pincode;
    const b = jobBlock(job, heading.service.kind);
    const left = measure(b.left, leftColumn);
    const right = measure(b.right, rightColumn);
    const blockHeight = ORDER_LINE + Math.max(rowsHeight(left), rowsHeight(right)) + 8;
    // A heading stays with its first job; a job is never split across pages.
    const need = blockHeight + (first ? HEADING_HEIGHT : 0);
    if (y + need > bottom) {
      newPage();
      if (!first) pincodeHeading(job.pincode, true);
    }
    if (first) pincodeHeading(job.pincode, false);
    drawBlock(job, left, right);
    written += 1;
  }

  return {
    pdf: doc,
    get closed() {
      return doc.destroyed;
    },
    get written() {
      return written;
    },
    async add(jobs) {
      for (const [i, job] of jobs.entries()) {
        if (doc.destroyed) return;
        drawJob(job);
        // Thousands of jobs take a while: now and then (and after each batch) let other
        // requests in, let the pages written so far go out, and wait if the reader is behind.
        if (written % YIELD_EVERY === 0 || i === jobs.length - 1) {
          await new Promise((resolve) => setImmediate(resolve));
          await caughtUp();
        }
      }
    },
    end() {
      if (doc.destroyed) return;
      t.font('regular', 12).fillColor(INK);
      if (written === 0) {
        t.line('No open jobs match this filter.', x0, y);
      } else if (cut && heading.total > written) {
        if (y + 2 * lineHeight > bottom) newPage();
        t.font('bold', BODY).fillColor(RED);
        const rest = heading.total - written;
        const more = `${countFormat.format(rest)} more job${rest === 1 ? '' : 's'} not shown: download the full sheet from the panel.`;
        t.line(more, x0, y + 4, 'bold');
      }
      footer();
      doc.end();
    },
  };
}

/** The whole sheet in memory (the base64 sheet of assign-jobs, at most `heading.limit` jobs). */
export async function renderJobSheet(
  heading: JobSheetHeading,
  batches: AsyncIterable<readonly JobSheetJob[]> | Iterable<readonly JobSheetJob[]>,
): Promise<Buffer> {
  const sheet = createJobSheet(heading);
  const chunks: Buffer[] = [];
  sheet.pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    sheet.pdf.on('end', () => resolve(Buffer.concat(chunks)));
    sheet.pdf.on('error', reject);
  });
  for await (const jobs of batches) await sheet.add(jobs);
  sheet.end();
  return done;
}
