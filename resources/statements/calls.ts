/** A numbered statement as account/get-statements lists it (docs/api.md "Accounts: statements"). */
export interface StatementRow {
  _id: string;
  number: string;
  /** '2026-11' */
  month: string;
  userId: string;
  customer: { name: string; phone: string };
  billingMode: 'prepaid' | 'postpaid';
  /** Rupees; below zero is owed. */
  opening: number;
  debits: number;
  credits: number;
  closing: number;
  madeAt: string;
}

/** The files: one customer's month (`one`) and every postpaid customer's (`all`). */
export const statementFiles = {
  one: { path: 'account/statement/:userId', fileName: 'statement.pdf' },
  all: { path: 'account/statements', fileName: 'statements.pdf' },
};
