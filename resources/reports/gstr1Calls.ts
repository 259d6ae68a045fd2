import { action } from '@/providers/actions';
import type { FileCall } from '@/providers/resource';
import type { Gstr1Table } from '@shared/gstr1';

export type { Gstr1Table };

/** Rupees, net of notes (below zero for the notes' tables); null where the table has none. */
export interface Gstr1TableFigures {
  table: Gstr1Table;
  count: number;
  documents: number;
  taxable: number | null;
  tax: number | null;
}

interface Amounts {
  count: number;
  taxable: number;
  tax: number;
}

/** GET gst/gstr1-summary (docs/api.md "GSTR-1"). */
export interface Gstr1Summary {
  month: string;
  label: string;
  fp: string;
  gstin: string;
  provisional: boolean;
  fileName: string;
  tables: Gstr1TableFigures[];
  totals: {
    invoices: Amounts;
    creditNotes: Amounts;
    debitNotes: Amounts;
    net: { taxable: number; tax: number };
  };
  rowsWithoutHsn: number;
}

/** The GSTR-1 tab's calls: its figures (an action) and its files. */
export const gstr1Actions = {
  gstr1Summary: action<{ month: string }, Gstr1Summary>({
    method: 'GET',
    path: 'gst/gstr1-summary',
  }),
};

/** `values`: month, format (json | csv) and, for one table's CSV, table. */
export const gstr1Files: Record<string, FileCall> = {
  gstr1: { path: 'gst/gstr1', fileName: 'gstr1.json' },
};
