import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  computeInvoice,
  financialYearOf,
  formatPaise,
  GST_STATES,
  gstinCheckChar,
  gstinProblem,
  normaliseGstin,
  rupeesToPaise,
  stateCodeOf,
  stateNameOf,
  type InvoiceLineInput,
} from '@shared/gst';

const MAHARASHTRA = '27';
const KARNATAKA = '29';

const jars: InvoiceLineInput = {
  description: '20 L water jar',
  hsn: '2201',
  quantity: 2,
  unitPaise: 9000,
  ratePercent: 18,
};
const delivery: InvoiceLineInput = {
  description: 'Delivery',
  hsn: '996813',
  quantity: 1,
  unitPaise: 3000,
  ratePercent: 18,
};
const tiffin = (unitPaise: number): InvoiceLineInput => ({
  description: 'Tiffin',
  hsn: '996331',
  quantity: 1,
  unitPaise,
  ratePercent: 5,
});

const intraState = (lines: InvoiceLineInput[], depositPaise?: number) =>
  computeInvoice({
    lines,
    sellerStateCode: MAHARASHTRA,
    buyerStateCode: MAHARASHTRA,
    depositPaise,
  });
const interState = (lines: InvoiceLineInput[]) =>
  computeInvoice({ lines, sellerStateCode: MAHARASHTRA, buyerStateCode: KARNATAKA });

describe('a tax invoice in paise', () => {
  it('splits 18% into CGST 9% and SGST 9% within the state', () => {
    const invoice = intraState([jars, delivery]);
    // Jars: 2 × ₹90.00 = ₹180.00; 9% = ₹16.20 CGST and ₹16.20 SGST.
    // Delivery: ₹30.00; 9% = ₹2.70 each.
    expect(
      invoice.lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise]),
    ).toEqual([
      [18000, 1620, 1620, 0],
      [3000, 270, 270, 0],
    ]);
    expect(invoice.lines[0]!.totalPaise).toBe(21240);
    expect(invoice).toMatchObject({
      interState: false,
      taxablePaise: 21000,
      cgstPaise: 1890,
      sgstPaise: 1890,
      igstPaise: 0,
      taxPaise: 3780,
      totalPaise: 24780,
      depositPaise: 0,
      payablePaise: 24780,
    });
  });

  it("treats a buyer whose state is unknown as being in the seller's state", () => {
    const invoice = computeInvoice({
      lines: [jars],
      sellerStateCode: MAHARASHTRA,
      buyerStateCode: undefined,
    });
    expect(invoice).toMatchObject({ interState: false, cgstPaise: 1620, igstPaise: 0 });
  });

  it('charges IGST at the full rate to a buyer in another state', () => {
    const invoice = interState([jars, delivery]);
    // 18% of ₹180.00 = ₹32.40; 18% of ₹30.00 = ₹5.40.
    expect(invoice.lines.map((l) => l.igstPaise)).toEqual([3240, 540]);
    expect(invoice).toMatchObject({
      interState: true,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 3780,
      taxPaise: 3780,
      totalPaise: 24780,
    });
  });

  it('rounds each half-rate on its own, so 5% within the state can be a paisa less', () => {
    // ₹10.10 at 2.5% = 25.25 paise → 25 CGST and 25 SGST: 50 paise of tax.
    const intra = intraState([tiffin(1010)]);
    expect([intra.cgstPaise, intra.sgstPaise, intra.taxPaise]).toEqual([25, 25, 50]);
    // ₹10.10 at 5% = 50.5 paise → 51 paise of IGST.
    const inter = interState([tiffin(1010)]);
    expect([inter.igstPaise, inter.taxPaise]).toEqual([51, 51]);
  });

  it('rounds half a paisa up', () => {
    // ₹10.20 at 2.5% = 25.5 paise → 26 each; at 5% = 51 exactly.
    expect(intraState([tiffin(1020)]).cgstPaise).toBe(26);
    expect(interState([tiffin(1020)]).igstPaise).toBe(51);
    // ₹12.25 at 18% = 220.5 paise → 221; at 9% = 110.25 → 110.
    const line = { ...delivery, unitPaise: 1225 };
    expect(interState([line]).igstPaise).toBe(221);
    expect(intraState([line]).cgstPaise).toBe(110);
  });

  it('adds up the rounded lines rather than taxing the sum', () => {
    // Three tiffins of ₹10.10: 25 paise CGST each = 75, where 2.5% of ₹30.30 would be 75.75.
    const invoice = intraState([tiffin(1010), tiffin(1010), tiffin(1010)]);
    expect(invoice.cgstPaise).toBe(75);
    expect(invoice.totalPaise).toBe(3030 + 150);
  });

  it('shows a refundable deposit apart: not taxed, not in the total, but payable', () => {
    const withDeposit = intraState([jars, delivery], 30000);
    expect(withDeposit).toMatchObject({
      taxPaise: 3780,
      totalPaise: 24780,
      depositPaise: 30000,
      payablePaise: 54780,
    });
    // A deposit refunded on return of the jars comes off what is payable.
    expect(intraState([delivery], -30000).payablePaise).toBe(3540 - 30000);
  });

  it('summarises tax by HSN and rate in the order first seen', () => {
    const invoice = intraState([jars, tiffin(1010), delivery, { ...jars, quantity: 1 }]);
    expect(invoice.rateSummary).toEqual([
      {
        hsn: '2201',
        ratePercent: 18,
        taxablePaise: 27000,
        cgstPaise: 2430,
        sgstPaise: 2430,
        igstPaise: 0,
      },
      {
        hsn: '996331',
        ratePercent: 5,
        taxablePaise: 1010,
        cgstPaise: 25,
        sgstPaise: 25,
        igstPaise: 0,
      },
      {
        hsn: '996813',
        ratePercent: 18,
        taxablePaise: 3000,
        cgstPaise: 270,
        sgstPaise: 270,
        igstPaise: 0,
      },
    ]);
  });

  it('refuses lines it cannot tax correctly', () => {
    expect(() => intraState([{ ...jars, quantity: -1 }])).toThrow(RangeError);
    expect(() => intraState([{ ...jars, unitPaise: 90.5 }])).toThrow(RangeError);
    expect(() => intraState([{ ...jars, ratePercent: 101 }])).toThrow(RangeError);
    expect(() => intraState([{ ...jars, ratePercent: -5 }])).toThrow(RangeError);
    expect(() => intraState([{ ...jars, ratePercent: 2.555 }])).toThrow(RangeError);
    expect(() => intraState([jars], 10.5)).toThrow(RangeError);
    expect(() =>
      computeInvoice({ lines: [jars], sellerStateCode: '28', buyerStateCode: undefined }),
    ).toThrow(RangeError);
  });
});

