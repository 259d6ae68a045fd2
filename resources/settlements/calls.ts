import { action } from '@/providers/actions';

/** A credit of a settlement file, as the import answers it (amount in rupees). */
interface ShownLine {
  lineNo: number;
  /** YYYY-MM-DD. */
  day: string;
  reference: string;
  amount: number;
  payer: string | null;
}

/** A line matched to the payment recorded with its reference. */
export interface MatchedLine extends ShownLine {
  userId: string;
  customerName: string;
  entryId: number;
}

/** A line no recorded payment matched: waiting for an admin to assign it to a customer. */
export interface UnmatchedLine extends ShownLine {
  id: string;
  note: string | null;
}

export interface SettlementImportResult {
  importId: string;
  fileName: string;
  at: string;
  lines: number;
  matched: MatchedLine[];
  unmatched: UnmatchedLine[];
  /** Lines an earlier file already brought: not taken again. */
  alreadyImported: number;
  /** The very same file was imported before: its result, nothing changed. */
  fileAlreadyImported: boolean;
}

export type SettlementLineStatus = 'unmatched' | 'matched' | 'assigned';

/** A line as account/settlement-lines lists it. */
export interface SettlementLine extends ShownLine {
  _id: string;
  importId: string;
  fileName: string;
  status: SettlementLineStatus;
  note: string | null;
  entryId: number | null;
  userId: string | null;
  customerName: string | null;
}

/** An import as account/settlement-imports lists it. */
export interface SettlementImport {
  _id: string;
  at: string;
  fileName: string;
  lines: number;
  matched: number;
  unmatched: number;
  alreadyImported: number;
  adminName: string | null;
}

export const ASSIGN_METHODS = ['UPI', 'Bank transfer'] as const;

export interface AssignInput {
  lineId: string;
  userId: string;
  method?: (typeof ASSIGN_METHODS)[number];
}

/** Settlement files (docs/api.md, "Accounts: settlement files": issue 36). */
export const settlementActions = {
  /** One CSV file (field `file`), checked whole; matched and unmatched lines. */
  importSettlement: action<{ file: File }, SettlementImportResult>({
    method: 'POST',
    path: 'account/import-settlement',
    bodyKind: 'multipart',
    fields: ['file'],
  }),
  /** Records the line as the customer's payment (postpaid) or top-up (prepaid). */
  assignSettlementLine: action<AssignInput, { line: SettlementLine }>({
    method: 'POST',
    path: 'account/assign-settlement-line',
    bodyKind: 'json',
    fields: ['lineId', 'userId', 'method'],
  }),
};
