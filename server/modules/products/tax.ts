import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { GST_RATES, hsnCodeFault, MAX_DEPOSIT } from '@shared/gst';
import type { Database } from '../../db/client';
import { returnableStockTable } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { fromMoney, toMoney } from '../../lib/money';
import { money } from '../../lib/responses';
import { lineText } from '../../lib/validation';

/**
 * The GST classification of products, accessories and categories (HSN/SAC code, GST rate) and
 * the returnable containers' flag and deposit (issue 16): the form fields, their rules and the
 * answers' fields. Every field is optional, so clients that do not know them keep working; on
 * an edit a field left out keeps its value and an empty HSN/SAC code or GST rate clears it.
 */

export const GST_RATE_MESSAGE = 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.';

/** Why an HSN/SAC code (spaces already removed) is not one, or null. */
export function hsnCodeProblem(code: string): string | null {
  const fault = hsnCodeFault(code);
  return fault ? HSN_MESSAGES[fault] : null;
}

const HSN_MESSAGES = {
  digits:
    'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).',
  sac: 'A SAC code (a service) is 6 digits starting with 99, e.g. 999712.',
  chapter:
    'HSN/SAC code cannot start with 00: HSN chapters run from 01 to 98, SAC codes start with 99.',
} as const;

/** '' or null clears (null); absent keeps; anything else must be a code (spaces allowed). */
const hsnCode = z.preprocess(
  (v) => (v === null ? '' : v),
  lineText('HSN/SAC code')
    .transform((v) => v.replace(/\s+/g, ''))
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : hsnCodeProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v || null)
    .optional(),
);

/** '' or null clears (null); absent keeps; a number or its text must be one of GST_RATES. */
const gstRate = z.preprocess(
  (v) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    return typeof v === 'string' ? Number(v.trim()) : v;
  },
  z
    .number({ error: GST_RATE_MESSAGE })
    .refine((v) => (GST_RATES as readonly number[]).includes(v), { error: GST_RATE_MESSAGE })
    .nullable()
    .optional(),
);

const TRUE = ['true', '1', 'on', 'yes'];
const FALSE = ['false', '0', 'off', 'no'];

/** true/false, or the text a form sends for them ('true', 'false', 'on' ...); blank is absent. */
const returnable = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v ?? undefined;
    const text = v.trim().toLowerCase();
    if (text === '') return undefined;
    return TRUE.includes(text) ? true : FALSE.includes(text) ? false : v;
  },
  z.boolean({ error: 'Returnable must be true or false.' }).optional(),
);

/** Rupees, 0 to 1,00,000, at most 2 decimals; blank is absent. */
const deposit = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return undefined;
    return typeof v === 'string' ? Number(v.trim()) : v;
  },
  z
    .number({ error: 'Deposit must be a number of rupees, e.g. 150.' })
    .min(0, 'Deposit must be 0 or more.')
    .max(MAX_DEPOSIT, 'Deposit must be at most ₹1,00,000.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: 'Deposit can have at most 2 decimals (paise), e.g. 150.50.',
    })
    .optional(),
);

/** The GST fields of a product, accessory or category form. */
export const taxFields = {
  hsnCode: hsnCode.meta({
    description:
      'Addition (issue 16): the HSN (goods) or SAC (services) code, 4, 6 or 8 digits. ' +
      'Empty clears it; left out keeps it.',
  }),
  gstRate: gstRate.meta({
    description:
      `Addition (issue 16): the GST rate in percent, one of ${GST_RATES.join(', ')}. ` +
      "Empty clears it (a product or accessory then follows its category's rate); left out keeps it.",
  }),
};

/** The returnable fields of a product or accessory form. */
export const returnableFields = {
  returnable: returnable.meta({
    description:
      'Addition (issue 16): a container that goes out full and comes back (a jar, a cylinder). ' +
      'Left out keeps it (not returnable on create).',
  }),
  deposit: deposit.meta({
    description:
      'Addition (issue 16): the refundable deposit per unit in rupees (0 to 1,00,000). ' +
      'Required with returnable=true; only a returnable item takes more than 0.',
  }),
};

/** The answers' GST fields. */
export const taxAnswerFields = {
  hsnCode: z
    .string()
    .nullable()
    .meta({ description: 'Addition (issue 16): the HSN/SAC code, null when not set.' }),
  gstRate: z
    .number()
    .nullable()
    .meta({ description: 'Addition (issue 16): the GST rate in percent, null when not set.' }),
};

/** The answers' returnable fields. */
export const returnableAnswerFields = {
  returnable: z
    .boolean()
    .meta({ description: 'Addition (issue 16): whether the item is a returnable container.' }),
  deposit: money.meta({
    description: 'Addition (issue 16): the deposit per unit in rupees (0 when not returnable).',
  }),
};

/** The stored GST columns as the answers carry them. */
export const taxOf = (row: { hsnCode: string | null; gstRate: string | null }) => ({
  hsnCode: row.hsnCode,
  gstRate: toMoney(row.gstRate),
});

export const returnableOf = (row: { returnable: boolean; deposit: string }) => ({
  returnable: row.returnable,
  deposit: toMoney(row.deposit)!,
});

export interface TaxColumns {
  hsnCode?: string | null;
  gstRate?: string | null;
}

/** The GST columns to write: a field left out is not written, an empty one is cleared. */
export function taxColumnsOf(input: {
  hsnCode?: string | null;
  gstRate?: number | null;
}): TaxColumns {
  return {
    ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
    ...(input.gstRate !== undefined
      ? { gstRate: input.gstRate === null ? null : fromMoney(input.gstRate) }
      : {}),
  };
}

export interface ReturnableColumns {
  returnable?: boolean;
  deposit?: string;
}

/** The GST and returnable columns a product or accessory write may carry. */
export type ItemTaxColumns = ReturnableColumns & TaxColumns;

/**
 * The returnable columns to write, from the form and the item as stored (none on create).
 * A returnable item is sent with its deposit (0 allowed); an item that is not returnable holds no
 * deposit. An item customers still hold cannot stop being returnable: its returns would no
 * longer reach their balances.
 */
export async function returnableColumnsOf(
  db: Database,
  input: { returnable?: boolean; deposit?: number },
  existing?: { id: string; name: string; returnable: boolean },
): Promise<ReturnableColumns> {
  const isReturnable = input.returnable ?? existing?.returnable ?? false;
  if (input.returnable === true && input.deposit === undefined) {
    throw badRequest(
      'Please enter the deposit of a returnable item in rupees (0 if you take none).',
    );
  }
  if (!isReturnable) {
    if (input.deposit !== undefined && input.deposit > 0) {
      throw badRequest(
        'Only a returnable item takes a deposit. Mark it returnable, or set the deposit to 0.',
      );
    }
    if (existing?.returnable) await refuseWhileHeld(db, existing);
    return { returnable: false, deposit: fromMoney(0) };
  }
  return {
    returnable: true,
    ...(input.deposit !== undefined ? { deposit: fromMoney(input.deposit) } : {}),
  };
}

async function refuseWhileHeld(db: Database, item: { id: string; name: string }) {
  const [stock] = await db
    .select({ withCustomers: returnableStockTable.withCustomers })
    .from(returnableStockTable)
    .where(eq(returnableStockTable.itemId, item.id));
  const held = stock?.withCustomers ?? 0;
  if (held > 0) {
    throw conflict(
      `Customers still hold ${held} of ${item.name}. Collect them, or record corrections under ` +
        'Jars & cylinders, before marking it not returnable.',
    );
  }
}