describe('amounts', () => {
  it('reads rupees as exact paise', () => {
    expect(rupeesToPaise('12.5')).toBe(1250);
    expect(rupeesToPaise('90.00')).toBe(9000);
    expect(rupeesToPaise('₹1,23,456.78')).toBe(12345678);
    expect(rupeesToPaise(' -40 ')).toBe(-4000);
    // A number is rounded to the paisa as written, not as floating point holds it.
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(0.29)).toBe(29);
  });

  it('refuses text that is not rupees and paise', () => {
    expect(() => rupeesToPaise('12.345')).toThrow(RangeError);
    expect(() => rupeesToPaise('twelve')).toThrow(RangeError);
    expect(() => rupeesToPaise('')).toThrow(RangeError);
  });

  it('formats paise with lakh and crore grouping', () => {
    expect(formatPaise(12345678)).toBe('₹1,23,456.78');
    expect(formatPaise(123456700)).toBe('₹12,34,567.00');
    expect(formatPaise(1000000000)).toBe('₹1,00,00,000.00');
    expect(formatPaise(99900)).toBe('₹999.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(-9000)).toBe('-₹90.00');
  });

  it('says an amount in words the Indian way', () => {
    expect(amountInWords(12345678)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(10100100)).toBe('Rupees One Lakh One Thousand One Only');
    expect(amountInWords(1000000000)).toBe('Rupees One Crore Only');
    // ₹1,23,45,67,890.12
    expect(amountInWords(123456789012)).toBe(
      'Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Twelve Paise Only',
    );
    // ₹1200,00,00,000: crores beyond 99 are counted in words too.
    expect(amountInWords(1200_00_00_000_00)).toBe('Rupees One Thousand Two Hundred Crore Only');
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});

describe('GSTIN', () => {
  it('accepts valid GSTINs, in any case and with spaces around', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull();
    expect(gstinProblem(' 27aapfu0939f1zv ')).toBeNull();
    expect(normaliseGstin(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });

  it('says what is wrong with one that is not', () => {
    expect(gstinProblem('  ')).toBe('Enter the GSTIN.');
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('A GSTIN has 15 characters.');
    expect(gstinProblem('27AAPFU0939F1XV')).toBe(
      'That is not a GSTIN: 2 digits of the state, the 10-character PAN, the entity number, Z and a check character.',
    );
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe(
      'The GSTIN starts with 99, which is not a state code.',
    );
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(
      "The GSTIN's last character should be V: check it for a typo.",
    );
    // Two neighbours swapped (…0939 → …0993) change the check character.
    expect(gstinProblem('27AAPFU0993F1ZV')).toMatch(/^The GSTIN's last character should be/);
  });
});

describe('states', () => {
  it('lists each GST state code once, without the retired 25 and 28', () => {
    const codes = GST_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(37);
    expect(codes).not.toContain('25');
    expect(codes).not.toContain('28');
    expect(stateNameOf('27')).toBe('Maharashtra');
    expect(stateNameOf('97')).toBe('Other Territory');
    expect(stateNameOf('28')).toBeUndefined();
    for (const state of GST_STATES) expect(stateCodeOf(state.name)).toBe(state.code);
  });

  it('finds a state however an address spells it', () => {
    expect(stateCodeOf('tamil nadu')).toBe('33');
    expect(stateCodeOf('TAMILNADU')).toBe('33');
    expect(stateCodeOf('Uttar-Pradesh')).toBe('09');
    expect(stateCodeOf('Jammu & Kashmir')).toBe('01');
    expect(stateCodeOf('J&K')).toBe('01');
    expect(stateCodeOf('Orissa')).toBe('21');
    expect(stateCodeOf('Pondicherry')).toBe('34');
    expect(stateCodeOf('NCT of Delhi')).toBe('07');
    expect(stateCodeOf('New Delhi')).toBe('07');
    expect(stateCodeOf('Andaman & Nicobar Islands')).toBe('35');
    expect(stateCodeOf('Atlantis')).toBeUndefined();
  });
});

describe('financial year', () => {
  it('turns over at midnight on 1 April in India', () => {
    // 18:29:59 UTC on 31 March is 23:59:59 in India.
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-01-15T12:00:00Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });
});
