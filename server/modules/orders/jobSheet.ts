import PDFDocument from 'pdfkit';
import type { CategoryKind, OrderAddress } from '../../db/schema';
import type { OrderAccessoryDto, OrderDto } from './dto';

export type JobSheetJob = OrderDto & { accessories: OrderAccessoryDto[] };

export interface JobSheetInput {
  service: { name: string; kind: CategoryKind };
  /** The pin code filter; undefined = every pin code. */
  pincode?: string;
  search?: string;
  printedAt: Date;
  /** In the sheet's order: by pin code, emergencies first, then oldest first. */
  jobs: JobSheetJob[];
}

const MARGIN = { top: 40, bottom: 48, left: 40, right: 40 };
const LABEL_WIDTH = 54;
const COLUMN_GAP = 14;
const ORDER_LINE = 16;
const HEADING_HEIGHT = 26;
const ROW_GAP = 1.5;
const YIELD_EVERY = 100;
const BODY = 10;
const INK = '#111111';
const MUTED = '#555555';
const RED = '#c62828';

const INDIA = 'Asia/Kolkata';
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

/** The built-in Helvetica has no rupee glyph, so amounts read 'Rs. 1,250.00'. */
const rupeeFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
export function formatRupeesPlain(value: number): string {
  return `Rs. ${rupeeFormat.format(value)}`;
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

/**
 * Text as the built-in font can print it on one block: the rupee sign spelled out, line breaks
 * and runs of spaces folded, and overlong notes cut.
 */
function printable(text: string): string {
  const plain = text.replace(/₹\s*/g, 'Rs. ').replace(/\s+/g, ' ').trim();
  return plain.length > MAX_TEXT ? `${plain.slice(0, MAX_TEXT - 3)}...` : plain;
}

type Row = [label: string, value: string];
interface MeasuredRow {
  label: string;
  value: string;
  oneLine: boolean;
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
  right.push(['Amount', `${formatRupeesPlain(paid)}, ${job.paymentMethod || 'Online'}`]);
  if (job.specialInstruction?.trim()) left.push(['Note', job.specialInstruction]);
  return { left, right };
}

/**
 * The job sheet (docs/api.md "The job sheet"): A4, a title naming the service and the filter,
 * the jobs grouped by pin code with a heading and count per pin code, one compact block per
 * job kept whole on a page, and 'Page n of m' in every footer. Built in memory from rows the
 * caller has already fetched (no queries here).
 */
export async function renderJobSheet(input: JobSheetInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: `Job sheet: ${input.service.name}`, Author: 'Home services back office' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const x0 = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = doc.page.height - MARGIN.bottom;
  const leftColumn = { x: x0, width: Math.round((width - COLUMN_GAP) * 0.56) };
  const rightColumn = {
    x: x0 + leftColumn.width + COLUMN_GAP,
    width: width - leftColumn.width - COLUMN_GAP,
  };
  const filter = input.pincode ? `Pin code ${input.pincode}` : 'All pin codes';
  const printed = printedFormat.format(input.printedAt);
  let y = MARGIN.top;
  const lineHeight = doc.font('Helvetica').fontSize(BODY).currentLineHeight(true);

  // Title: the service, the filter, how many jobs, when printed.
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(`Job sheet: ${input.service.name}`, x0, y, { width });
  const n = input.jobs.length;
  const summary = [
    filter,
    ...(input.search ? [`search "${input.search}"`] : []),
    `${n} open job${n === 1 ? '' : 's'}`,
    `printed ${printed}`,
  ].join('   |   ');
  doc
    .font('Helvetica')
    .fontSize(BODY)
    .fillColor(MUTED)
    .text(summary, x0, doc.y + 2, { width });
  y = doc.y + 10;
  if (n === 0) {
    doc.fontSize(12).fillColor(INK).text('No open jobs match this filter.', x0, y, { width });
  }

  function heading(pincode: string, count: number, continued: boolean) {
    const name = pincode ? `Pin code ${pincode}` : 'No pin code';
    const text = `${name}   (${count} job${count === 1 ? '' : 's'})${continued ? ', continued' : ''}`;
    doc.rect(x0, y, width, 20).fill('#e8eef5');
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(INK)
      .text(text, x0 + 6, y + 5, { width: width - 12, lineBreak: false });
    y += HEADING_HEIGHT;
  }

  /**
   * Each value's height in its column. Most values fit on one line: measuring their width is
   * much cheaper than running the line wrapper, which only the longer ones need (thousands of
   * jobs make this the sheet's main cost).
   */
  function measure(rows: Row[], column: { width: number }): MeasuredRow[] {
    doc.font('Helvetica').fontSize(BODY);
    const valueWidth = column.width - LABEL_WIDTH;
    return rows.map(([label, text]) => {
      const value = printable(text);
      const oneLine = doc.widthOfString(value) <= valueWidth;
      const height = oneLine ? lineHeight : doc.heightOfString(value, { width: valueWidth });
      return { label, value, oneLine, height };
    });
  }

  /** Draws the rows of one column from `top` (label then value, the reading order). */
  function drawColumn(
    rows: MeasuredRow[],
    column: { x: number; width: number },
    top: number,
  ): number {
    let at = top;
    for (const row of rows) {
      doc.font('Helvetica-Bold').fontSize(BODY).fillColor(MUTED);
      doc.text(row.label, column.x, at, { lineBreak: false });
      doc.font('Helvetica').fillColor(INK);
      const x = column.x + LABEL_WIDTH;
      if (row.oneLine) doc.text(row.value, x, at, { lineBreak: false });
      else doc.text(row.value, x, at, { width: column.width - LABEL_WIDTH });
      at += row.height + ROW_GAP;
    }
    return at;
  }

  function drawBlock(job: JobSheetJob, left: MeasuredRow[], right: MeasuredRow[]) {
    const top = y;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(job.orderId, x0, top, { width: width / 2, lineBreak: false });
    const placed = `${job.status}, placed ${placedFormat.format(new Date(job.createdAt))}`;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    const placedWidth = doc.widthOfString(placed);
    doc.text(placed, x0 + width - placedWidth, top + 1.5, { lineBreak: false });
    if (job.isEmergency) {
      doc.font('Helvetica-Bold').fontSize(9);
      const badge = doc.widthOfString('EMERGENCY') + 8;
      const x = x0 + width - placedWidth - badge - 10;
      doc.rect(x, top, badge, 12).fill(RED);
      doc.fillColor('#ffffff').text('EMERGENCY', x + 4, top + 2, { lineBreak: false });
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

  let drawn = 0;
  for (const [pincode, jobs] of groupByPincode(input.jobs)) {
    for (const [i, job] of jobs.entries()) {
      // A sheet of thousands of jobs takes seconds: let other requests in now and then.
      if (++drawn % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      const b = jobBlock(job, input.service.kind);
      const left = measure(b.left, leftColumn);
      const right = measure(b.right, rightColumn);
      const rowsHeight = (rows: MeasuredRow[]) =>
        rows.reduce((h, row) => h + row.height + ROW_GAP, 0);
      const blockHeight = ORDER_LINE + Math.max(rowsHeight(left), rowsHeight(right)) + 8;
      // A heading stays with its first job; a job is never split across pages.
      const need = blockHeight + (i === 0 ? HEADING_HEIGHT : 0);
      if (y + need > bottom) {
        doc.addPage();
        y = MARGIN.top;
        if (i > 0) heading(pincode, jobs.length, true);
      }
      if (i === 0) heading(pincode, jobs.length, false);
      drawBlock(job, left, right);
    }
  }

  // Footers, now that the page count is known.
  const range = doc.bufferedPageRange();
  const footer = `Job sheet: ${input.service.name}, ${filter}, printed ${printed}`;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Text inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - MARGIN.bottom + 18;
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
    doc.text(footer, x0, footerY, { width: width - 80, lineBreak: false });
    const pageText = `Page ${i + 1} of ${range.count}`;
    doc.text(pageText, x0 + width - doc.widthOfString(pageText), footerY, { lineBreak: false });
  }
  doc.end();
  return done;
}

/** Consecutive jobs of one pin code (the rows arrive sorted by pin code). */
function groupByPincode(jobs: JobSheetJob[]): [string, JobSheetJob[]][] {
  const groups: [string, JobSheetJob[]][] = [];
  for (const job of jobs) {
    const last = groups.at(-1);
    if (last && last[0] === job.pincode) last[1].push(job);
    else groups.push([job.pincode, [job]]);
  }
  return groups;
}
