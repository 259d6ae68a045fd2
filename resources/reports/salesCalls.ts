import { action } from '@/providers/actions';

/** How report/sales groups the sales (docs/api.md "Sales reports and the sales register"). */
export const SALES_GROUPS = ['day', 'week', 'month', 'service', 'pincode', 'rider'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
export const isPeriodGroup = (group: SalesGroup) =>
  group === 'day' || group === 'week' || group === 'month';

/** The figures of a row or of the totals, money in rupees. */
export interface SalesFigures {
  invoices: number;
  /** Credit notes less debit notes. */
  creditNotes: number;
  taxable: number;
  tax: number;
  amount: number;
}

/** A period (`start`..`end`, with `collections`) or a service, pin code or rider. */
export interface SalesRow extends SalesFigures {
  key: string;
  label: string;
  start?: string;
  end?: string;
  collections?: number;
}

export interface SalesReportResult {
  from: string;
  to: string;
  groupBy: SalesGroup;
  rows: SalesRow[];
  totals: SalesFigures & { collections: number };
}

export interface SalesParams {
  from: string;
  to: string;
  groupBy: SalesGroup;
}

/** The Sales tab's report. */
export const salesReportActions = {
  salesReport: action<SalesParams, SalesReportResult>({ method: 'GET', path: 'report/sales' }),
};

/** The report as CSV (`from`, `to`, `groupBy`), and the sales register (`from`, `to`). */
export const salesReportFiles = {
  salesCsv: { path: 'report/export-sales', fileName: 'sales.csv' },
  salesRegister: { path: 'report/export-sales-register', fileName: 'sales-register.csv' },
};
