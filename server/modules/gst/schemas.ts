import { z } from 'zod';
import { count, money } from '../../lib/responses';
import { monthText } from '../accounts/statementSchemas';
import { GSTR1_TABLES } from './gstr1';

// The GSTR-1 calls' parameters and answers (routes.ts), as docs/api.md "GSTR-1" lists them.

const TABLE_LIST = GSTR1_TABLES.join(', ');

/** Blank means "not given": `table=` is no table. */
const blankIsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET gst/gstr1: the month, the format (JSON by default) and, for CSV, one table. */
export const gstr1Query = z.object({
  month: monthText,
  format: z.preprocess(
    blankIsMissing,
    z.enum(['json', 'csv'], { error: 'Format must be json or csv.' }).default('json'),
  ),
  table: z.preprocess(
    blankIsMissing,
    z.enum(GSTR1_TABLES, { error: `Table must be one of ${TABLE_LIST}.` }).optional(),
  ),
});
export type Gstr1Query = z.infer<typeof gstr1Query>;

/** GET gst/gstr1-summary: the month. */
export const gstr1SummaryQuery = z.object({ month: monthText });

const amounts = z.object({ count, taxable: money, tax: money });

export const gstr1Summary = z.object({
  /** '2026-05' */
  month: z.string(),
  /** 'May 2026' */
  label: z.string(),
  /** The return period as the JSON writes it: '052026'. */
  fp: z.string(),
  gstin: z.string(),
  /** The month is not over: its figures are to date and may still change. */
  provisional: z.boolean(),
  /** The JSON's file name. */
  fileName: z.string(),
  tables: z.array(
    z.object({
      table: z.enum(GSTR1_TABLES),
      count,
      documents: count,
      taxable: money.nullable(),
      tax: money.nullable(),
    }),
  ),
  totals: z.object({
    invoices: amounts,
    creditNotes: amounts,
    debitNotes: amounts,
    net: z.object({ taxable: money, tax: money }),
  }),
  /** HSN summary rows whose lines have no HSN/SAC code: the portal refuses them. */
  rowsWithoutHsn: count,
});
export type Gstr1SummaryDto = z.infer<typeof gstr1Summary>;
