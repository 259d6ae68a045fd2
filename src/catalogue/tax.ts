import type { ReactNode } from 'react';
import type { Validator } from 'react-admin';
import { GST_RATES, hsnCodeFault, MAX_DEPOSIT } from '@shared/gst';
import { formatRupees } from '../format';

/**
 * GST classification (HSN/SAC code, GST rate) of products, accessories and categories and the
 * returnable containers' deposit (issue 16), as the forms check and send them and the view
 * screens show them. The rules mirror the server's (server/modules/products/tax.ts).
 */

export const GST_RATE_CHOICES = GST_RATES.map((rate) => ({ id: rate, name: `${rate}%` }));

const HSN_KEYS = {
  digits: 'app.products.hsn_digits',
  sac: 'app.products.sac_digits',
  chapter: 'app.products.hsn_00',
} as const;

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** The message key of what is wrong with an HSN/SAC code (spaces allowed), or undefined. */
export const hsnCode: Validator = (value) => {
  if (blank(value)) return undefined;
  const fault = hsnCodeFault(String(value).replace(/\s+/g, ''));
  return fault ? HSN_KEYS[fault] : undefined;
};

export const gstRate: Validator = (value) =>
  blank(value) || (GST_RATES as readonly number[]).includes(Number(value))
    ? undefined
    : 'app.products.gst_rate';

/** A returnable item's deposit: required (0 allowed), ₹0 to ₹1,00,000, paise at most. */
export const deposit: Validator = (value, values) => {
  if (!values.returnable) return undefined;
  if (blank(value)) return 'app.products.deposit_required';
  const n = Number(value);
  if (Number.isNaN(n)) return 'app.products.deposit_number';
  if (n < 0) return 'app.products.deposit_negative';
  if (n > MAX_DEPOSIT) return 'app.products.deposit_too_big';
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return 'app.products.deposit_paise';
  return undefined;
};

/**
 * What a form sends of these fields: an emptied code or rate as '' (which clears it: a multipart
 * body leaves nulls out, and a field left out keeps its value), and no deposit on an item that is
 * not returnable (the deposit box only hides).
 */
export function withTaxFields<T extends Record<string, unknown>>(
  data: T,
  { returnable }: { returnable: boolean },
): T {
  const sent: Record<string, unknown> = {
    ...data,
    hsnCode: data.hsnCode ?? '',
    gstRate: data.gstRate ?? '',
  };
  if (returnable) {
    sent.returnable = Boolean(data.returnable);
    sent.deposit = data.returnable ? data.deposit : 0;
  }
  return sent as T;
}

/** The view screens' lines: whether it is returnable (items only), the code and the rate. */
export function taxDetails(
  record: Record<string, unknown>,
  { unset, returnable }: { unset: string; returnable: boolean },
): [string, ReactNode][] {
  const rate = record.gstRate;
  return [
    ...(returnable ? ([['Returnable', returnableText(record)]] as [string, ReactNode][]) : []),
    ['HSN/SAC code', blank(record.hsnCode) ? unset : String(record.hsnCode)],
    ['GST rate', blank(rate) ? unset : `${String(rate)}%`],
  ];
}

/** 'Yes, ₹150 deposit' or 'No'. */
export const returnableText = (record: Record<string, unknown>) =>
  record.returnable ? `Yes, ${formatRupees(record.deposit ?? 0)} deposit` : 'No';
