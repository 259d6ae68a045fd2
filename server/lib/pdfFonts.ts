/**
 * The fonts of the PDFs (the job sheet, the run sheet): Noto Sans, which covers Latin,
 * Devanagari (Hindi, Marathi, Nepali...) and the rupee sign, and Noto Sans of each other Indian
 * script: Bengali (and Assamese), Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam.
 * The TTF files come from npm packages (@expo-google-fonts/*, SIL Open Font License), so a fresh
 * `npm install` brings them; pdfkit embeds only the glyphs a document uses.
 *
 * Text is split into runs by script and each run drawn in the font of its script (fontkit shapes
 * conjuncts and vowel signs), so a line mixing an English street, a Tamil name, digits and ₹
 * prints whole. Characters no font has (emoji, other scripts) print as an empty box.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const WEIGHTS = { regular: '400Regular', bold: '700Bold' } as const;
export type Weight = keyof typeof WEIGHTS;

interface Script {
  /** First and last code point of its Unicode block. */
  from: number;
  to: number;
  /** The names its fonts are registered under in a document. */
  names: Record<Weight, string>;
  /** The font files. */
  files: Record<Weight, string>;
}

// Resolved from this module (or from the bundle in build/server) up to the project's
// node_modules, once at start: a missing package stops the server starting, not a sheet.
const resolve = createRequire(import.meta.url).resolve;

/** A script and its fonts: @expo-google-fonts/<pkg>, files <stem>_400Regular.ttf and _700Bold. */
function script(pkg: string, stem: string, from = 0, to = 0): Script {
  const names = {} as Record<Weight, string>;
  const files = {} as Record<Weight, string>;
  for (const [weight, dir] of Object.entries(WEIGHTS) as [Weight, string][]) {
    names[weight] = `${stem}-${weight}`;
    files[weight] = resolve(`@expo-google-fonts/${pkg}/${dir}/${stem}_${dir}.ttf`);
  }
  return { from, to, names, files };
}

/** Noto Sans: Latin, Greek, Cyrillic, Devanagari, digits and ₹. */
const BASE = script('noto-sans', 'NotoSans');
/** The Indian scripts Noto Sans lacks, each with its own font, by Unicode block. */
const SCRIPTS: readonly Script[] = [
  script('noto-sans-bengali', 'NotoSansBengali', 0x0980, 0x09ff),
  script('noto-sans-gurmukhi', 'NotoSansGurmukhi', 0x0a00, 0x0a7f),
  script('noto-sans-gujarati', 'NotoSansGujarati', 0x0a80, 0x0aff),
  script('noto-sans-oriya', 'NotoSansOriya', 0x0b00, 0x0b7f),
  script('noto-sans-tamil', 'NotoSansTamil', 0x0b80, 0x0bff),
  script('noto-sans-telugu', 'NotoSansTelugu', 0x0c00, 0x0c7f),
  script('noto-sans-kannada', 'NotoSansKannada', 0x0c80, 0x0cff),
  script('noto-sans-malayalam', 'NotoSansMalayalam', 0x0d00, 0x0d7f),
];

/** Noto Sans regular and bold as registered in a document set up by `pdfText`. */
export const PDF_FONTS: Readonly<Record<Weight, string>> = BASE.names;

/** Every font file the PDFs may embed (18: nine families, regular and bold). */
export const pdfFontFiles = (): string[] =>
  [BASE, ...SCRIPTS].flatMap((s) => [s.files.regular, s.files.bold]);

/** A fontkit font, as pdfkit opens it (only what is used here). */
interface FontkitFont {
  layout(text: string): unknown;
}

/**
 * Each font's bytes, read once per process; once a document has opened it, the parsed font
 * itself (pdfkit takes a fontkit font as a source), so later documents neither read nor parse
 * it again, and share what fontkit remembers of its glyphs. Read when first used.
 */
const sources = new Map<string, Buffer | FontkitFont>();

function sourceOf(s: Script, weight: Weight): Buffer | FontkitFont {
  const name = s.names[weight];
  let source = sources.get(name);
  if (!source) sources.set(name, (source = readFileSync(s.files[weight])));
  return source;
}

interface GposProcessor {
  applyAnchor?: (markRecord: { markAnchor?: unknown } | null, base: unknown, at: number) => void;
  [GUARDED]?: true;
}
const GUARDED = Symbol('null anchors guarded');

/**
 * fontkit 2.0.4 (pdfkit's) throws on a mark-to-base anchor the font leaves empty, which the
 * OpenType spec allows and Noto Sans Telugu and Gurmukhi have (శ్రీ, ਪੰਜਾਬ): foliojs/fontkit#367.
 * Like HarfBuzz, an empty anchor now leaves the mark where it is. Patched once, on the class
 * every font's positioning shares; does nothing if fontkit's internals differ.
 */
function guardNullAnchors(font: FontkitFont) {
  const engine = (font as { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } })
    ._layoutEngine?.engine;
  const gpos = engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as GposProcessor;
  const apply = proto.applyAnchor;
  if (typeof apply !== 'function' || proto[GUARDED]) return;
  proto.applyAnchor = function (this: unknown, markRecord, base, at) {
    if (!base || !markRecord?.markAnchor) return;
    apply.call(this, markRecord, base, at);
  };
  proto[GUARDED] = true;
}

