import { oneLine, type PdfText, type Weight } from '../../lib/pdfFonts';

export const MARGIN = { top: 36, bottom: 40, left: 36, right: 36 };
export const INK = '#111111';
export const MUTED = '#555555';
const RULE = '#bbbbbb';
const SHADE = '#eef2f6';
export const BODY = 9;
export const SMALL = 7.5;
export const CELL_PAD = 3;
/** Longest text a cell or block shows (an address, a product name). */
export const MAX_TEXT = 300;

/** A table's column; `cell` gives a cell's lines: the first in the body size, then small ones. */
export interface Column<T> {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (item: T, n: number) => string[];
}

/** Columns as drawn (their cells already given). */
type ColumnBox = Omit<Column<never>, 'cell'>;

/** `columns` with the first `flex` one widened to fill `width`. */
export function fitColumns<T>(columns: Column<T>[], flex: number, width: number): Column<T>[] {
  const used = columns.reduce((sum, c, i) => sum + (i === flex ? 0 : c.width), 0);
  return columns.map((c, i) => (i === flex ? { ...c, width: width - used } : c));
}

/**
 * Where an invoice is being written on its pages: the cursor `y`, and what keeps a block whole
 * (a new page headed `continued` when it would not fit), rules and table rows.
 */
export class InvoiceSheet {
  y = MARGIN.top;
  readonly x0 = MARGIN.left;
  readonly width: number;
  readonly bottom: number;
  readonly lineHeight: number;
  readonly smallHeight: number;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly t: PdfText,
    /** The line a page of this invoice after its first starts with. */
    private readonly continued: string,
  ) {
    doc.addPage();
    this.width = doc.page.width - MARGIN.left - MARGIN.right;
    this.bottom = doc.page.height - MARGIN.bottom;
    this.lineHeight = t.font('regular', BODY).currentLineHeight(true);
    this.smallHeight = t.font('regular', SMALL).currentLineHeight(true);
  }

  /** Goes on to a new page unless `height` fits below the cursor. */
  room(height: number) {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.y = MARGIN.top;
    this.t.font('bold', BODY).fillColor(MUTED);
    this.t.line(this.continued, this.x0, this.y, 'bold');
    this.y += 18;
  }

  rule(at = this.y, colour = RULE) {
    this.doc
      .moveTo(this.x0, at)
      .lineTo(this.x0 + this.width, at)
      .lineWidth(0.6)
      .strokeColor(colour)
      .stroke();
  }

  /** Draws `text` on one line, its right end at `right`. */
  lineRight(text: string, right: number, y: number, weight: Weight = 'regular') {
    this.t.line(text, right - this.t.width(text, weight), y, weight);
  }

  /** A table's shaded heading row, kept with the row after it. */
  header(columns: readonly ColumnBox[]) {
    const { t, smallHeight } = this;
    t.font('bold', SMALL);
    const wrapped = columns.map((c) => t.wrap(c.header, c.width - 2 * CELL_PAD, 'bold'));
    const height = Math.max(...wrapped.map((w) => w.length)) * smallHeight + 2 * CELL_PAD;
    this.room(height + 2 * this.lineHeight);
    this.doc.rect(this.x0, this.y, this.width, height).fill(SHADE);
    this.doc.fillColor(INK);
    let x = this.x0;
    for (const [i, c] of columns.entries()) {
      for (const [k, text] of wrapped[i]!.entries()) {
        const top = this.y + CELL_PAD + k * smallHeight;
        if (c.align === 'right') this.lineRight(text, x + c.width - CELL_PAD, top, 'bold');
        else t.line(text, x + CELL_PAD, top, 'bold');
      }
      x += c.width;
    }
    this.y += height;
  }

  /** One row, kept whole: each cell's first line in the body size (wrapped), then small ones. */
  row(cells: string[][], columns: readonly ColumnBox[], bold = false) {
    const { t, lineHeight, smallHeight } = this;
    const weight: Weight = bold ? 'bold' : 'regular';
    t.font(weight, BODY);
    const main = cells.map((c, i) =>
      t.wrap(oneLine(c[0] ?? '', MAX_TEXT), columns[i]!.width - 2 * CELL_PAD, weight),
    );
    const height =
      Math.max(
        ...cells.map((c, i) => main[i]!.length * lineHeight + (c.length - 1) * smallHeight),
      ) +
      2 * CELL_PAD;
    this.room(height);
    let x = this.x0;
    for (const [i, c] of columns.entries()) {
      let top = this.y + CELL_PAD;
      const draw = (text: string, w: Weight) =>
        c.align === 'right'
          ? this.lineRight(text, x + c.width - CELL_PAD, top, w)
          : t.line(text, x + CELL_PAD, top, w);
      t.font(weight, BODY).fillColor(INK);
      for (const text of main[i]!) {
        draw(text, weight);
        top += lineHeight;
      }
      t.font('regular', SMALL).fillColor(MUTED);
      for (const text of cells[i]!.slice(1)) {
        draw(text, 'regular');
        top += smallHeight;
      }
      x += c.width;
    }
    this.y += height;
    this.rule();
  }

  /** A shaded band behind the next `height` points (the amount payable). */
  shade(x: number, width: number, height: number) {
    this.doc.rect(x, this.y - 2, width, height).fill(SHADE);
  }
}
