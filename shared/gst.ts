// GST facts and a tax invoice's arithmetic: state codes, GSTIN checks, CGST/SGST/IGST per line in
// whole paise, amounts in words and the financial year. Plain TypeScript: no DOM, no Node, no
// React (shared/ compiles under both tsconfig.web.json and tsconfig.node.json), so the server's
// invoice PDF and the panel's preview compute the same figures.

import { indiaWallClock } from './time';

// ---------------------------------------------------------------------------------------------
// States

export interface GstState {
  readonly code: string;
  readonly name: string;
}

/**
 * The state and union territory codes of the GST (the first two digits of a GSTIN and an
 * invoice's place of supply). 25 (Daman and Diu) merged into 26 in 2020 and 28 is undivided
 * Andhra Pradesh, so neither is issued any more.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
];

/** 'Tamil Nadu', 'tamilnadu' and 'TAMIL-NADU' are one key; so are '&' and 'and'. */
const stateKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[\s.-]/g, '');

/** Names people and old address records still write. */
const OTHER_SPELLINGS: Record<string, string> = {
  orissa: '21',
  pondicherry: '34',
  nctofdelhi: '07',
  newdelhi: '07',
  jandk: '01',
  uttaranchal: '05',
  chattisgarh: '22',
  dadraandnagarhaveli: '26',
  damananddiu: '26',
  andamanandnicobar: '35',
};

const CODE_BY_KEY = new Map<string, string>([
  ...GST_STATES.map((s) => [stateKey(s.name), s.code] as const),
  ...Object.entries(OTHER_SPELLINGS),
]);
const NAME_BY_CODE = new Map(GST_STATES.map((s) => [s.code, s.name]));

/** The GST code of a state as written in an address ('Orissa' → '21'); undefined if unknown. */
export function stateCodeOf(name: string): string | undefined {
  return CODE_BY_KEY.get(stateKey(name));
}

/** The state's name for an invoice's place of supply; undefined for a code no state has. */
export function stateNameOf(code: string): string | undefined {
  return NAME_BY_CODE.get(code);
}

// ---------------------------------------------------------------------------------------------
// GSTIN

/**
 * A GSTIN's shape: the state's code, the holder's PAN (5 letters, 4 digits, a letter), the
 * number of the holder's registration in that state, 'Z', and a check character.
 */
