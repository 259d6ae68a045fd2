import { z } from 'zod';
import { rupeesToPaise } from '@shared/gst';
import { count, money, pagingFields, timestamp } from '../../lib/responses';
import {
  daysInRange,
  pagingQuery,
  requiredDay,
  requiredId,
  requiredText,
} from '../../lib/validation';
import { DAY_RANGE_MESSAGE } from '../orders/filters';

// The credit notes' calls' parameters and answers (routes.ts), as docs/api.md lists them.

/** The longest range order/credit-notes lists: a year, a leap year's included. */
export const MOST_NOTE_DAYS = 366;
/** The most lines one part credit names (an invoice has a handful). */
export const MOST_NOTE_LINES = 100;
/** The most notes get-order lists for one order (an order has one to a few). */
export const ORDER_NOTES_BOUND = 100;
/** The most characters of a note's reason (as a status change's). */
export const NOTE_REASON_MAX = 500;

export const NOTE_KINDS = ['credit', 'debit'] as const;
export const NOTE_CAUSES = ['cancelled', 'takenBack', 'redelivered', 'part'] as const;

/** order/credit-note/{creditNoteId}. */
export const creditNoteParams = z.object({ creditNoteId: requiredId('Credit note id') });

/** order/credit-notes?from=&to=&page=&limit=: India days, both included, at most a year. */
export const creditNotesQuery = z
  .object({
    from: requiredDay('From'),
    to: requiredDay('To'),
    page: pagingQuery.page,
    limit: pagingQuery.limit,
  })
  .refine((q) => q.from <= q.to, { error: DAY_RANGE_MESSAGE })
  .refine((q) => daysInRange(q.from, q.to) <= MOST_NOTE_DAYS, {
    error: `The list covers at most a year (${MOST_NOTE_DAYS} days). Choose a shorter range.`,
  });

/** A line's amount as sent: rupees, a number or text ('120.50'); read exactly to the paisa. */
function paiseOf(amount: number | string): number | undefined {
  try {
    const paise = rupeesToPaise(amount);
    // A number with more than two decimals was rounded: refused rather than guessed.
    if (typeof amount === 'number' && Math.abs(amount * 100 - paise) > 1e-6) return undefined;
    return paise;
  } catch {
    return undefined;
  }
}

const noteLine = z.object(
  {
    line: z
      .number({ error: 'Each line needs its number on the invoice: line 1 is the first.' })
      .int('A line number is a whole number: line 1 is the first.')
      .min(1, 'A line number is 1 or more: line 1 is the first.')
      .max(1000, 'A line number is at most 1000.'),
    amount: z.union([z.number(), z.string()], {
      error: 'Each line needs the taxable amount to credit, in rupees, such as 120.50.',
    }),
  },
  { error: 'Each line is { line, amount }: the line number on the invoice and the rupees.' },
);

/**
 * POST order/add-credit-note: `{ orderId, lines: [{ line, amount }], reason }`. `line` is the
 * invoice's line number as it prints it (1 for the first), `amount` the taxable value to credit
 * in rupees (tax is added at the line's rate). Each line once, amounts above 0 with at most two
 * decimals; what each line has left is the handler's (it needs the invoice).
 */
export const addCreditNoteBody = z
  .object({
    orderId: requiredId('Order id'),
    lines: z
      .array(noteLine, {
        error: 'Lines are required: [{ "line": 1, "amount": 120.5 }], the invoice lines to credit.',
      })
      .min(1, 'Give at least one line of the invoice to credit.')
      .max(MOST_NOTE_LINES, `A credit note names at most ${MOST_NOTE_LINES} lines.`),
    reason: requiredText('Reason', NOTE_REASON_MAX),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    for (const { line, amount } of body.lines) {
      if (seen.has(line)) {
        ctx.addIssue({ code: 'custom', message: `Line ${line} is named twice: name it once.` });
        return;
      }
      seen.add(line);
      const paise = paiseOf(amount);
      if (paise === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `Line ${line}: '${String(amount).slice(0, 20)}' is not an amount in rupees and paise, such as 120.50.`,
        });
        return;
      }
      if (paise <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Line ${line}: the amount to credit must be more than ₹0.`,
        });
        return;
      }
    }
  })
  .transform((body) => ({
    orderId: body.orderId,
    reason: body.reason,
    lines: body.lines.map((l) => ({ line: l.line, amountPaise: paiseOf(l.amount)! })),
  }));

/** A note as the lists and get-order answer it (toNoteDto): rupees. */
export const creditNoteDto = z.object({
  _id: z.string(),
  noteNo: z.string().meta({ description: "'CN/26-27/000001' (credit) or 'DN/...' (debit)." }),
  kind: z.enum(NOTE_KINDS),
  cause: z.enum(NOTE_CAUSES).meta({
    description:
      'cancelled / takenBack: the order cancelled or taken back from Delivered (all the invoice ' +
      'had left); redelivered: a debit note, delivered again; part: credited by an admin.',
  }),
  reason: z.string(),
  issuedAt: timestamp,
  invoiceNo: z.string(),
  /** The order number customers see (OD...). */
  orderId: z.string(),
  order: z.object({ _id: z.string(), orderId: z.string() }),
  customer: z.object({ _id: z.string(), name: z.string() }),
  taxable: money,
  cgst: money,
  sgst: money,
  igst: money,
  tax: money,
  total: money,
  by: z
    .object({ _id: z.string(), name: z.string() })
    .nullable()
    .meta({ description: 'The admin who issued it; null for the customer’s own change.' }),
});
export type CreditNoteDto = z.infer<typeof creditNoteDto>;

const kindTotals = z.object({ count, taxable: money, tax: money, total: money });

/** order/credit-notes: one page, newest first, and the whole range's totals. */
export const creditNotePage = z.object({
  creditNotes: z.array(creditNoteDto),
  ...pagingFields,
  totals: z
    .object({
      credit: kindTotals,
      debit: kindTotals,
      net: z.object({ taxable: money, tax: money, total: money }),
    })
    .meta({
      description:
        "The range's credit notes and debit notes, each counted and summed, and the net " +
        '(credit less debit: what the notes took off the sales).',
    }),
});

/** order/add-credit-note's answer: the note issued. */
export const creditNoteIssued = z.object({ creditNote: creditNoteDto });

/** An invoice line with what is left of it to credit (get-order's `invoice.lines`). */
export const invoiceLineBalanceDto = z.object({
  line: count.meta({ description: 'The line number as the invoice prints it: 1 for the first.' }),
  description: z.string(),
  hsn: z.string(),
  ratePercent: z.number(),
  taxable: money,
  credited: money.meta({ description: 'Credit notes less debit notes, taxable rupees.' }),
  left: money.meta({ description: 'What a credit note may still take, taxable rupees.' }),
});
