import { referenceKey, toPaise } from '@shared/account';
import { formatPaise } from '@shared/gst';
import { badRequest } from '../../lib/errors';

/*
 * A UPI / bank settlement file (issue 36), as docs/api.md documents it: a header line
 * `date,reference,amount,payer`, then one credit a line. The whole file is read and checked
 * before anything is stored; a problem is answered with the line of the file it is on.
 * No CSV library is a dependency, and the layout is four plain fields: RFC 4180 (quotes,
 * doubled quotes, CRLF or LF) is read here.
 */

export const SETTLEMENT_HEADER = ['date', 'reference', 'amount', 'payer'] as const;
export const SETTLEMENT_MAX_LINES = 50_000;
/** As a payment recorded by hand (account/record-payment). */
export const SETTLEMENT_MAX_PAISE = 10_00_000 * 100;
/** Problems named in one answer; a file wrong everywhere is usually a wrong layout. */
const MAX_PROBLEMS = 5;

export interface SettlementLineIn {
  /** The line of the file (1 is the header). */
  lineNo: number;
  /** YYYY-MM-DD. */
  day: string;
  reference: string;
  referenceKey: string;
  /** Paise, > 0. */
  amount: number;
  payer: string | null;
}

interface CsvRecord {
  lineNo: number;
  fields: string[];
}

/** The records of a CSV text, each with the file line it starts on; blank lines skipped. */
export function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false; // the record has a character (or a quote) in it
  const end = () => {
    fields.push(field);
    if (touched) records.push({ lineNo: start, fields });
    fields = [];
    field = '';
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      touched = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      touched = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else {
      field += ch;
      if (ch.trim()) touched = true;
    }
  }
  if (quoted) {
    throw badRequest(`Line ${start}: a quoted value is not closed (a " is missing).`);
  }
  end();
  return records;
}

const DASHED = /^(\d{4})-(\d{2})-(\d{2})$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** YYYY-MM-DD of `2026-11-28` or `28/11/2026`; null when it is not a calendar day. */
export function settlementDay(text: string): string | null {
  const dashed = DASHED.exec(text);
  const slashed = SLASHED.exec(text);
  const [y, m, d] = dashed
    ? [dashed[1], dashed[2], dashed[3]]
    : slashed
      ? [slashed[3], slashed[2], slashed[1]]
      : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null;
}

/** Paise of an amount in rupees, or what is wrong with it. */
function amountOf(text: string): number | string {
  const plain = text.replace(/,/g, '');
  if (plain === '') return 'the amount is missing';
  if (/^-/.test(plain) || Number(plain) === 0) {
    return `the amount "${text}" must be more than zero`;
  }
  if (/^\d+\.\d{3,}$/.test(plain)) return `the amount "${text}" has more than two decimals`;
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) {
    return `the amount "${text}" is not an amount in rupees (write it as 1250 or 1250.50)`;
  }
  const paise = toPaise(Number(plain));
  if (!Number.isFinite(paise)) return `the amount "${text}" is not an amount in rupees`;
  if (paise > SETTLEMENT_MAX_PAISE) {
    return `the amount "${text}" is more than ${formatPaise(SETTLEMENT_MAX_PAISE)}`;
  }
  return paise;
}

const HEADER_TEXT = SETTLEMENT_HEADER.join(',');

/** The credits of a settlement file, or a 400 naming the lines that are wrong. */
export function parseSettlementFile(bytes: Buffer): SettlementLineIn[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text: save it as CSV (UTF-8) and try again.');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const records = csvRecords(text);
  const [header, ...rows] = records;
  if (!header) {
    throw badRequest(`The file is empty: its first line must be the header ${HEADER_TEXT}.`);
  }
  const names = header.fields.map((f) => f.trim().toLowerCase());
  if (names.join(',') !== HEADER_TEXT) {
    throw badRequest(
      `Line ${header.lineNo}: the header must be ${HEADER_TEXT} (found "${header.fields.join(',').slice(0, 100)}").`,
    );
  }
  if (rows.length === 0) throw badRequest('The file has no lines after its header.');
  if (rows.length > SETTLEMENT_MAX_LINES) {
    throw badRequest(
      `The file has ${rows.length} lines; import at most ${SETTLEMENT_MAX_LINES} at a time.`,
    );
  }

  const problems: string[] = [];
  let more = 0;
  const problem = (lineNo: number, what: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(`Line ${lineNo}: ${what}.`);
    else more++;
  };
  const lines: SettlementLineIn[] = [];
  const lineOfKey = new Map<string, number>();
  for (const { lineNo, fields } of rows) {
    if (fields.length < 3 || fields.length > 4) {
      problem(lineNo, `expected 4 values (${HEADER_TEXT}), found ${fields.length}`);
      continue;
    }
    const [dateText = '', reference = '', amountText = '', payerText = ''] = fields.map((f) =>
      f.trim(),
    );
    const day = settlementDay(dateText);
    if (!day) {
      problem(
        lineNo,
        dateText
          ? `the date "${dateText.slice(0, 40)}" is not a date; write it as 2026-11-28 or 28/11/2026`
          : 'the date is missing',
      );
      continue;
    }
    const key = referenceKey(reference);
    if (!key) {
      problem(lineNo, 'the reference (UPI reference or UTR) is missing');
      continue;
    }
    if (reference.length > 100) {
      problem(lineNo, 'the reference is longer than 100 characters');
      continue;
    }
    const amount = amountOf(amountText);
    if (typeof amount === 'string') {
      problem(lineNo, amount);
      continue;
    }
    if (payerText.length > 200) {
      problem(lineNo, 'the payer is longer than 200 characters');
      continue;
    }
    const earlier = lineOfKey.get(key);
    if (earlier !== undefined) {
      problem(lineNo, `the reference "${reference}" is also on line ${earlier}`);
      continue;
    }
    lineOfKey.set(key, lineNo);
    lines.push({ lineNo, day, reference, referenceKey: key, amount, payer: payerText || null });
  }
  if (problems.length > 0) {
    const tail = more > 0 ? ` And ${more} more line${more > 1 ? 's' : ''} with problems.` : '';
    throw badRequest(`${problems.join(' ')}${tail} Nothing was imported.`);
  }
  return lines;
}