export const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** People type GSTINs in lower case and paste them with spaces around. */
export function normaliseGstin(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * The 15th character of a GSTIN from its first 14 (the GSTN's mod-36 check), which catches a
 * mistyped character or two swapped neighbours before the number reaches a return.
 */
export function gstinCheckChar(first14: string): string {
  const chars = normaliseGstin(first14);
  if (!/^[0-9A-Z]{14}$/.test(chars)) {
    throw new RangeError('The check character is computed from 14 letters or digits.');
  }
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARSET.indexOf(chars[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN, in words a person can act on; null when it is valid. */
export function gstinProblem(value: string): string | null {
  const gstin = normaliseGstin(value);
  if (gstin === '') return 'Enter the GSTIN.';
  if (gstin.length !== 15) return 'A GSTIN has 15 characters.';
  if (!GSTIN_FORMAT.test(gstin)) {
    return 'That is not a GSTIN: 2 digits of the state, the 10-character PAN, the entity number, Z and a check character.';
  }
  const state = gstin.slice(0, 2);
  if (!NAME_BY_CODE.has(state)) return `The GSTIN starts with ${state}, which is not a state code.`;
  const check = gstinCheckChar(gstin.slice(0, 14));
  if (gstin[14] !== check) {
    return `The GSTIN's last character should be ${check}: check it for a typo.`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Invoice arithmetic, in whole paise so that no total is off by a floating-point paisa

export interface InvoiceLineInput {
  description: string;
  hsn: string;
  /** A whole number of jars, cylinders, tiffins or pieces. */
  quantity: number;
  unitPaise: number;
  /** 18, 12, 5, 0, 2.5 …: at most 2 decimals. */
  ratePercent: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  /** IGST (buyer in another state) rather than CGST + SGST. */
  interState: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  /** Taxable value plus tax; the deposit is not part of it. */
  totalPaise: number;
  depositPaise: number;
  /** What the customer pays: total plus deposit (less, for a deposit refunded). */
  payablePaise: number;
  /** The HSN summary table: lines grouped by HSN and rate, in the order first seen. */
  rateSummary: {
    ratePercent: number;
    hsn: string;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }[];
}

/** `part` of `taxable × rateHundredths / 10000`, rounded half up to the paisa, exactly. */
function taxOf(taxablePaise: number, rateHundredths: number, part: 1 | 2): number {
  const divisor = BigInt(10000 * part);
  return Number((BigInt(taxablePaise) * BigInt(rateHundredths) + divisor / 2n) / divisor);
}

/** A rate as hundredths of a percent (18 → 1800, 2.5 → 250), so that tax is integer arithmetic. */
function rateHundredths(ratePercent: number): number {
  const hundredths = Math.round(ratePercent * 100);
  if (
    !Number.isFinite(ratePercent) ||
    ratePercent < 0 ||
    ratePercent > 100 ||
    Math.abs(ratePercent * 100 - hundredths) > 1e-6
  ) {
    throw new RangeError(
      `A GST rate is 0 to 100 percent with at most 2 decimals, not ${ratePercent}.`,
    );
  }
  return hundredths;
}

function safePaise(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a whole number of paise.`);
  return value;
}

/**
 * A tax invoice's figures. The place of supply is the buyer's state, or the seller's when the
 * buyer's is unknown (a delivery inside the seller's state): CGST and SGST at half the rate each
 * within the state, IGST at the full rate across states. Each line's tax is rounded half up to the
 * paisa and the invoice's totals are the sums of the lines', as the invoice prints them.
 */
export function computeInvoice(input: {
  lines: InvoiceLineInput[];
  sellerStateCode: string;
  buyerStateCode: string | undefined;
  depositPaise?: number;
}): InvoiceTotals {
  const { sellerStateCode, buyerStateCode } = input;
  if (!NAME_BY_CODE.has(sellerStateCode)) {
    throw new RangeError(`The seller's state code ${sellerStateCode} is not a GST state code.`);
  }
  if (buyerStateCode !== undefined && !NAME_BY_CODE.has(buyerStateCode)) {
    throw new RangeError(`The buyer's state code ${buyerStateCode} is not a GST state code.`);
  }
  const interState = buyerStateCode !== undefined && buyerStateCode !== sellerStateCode;
  const depositPaise = safePaise(input.depositPaise ?? 0, 'The deposit');

  const lines = input.lines.map((line): InvoiceLine => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
      throw new RangeError(`The quantity of ${line.description} is a whole number, 0 or more.`);
    }
    if (!Number.isSafeInteger(line.unitPaise) || line.unitPaise < 0) {
      throw new RangeError(
        `The price of ${line.description} is a whole number of paise, 0 or more.`,
      );
    }
    const rate = rateHundredths(line.ratePercent);
    const taxablePaise = safePaise(
      line.quantity * line.unitPaise,
      `The value of ${line.description}`,
    );
    const half = interState ? 0 : taxOf(taxablePaise, rate, 2);
    const igstPaise = interState ? taxOf(taxablePaise, rate, 1) : 0;
    return {
      ...line,
      taxablePaise,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise,
      totalPaise: taxablePaise + 2 * half + igstPaise,
    };
  });

  const sum = (pick: (line: InvoiceLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const cgstPaise = sum((l) => l.cgstPaise);
  const sgstPaise = sum((l) => l.sgstPaise);
  const igstPaise = sum((l) => l.igstPaise);
  const totalPaise = safePaise(
    sum((l) => l.totalPaise),
    'The invoice total',
  );

  const rateSummary: InvoiceTotals['rateSummary'] = [];
  const groups = new Map<string, InvoiceTotals['rateSummary'][number]>();
  for (const line of lines) {
    const key = `${line.hsn}\u0000${rateHundredths(line.ratePercent)}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        ratePercent: line.ratePercent,
        hsn: line.hsn,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      };
      groups.set(key, group);
      rateSummary.push(group);
    }
    group.taxablePaise += line.taxablePaise;
    group.cgstPaise += line.cgstPaise;
    group.sgstPaise += line.sgstPaise;
    group.igstPaise += line.igstPaise;
  }

  return {
    lines,
    interState,
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: cgstPaise + sgstPaise + igstPaise,
    totalPaise,
    depositPaise,
    payablePaise: safePaise(totalPaise + depositPaise, 'The amount payable'),
    rateSummary,
  };
}

/**
 * Rupees as paise. A string (a form's input, a numeric column from the database) is read exactly
 * and may not hold a fraction of a paisa; a number is rounded half up to the paisa.
 */
export function rupeesToPaise(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${value} is not an amount in rupees.`);
    const text = String(value);
    // 1.005 rounds to 101 paise, as written; Math.round(1.005 * 100) would give 100.
    const paise = /e/i.test(text) ? Math.round(value * 100) + 0 : decimalToPaise(text, true);
    return safePaise(paise, `₹${value}`);
  }
  const paise = decimalToPaise(
    value
      .trim()
      .replace(/^(-?)₹/, '$1')
      .replace(/,/g, ''),
    false,
  );
  if (paise === undefined) {
    throw new RangeError(`'${value}' is not an amount in rupees and paise, like 1250.50.`);
  }
  return safePaise(paise, `'${value}'`);
}

function decimalToPaise(text: string, round: true): number;
function decimalToPaise(text: string, round: false): number | undefined;
function decimalToPaise(text: string, round: boolean): number | undefined {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const [, sign, rupees, fraction = ''] = match;
  const beyondPaise = fraction.slice(2);
  if (!round && /[1-9]/.test(beyondPaise)) return undefined;
  const roundUp = round && beyondPaise !== '' && beyondPaise[0]! >= '5' ? 1 : 0;
  const paise = Number(rupees || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + roundUp;
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/** Digits grouped the Indian way: the last three, then pairs (12,34,567). */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** An amount as an Indian invoice prints it: '₹12,34,567.00', '-₹90.00'. */
export function formatPaise(paise: number): string {
  safePaise(paise, String(paise));
  const abs = Math.abs(paise);
  const rupees = indianGrouping(String(Math.floor(abs / 100)));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}₹${rupees}.${fraction}`;
}

// ---------------------------------------------------------------------------------------------
// Amount in words: a tax invoice states its total in words, in lakhs and crores

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99: 'Seventy-Eight'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return n % 10 === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}`;
}

/** A positive whole number in Indian words; a count of crores above 99 is itself said in words. */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crores = Math.floor(n / 1_00_00_000);
  if (crores > 0) parts.push(`${indianWords(crores)} Crore`);
  const lakhs = Math.floor(n / 1_00_000) % 100;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor(n / 1000) % 100;
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  const hundreds = Math.floor(n / 100) % 10;
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (n % 100 > 0) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/** 12345678 → 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`An amount in words is a whole number of paise, 0 or more, not ${paise}.`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} Paise`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}

// ---------------------------------------------------------------------------------------------
// Financial year

/**
 * The Indian financial year (April to March) an instant falls in, as invoice series and returns
 * name it: '2025-26'. The day is India's, whatever the zone of the server or the browser.
 */
export function financialYearOf(date: Date): string {
  const india = indiaWallClock(date);
  if (Number.isNaN(india.getTime())) throw new RangeError('That is not a date.');
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The GST rates in force (percent): the rate a product, accessory or category may carry. */
export const GST_RATES = [0, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;

/** The largest refundable deposit taken per jar or cylinder, in rupees. */
export const MAX_DEPOSIT = 1_00_000;

/**
 * What is wrong with an HSN (goods: 4, 6 or 8 digits, chapters 01-98) or SAC (services: 6 digits
 * starting with 99) code, spaces already removed, or null. The server and the panel word it.
 */
export function hsnCodeFault(code: string): 'digits' | 'sac' | 'chapter' | null {
  if (!/^\d+$/.test(code) || ![4, 6, 8].includes(code.length)) return 'digits';
  if (code.startsWith('99') && code.length !== 6) return 'sac';
  if (code.startsWith('00')) return 'chapter';
  return null;
}
