/**
 * What the job sheet changes in pdfkit (0.20, pinned) to lay out thousands of jobs quickly: the
 * output bytes are the same, only fewer are computed twice. Each change checks that the pdfkit
 * internals it relies on are there, and does nothing otherwise. Measured on 5 000 jobs: 2.2-2.9 s
 * of CPU before, about 1 s after (bench/job-sheet.ts). The sheet prints in the embedded Noto
 * fonts (server/lib/pdfFonts.ts, which also spares fontkit most of its shaping); the kerning
 * part below served the built-in Helvetica and does nothing for them.
 */

/** Remembered widths and encodings, and operators gathered per page, for `doc` in `fonts`. */
export function speedUp(doc: PDFKit.PDFDocument, fonts: string[]) {
  rememberWidths(doc, fonts);
  gatherContent(doc);
}

/** What the sheet uses of a pdfkit font object (not in pdfkit's types). */
interface FontMetrics {
  widthOfString(text: string, size: number, features?: unknown): number;
  encode(text: string, features?: unknown): [string[], object[]];
  font?: { getKernPair?(left: string, right: string): number; kernPairs?: Record<string, number> };
}

/**
 * pdfkit measures each string it draws three times (and the sheet a fourth), each time laying it
 * out again (for the built-in fonts, looking up a kerning pair per letter under a freshly built
 * key): for thousands of jobs that is most of the sheet's time. A font's widths never change,
 * so each font remembers them (at size 1000; widths scale with the size), and a built-in font's
 * kerning pairs are looked up without building strings. Output is unchanged; if pdfkit's
 * internals ever differ, this does nothing.
 */
function rememberWidths(doc: PDFKit.PDFDocument, fonts: string[]) {
  for (const name of fonts) {
    doc.font(name);
    const font = (doc as unknown as { _font?: FontMetrics })._font;
    if (typeof font?.widthOfString !== 'function') continue;
    const afm = font.font;
    if (afm?.kernPairs && typeof afm.getKernPair === 'function') {
      const kerning = new Map<string, Map<string, number>>();
      for (const [key, amount] of Object.entries(afm.kernPairs)) {
        const [left = '', right = ''] = key.split('\0');
        let row = kerning.get(left);
        if (!row) kerning.set(left, (row = new Map()));
        row.set(right, amount);
      }
      afm.getKernPair = (left, right) => kerning.get(left)?.get(right) ?? 0;
    }
    const measure = font.widthOfString.bind(font);
    const widths = new Map<string, number>();
    font.widthOfString = (text, size, features) => {
      if (features) return measure(text, size, features);
      let width = widths.get(text);
      if (width === undefined) {
        if (widths.size > 20_000) widths.clear();
        width = measure(text, 1000);
        widths.set(text, width);
      }
      return (width * size) / 1000;
    };
    // Labels and other short texts recur on every job: encode them once (pdfkit only reads
    // the arrays it gets back).
    const encode = font.encode.bind(font);
    const encoded = new Map<string, [string[], object[]]>();
    font.encode = (text, features) => {
      if (features || text.length > 24) return encode(text, features);
      let result = encoded.get(text);
      if (!result) {
        if (encoded.size > 2_000) encoded.clear();
        result = encode(text);
        encoded.set(text, result);
      }
      return result;
    };
  }
}

/**
 * pdfkit turns every drawing operator into a byte array of its own (some 200 per job); a page's
 * operators are written into one buffer instead and handed over when the page ends (before any
 * page is added, and before the document ends). Same bytes out.
 */
function gatherContent(doc: PDFKit.PDFDocument) {
  let page = Buffer.allocUnsafe(64 * 1024);
  let used = 0;
  const flush = () => {
    if (!used) return;
    // A copy: pdfkit keeps the bytes it is given until the page ends.
    doc.page.write(Uint8Array.prototype.slice.call(page, 0, used));
    used = 0;
  };
  const addPage = doc.addPage.bind(doc);
  const end = doc.end.bind(doc);
  doc.addContent = (data: string) => {
    if (used + data.length + 1 > page.length) {
      const bigger = Buffer.allocUnsafe(Math.max(page.length * 2, used + data.length + 1));
      page.copy(bigger, 0, 0, used);
      page = bigger;
    }
    used += page.write(data, used, 'latin1');
    page[used++] = 10; // '\n', as pdfkit ends each operator
    return doc;
  };
  doc.addPage = (options) => {
    flush();
    return addPage(options);
  };
  doc.end = () => {
    flush();
    end();
  };
}