/** What pdfkit's font object of a document answers for one word (its internals). */
interface WordLayout {
  glyphs: unknown[];
  positions: unknown[];
  advanceWidth: number;
}
interface EmbeddedFont {
  layoutCached?: (word: string) => WordLayout;
}

/** A word with digits and no combining marks: order numbers, phone numbers, amounts. */
const NUMBERED = /\d/;
const MARKS = /\p{M}/u;
const PIECES = /\d{1,3}|\D+/g;

/**
 * pdfkit shapes each word once per document through fontkit (about 0.1 ms a word), and every
 * order number is a new word: most of a long sheet's time. Noto Sans's digits are tabular, with
 * no kerning or ligature to their neighbours, so a word with digits is laid out as its pieces
 * (letters, and digits three at a time), which recur from job to job: the same glyphs and
 * positions, and pdfkit's per-document cache of words stays small. Words with combining marks
 * (Indian scripts) are shaped whole. Does nothing if pdfkit's internals differ.
 */
function layOutNumbersInPieces(font: EmbeddedFont) {
  const cached = font.layoutCached?.bind(font);
  if (!cached) return;
  font.layoutCached = (word) => {
    if (word.length < 4 || !NUMBERED.test(word) || MARKS.test(word)) return cached(word);
    const pieces = word.match(PIECES)!;
    if (pieces.length === 1) return cached(word);
    const glyphs: unknown[] = [];
    const positions: unknown[] = [];
    let advanceWidth = 0;
    for (const piece of pieces) {
      const run = cached(piece);
      glyphs.push(...run.glyphs);
      positions.push(...run.positions);
      advanceWidth += run.advanceWidth;
    }
    return { glyphs, positions, advanceWidth };
  };
}

/** The script of a code point with a font of its own, or BASE, or null for shared characters. */
function scriptOf(cp: number): Script | null {
  if (cp >= 0x0980 && cp <= 0x0d7f) {
    for (const s of SCRIPTS) if (cp >= s.from && cp <= s.to) return s;
  }
  // Spaces, digits, ASCII punctuation, no-break space, zero-width (non-)joiners, the dandas,
  // the rupee sign and the dotted circle are in every one of the fonts: they join the run they
  // are in, so a Tamil name with a comma and a house number stays one run.
  if (cp < 0x80) return /[A-Za-z]/.test(String.fromCharCode(cp)) ? BASE : null;
  if (
    cp === 0xa0 ||
    (cp >= 0x200b && cp <= 0x200d) ||
    cp === 0x0964 ||
    cp === 0x0965 ||
    cp === 0x20b9 ||
    cp === 0x25cc
  ) {
    return null;
  }
  return BASE;
}

interface ScriptRun {
  text: string;
  script: Script;
}

/** `text` cut into runs of one font each (shared characters alone are Noto Sans). */
function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let current: ScriptRun | undefined;
  let pending = '';
  for (const ch of text) {
    const s = scriptOf(ch.codePointAt(0)!);
    if (!s) {
      if (current) current.text += ch;
      else pending += ch;
    } else if (current?.script === s) {
      current.text += ch;
    } else {
      current = { text: pending + ch, script: s };
      pending = '';
      runs.push(current);
    }
  }
  if (pending) runs.push({ text: pending, script: BASE });
  return runs;
}

/** True when the text needs no font but Noto Sans (most text: Latin, Hindi, digits, ₹). */
const OTHER_SCRIPTS = /[\u0980-\u0d7f]/;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Text for one block of a sheet: line breaks and runs of spaces folded, and text longer than
 * `max` cut (between graphemes, so never inside a letter and its signs) with '...'.
 */
export function oneLine(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  let cut = '';
  for (const { segment } of graphemes.segment(plain)) {
    if (cut.length + segment.length > max - 3) break;
    cut += segment;
  }
  return `${cut.trimEnd()}...`;
}

/** Text drawn in the Noto fonts on one document: measured, wrapped and drawn run by run. */
export interface PdfText {
  /** Switches `doc` to Noto Sans of `weight` (and `size` when given), for `doc`'s own calls. */
  font(weight: Weight, size?: number): PDFKit.PDFDocument;
  /** The width of `text` at the current size, as `line` draws it. */
  width(text: string, weight?: Weight): number;
  /** Draws `text` on one line with its top at `y` (no wrapping); answers its width. */
  line(text: string, x: number, y: number, weight?: Weight): number;
  /**
   * The lines `text` takes in `width` at the current size: spaces folded, words kept whole (a
   * word longer than a line is cut between letters, never inside a letter and its signs).
   */
  wrap(text: string, width: number, weight?: Weight): string[];
  /** Draws `text` wrapped in `width` from `y`; answers the y below its last line. */
  paragraph(text: string, x: number, y: number, width: number, weight?: Weight): number;
}

/** What the sheets use of pdfkit's document beyond its types. */
interface DocInternals {
  _fontSize: number;
  _font?: { ascender: number; font?: FontkitFont } & EmbeddedFont;
}

/**
 * Sets `doc` up for the Noto fonts and switches it to Noto Sans regular. The other scripts'
 * fonts are registered as they are first used, so a document embeds only those it needs.
 */
export function pdfText(doc: PDFKit.PDFDocument): PdfText {
  const internals = doc as unknown as DocInternals;
  /** pdfkit's font object of each font opened in this document. */
  const opened = new Map<string, object>();

  /** Switches `doc` to the font of `s`, registering and opening it on first use. */
  function switchTo(s: Script, weight: Weight) {
    const name = s.names[weight];
    const known = opened.get(name);
    if (known) {
      if (internals._font !== known) doc.font(name);
      return;
    }
    doc.registerFont(name, sourceOf(s, weight) as Buffer);
    doc.font(name);
    const embedded = internals._font!;
    opened.set(name, embedded);
    const fontkitFont = embedded.font;
    if (typeof fontkitFont?.layout === 'function') {
      guardNullAnchors(fontkitFont);
      sources.set(name, fontkitFont);
    }
    layOutNumbersInPieces(embedded);
  }

  /** The width of one run; a run fontkit cannot lay out is printed as question marks. */
  function measured(run: ScriptRun, weight: Weight): { run: ScriptRun; width: number } {
    switchTo(run.script, weight);
    try {
      return { run, width: doc.widthOfString(run.text) };
    } catch {
      const plain = { text: run.text.replace(/[^\x20-\x7e]/g, '?'), script: BASE };
      switchTo(BASE, weight);
      return { run: plain, width: doc.widthOfString(plain.text) };
    }
  }

  const runsOf = (text: string, weight: Weight) =>
    (OTHER_SCRIPTS.test(text) ? scriptRuns(text) : [{ text, script: BASE }]).map((run) =>
      measured(run, weight),
    );

  function font(weight: Weight, size?: number) {
    switchTo(BASE, weight);
    return size === undefined ? doc : doc.fontSize(size);
  }

  function width(text: string, weight: Weight = 'regular'): number {
    if (!OTHER_SCRIPTS.test(text)) return measured({ text, script: BASE }, weight).width;
    let sum = 0;
    for (const run of runsOf(text, weight)) sum += run.width;
    switchTo(BASE, weight);
    return sum;
  }

  function line(text: string, x: number, y: number, weight: Weight = 'regular'): number {
    const runs = runsOf(text, weight);
    let at = x;
    const [first] = runs;
    if (runs.length === 1 && first!.run.script === BASE) {
      // The common case: one run in Noto Sans, the font `runsOf` left `doc` in.
      doc.text(first!.run.text, x, y, { lineBreak: false });
      at += first!.width;
    } else {
      switchTo(BASE, weight);
      // Every run sits on the baseline Noto Sans puts under a line whose top is `y`.
      const baseline = y + (internals._font!.ascender / 1000) * internals._fontSize;
      for (const { run, width: w } of runs) {
        switchTo(run.script, weight);
        doc.text(run.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' });
        at += w;
      }
      switchTo(BASE, weight);
    }
    return at - x;
  }

  /** `word` cut into pieces at most `max` wide, between graphemes. */
  function cutWord(word: string, max: number, weight: Weight): string[] {
    const pieces: string[] = [];
    let piece = '';
    for (const { segment } of graphemes.segment(word)) {
      if (piece && width(piece + segment, weight) > max) {
        pieces.push(piece);
        piece = segment;
      } else {
        piece += segment;
      }
    }
    if (piece) pieces.push(piece);
    return pieces;
  }

  function wrap(text: string, max: number, weight: Weight = 'regular'): string[] {
    const value = text.replace(/\s+/g, ' ').trim();
    if (width(value, weight) <= max) return [value];
    // Words are measured one by one, so the widths remembered for the words of thousands of
    // addresses and notes serve each other.
    const space = width(' ', weight);
    const lines: string[] = [];
    let current = '';
    let currentWidth = 0;
    for (const word of value.split(' ')) {
      const wordWidth = width(word, weight);
      if (current && currentWidth + space + wordWidth <= max) {
        current += ` ${word}`;
        currentWidth += space + wordWidth;
        continue;
      }
      if (current) lines.push(current);
      if (wordWidth <= max) {
        current = word;
        currentWidth = wordWidth;
        continue;
      }
      const pieces = cutWord(word, max, weight);
      current = pieces.pop() ?? '';
      currentWidth = width(current, weight);
      lines.push(...pieces);
    }
    if (current) lines.push(current);
    return lines;
  }

  function paragraph(text: string, x: number, y: number, max: number, weight?: Weight): number {
    const height = doc.currentLineHeight(true);
    let at = y;
    for (const part of wrap(text, max, weight)) {
      line(part, x, at, weight);
      at += height;
    }
    return at;
  }

  // Noto Sans is always used: registered at once (the job sheet's speed-ups look both up).
  font('bold');
  font('regular');
  return { font, width, line, wrap, paragraph };
}
