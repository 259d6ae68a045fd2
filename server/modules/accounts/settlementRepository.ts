import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  REFERENCE_LABELS,
  toRupees,
  type AccountPaymentMethod,
  type EntryKind,
} from '@shared/account';
import { formatPaise } from '@shared/gst';
import { INDIA_TIME_ZONE } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import { customersTable } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { inList } from '../../lib/sql';
import type { SettlementLineIn } from './settlementCsv';
import {
  accountEntriesTable,
  settlementImportsTable,
  settlementLinesTable,
  type SettlementLineStatus,
} from './tables';

// Settlement files (issue 36): importing one, matching its lines to recorded payments by
// reference, and assigning a line nobody's payment matched to a customer (which records it).

export type Admin = { id: string; name: string } | null;

export const NO_PAYMENT_NOTE = 'No payment with this reference is recorded.';
const INSERT_BATCH = 1000;

const shortDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** `28 Nov 2026`, the day in India. */
export const shownDate = (at: Date) => shortDate.format(at).replace(/,/g, '');

const fullName = sql<string>`trim(${customersTable.firstName} || ' ' || ${customersTable.lastName})`;

export interface MatchedLine {
  lineNo: number;
  day: string;
  reference: string;
  amount: number;
  payer: string | null;
  userId: string;
  customerName: string;
  entryId: number;
}

export interface UnmatchedLine {
  id: string;
  lineNo: number;
  day: string;
  reference: string;
  amount: number;
  payer: string | null;
  note: string | null;
}

export interface ImportResult {
  importId: string;
  fileName: string;
  at: Date;
  lines: number;
  matched: MatchedLine[];
  unmatched: UnmatchedLine[];
  /** Lines whose reference an earlier file already brought: not taken again. */
  alreadyImported: number;
  /** The very same file (same bytes) was imported before: its result, nothing changed. */
  fileAlreadyImported: boolean;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Records a checked settlement file and matches its lines, in one transaction. The same bytes
 * again answer the earlier import; imports are taken one at a time (an advisory lock), so two
 * files holding one reference never both take it.
 */
export async function importSettlement(
  db: Database,
  file: { name: string; bytes: Buffer; lines: SettlementLineIn[] },
  admin: Admin,
): Promise<ImportResult> {
  const sha256 = sha256Of(file.bytes);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settlement_imports'))`);
    const [made] = await tx
      .insert(settlementImportsTable)
      .values({
        fileName: file.name,
        sha256,
        lines: file.lines.length,
        matched: 0,
        unmatched: 0,
        adminId: admin?.id ?? null,
        adminName: admin?.name ?? null,
      })
      .onConflictDoNothing({ target: settlementImportsTable.sha256 })
      .returning({ id: settlementImportsTable.id, at: settlementImportsTable.at });
    if (!made) return null;
    return matchLines(tx, made, file);
  });
  if (outcome) return outcome;
  const [earlier] = await db
    .select({ id: settlementImportsTable.id })
    .from(settlementImportsTable)
    .where(eq(settlementImportsTable.sha256, sha256));
  return { ...(await importResult(db, earlier!.id)), fileAlreadyImported: true };
}

async function matchLines(
  tx: Transaction,
  made: { id: string; at: Date },
  file: { name: string; lines: SettlementLineIn[] },
): Promise<ImportResult> {
  const keys = file.lines.map((l) => l.referenceKey);
  const seen = new Set(
    (
      await tx
        .selectDistinct({ key: settlementLinesTable.referenceKey })
        .from(settlementLinesTable)
        .where(inList(settlementLinesTable.referenceKey, keys))
    ).map((r) => r.key),
  );
  const fresh = file.lines.filter((l) => !seen.has(l.referenceKey));
  const e = accountEntriesTable;
  const entries = new Map(
    (fresh.length === 0
      ? []
      : await tx
          .select({
            id: e.id,
            key: e.referenceKey,
            kind: e.kind,
            amount: e.amount,
            customerId: e.customerId,
            name: fullName,
          })
          .from(e)
          .innerJoin(customersTable, eq(customersTable.id, e.customerId))
          .where(
            inList(
              e.referenceKey,
              fresh.map((l) => l.referenceKey),
            ),
          )
    ).map((r) => [r.key!, r]),
  );

  const rows = fresh.map((line) => {
    const entry = entries.get(line.referenceKey);
    const isPayment = entry && (entry.kind === 'payment' || entry.kind === 'topup');
    const matched = isPayment && entry.amount === line.amount;
    const note = matched
      ? null
      : isPayment
        ? `The amount differs from the payment recorded (${formatPaise(entry.amount)} for ${entry.name}).`
        : entry
          ? `This reference is recorded on a ${entry.kind.replace(/_/g, ' ')} of ${entry.name}, not a payment.`
          : NO_PAYMENT_NOTE;
    return {
      importId: made.id,
      lineNo: line.lineNo,
      day: line.day,
      reference: line.reference,
      referenceKey: line.referenceKey,
      amount: line.amount,
      payer: line.payer,
      status: (matched ? 'matched' : 'unmatched') as SettlementLineStatus,
      note,
      entryId: matched ? entry.id : null,
      customerId: matched ? entry.customerId : null,
    };
  });
  const stored: { id: string; lineNo: number }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    stored.push(
      ...(await tx
        .insert(settlementLinesTable)
        .values(rows.slice(i, i + INSERT_BATCH))
        .returning({ id: settlementLinesTable.id, lineNo: settlementLinesTable.lineNo })),
    );
  }
  const idOf = new Map(stored.map((s) => [s.lineNo, s.id]));
  const matched: MatchedLine[] = [];
  const unmatched: UnmatchedLine[] = [];
  for (const row of rows) {
    const shown = {
      lineNo: row.lineNo,
      day: row.day,
      reference: row.reference,
      amount: toRupees(row.amount),
      payer: row.payer,
    };
    if (row.status === 'matched') {
      const entry = entries.get(row.referenceKey)!;
      matched.push({
        ...shown,
        userId: entry.customerId,
        customerName: entry.name,
        entryId: entry.id,
      });
    } else unmatched.push({ id: idOf.get(row.lineNo)!, ...shown, note: row.note });
  }
  await tx
    .update(settlementImportsTable)
    .set({ matched: matched.length, unmatched: unmatched.length })
    .where(eq(settlementImportsTable.id, made.id));
  return {
    importId: made.id,
    fileName: file.name,
    at: made.at,
    lines: file.lines.length,
    matched,
    unmatched,
    alreadyImported: file.lines.length - fresh.length,
    fileAlreadyImported: false,
  };
}

/**
 * An earlier import's result as its lines now stand: lines matched or since assigned with their
 * customer, lines still waiting as unmatched.
 */
async function importResult(
  db: Database,
  importId: string,
): Promise<Omit<ImportResult, 'fileAlreadyImported'>> {
  const [made] = await db
    .select()
    .from(settlementImportsTable)
    .where(eq(settlementImportsTable.id, importId));
  const lines = await linesWithCustomers(db)
    .where(eq(settlementLinesTable.importId, importId))
    .orderBy(asc(settlementLinesTable.lineNo));
  const matched: MatchedLine[] = [];
  const unmatched: UnmatchedLine[] = [];
  for (const l of lines) {
    const shown = {
      lineNo: l.lineNo,
      day: l.day,
      reference: l.reference,
      amount: toRupees(l.amount),
      payer: l.payer,
    };
    if (l.status === 'unmatched' || !l.customerId || !l.entryId) {
      unmatched.push({ id: l.id, ...shown, note: l.note });
    } else {
      matched.push({
        ...shown,
        userId: l.customerId,
        customerName: l.customerName ?? '',
        entryId: l.entryId,
      });
    }
  }
  return {
    importId: made!.id,
    fileName: made!.fileName,
    at: made!.at,
    lines: made!.lines,
    matched,
    unmatched,
    alreadyImported: made!.lines - made!.matched - made!.unmatched,
  };
}

function linesWithCustomers(db: Database | Transaction) {
  const l = settlementLinesTable;
  return db
    .select({
      id: l.id,
      importId: l.importId,
      fileName: settlementImportsTable.fileName,
      lineNo: l.lineNo,
      day: l.day,
      reference: l.reference,
      amount: l.amount,
      payer: l.payer,
      status: l.status,
      note: l.note,
      entryId: l.entryId,
      customerId: l.customerId,
      customerName: sql<
        string | null
      >`case when ${customersTable.id} is null then null else ${fullName} end`,
    })
    .from(l)
    .innerJoin(settlementImportsTable, eq(settlementImportsTable.id, l.importId))
    .leftJoin(customersTable, eq(customersTable.id, l.customerId))
    .$dynamic();
}

export type SettlementLineRow = Awaited<ReturnType<typeof linesWithCustomers>>[number];

/** A page of the imports, newest first. */
export async function importsPage(db: Database, page: number, limit: number) {
  const i = settlementImportsTable;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(i)
      .orderBy(desc(i.at), desc(i.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(i),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A page of lines of one status (the newest day first, by settlement_lines_status_idx), or of
 * one import (in file order, by settlement_lines_import_idx).
 */
export async function linesPage(
  db: Database,
  filter: { status?: SettlementLineStatus; importId?: string },
  page: number,
  limit: number,
) {
  const l = settlementLinesTable;
  const where = and(
    filter.status ? eq(l.status, filter.status) : undefined,
    filter.importId ? eq(l.importId, filter.importId) : undefined,
  );
  const order = filter.importId ? [asc(l.lineNo)] : [desc(l.day), desc(l.id)];
  const [rows, [total]] = await Promise.all([
    linesWithCustomers(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(l).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const ASSIGNABLE_METHODS = [
  'UPI',
  'Bank transfer',
] as const satisfies AccountPaymentMethod[];
export type AssignableMethod = (typeof ASSIGNABLE_METHODS)[number];

/** A 12-digit reference is a UPI reference (RRN); anything else a bank transfer's UTR. */
export const methodOfReference = (key: string): AssignableMethod =>
  /^\d{12}$/.test(key) ? 'UPI' : 'Bank transfer';

/**
 * Records a waiting line as a payment (postpaid) or top-up (prepaid) on a customer's account and
 * marks it assigned, in one transaction under the line's lock: of two admins assigning one line,
 * the second is told who has it.
 */
export async function assignSettlementLine(
  db: Database,
  input: { lineId: string; userId: string; method?: AssignableMethod },
  admin: Admin,
) {
  try {
    return await db.transaction(async (tx) => {
      const l = settlementLinesTable;
      const [line] = await tx
        .select({
          id: l.id,
          lineNo: l.lineNo,
          status: l.status,
          reference: l.reference,
          referenceKey: l.referenceKey,
          amount: l.amount,
          entryId: l.entryId,
          customerId: l.customerId,
          fileName: settlementImportsTable.fileName,
        })
        .from(l)
        .innerJoin(settlementImportsTable, eq(settlementImportsTable.id, l.importId))
        .where(eq(l.id, input.lineId))
        .for('update', { of: l });
      if (!line) throw notFound('This settlement line does not exist.');
      if (line.status !== 'unmatched') throw await alreadyTaken(tx, line);

      const [customer] = await tx
        .select({ id: customersTable.id, name: fullName, mode: customersTable.billingMode })
        .from(customersTable)
        .where(eq(customersTable.id, input.userId));
      if (!customer) throw notFound('This customer does not exist.');

      const method = input.method ?? methodOfReference(line.referenceKey);
      await refuseRecordedReference(tx, line.referenceKey, method, line.reference);
      const kind: EntryKind = customer.mode === 'postpaid' ? 'payment' : 'topup';
      const [entry] = await tx
        .insert(accountEntriesTable)
        .values({
          customerId: customer.id,
          kind,
          amount: line.amount,
          method,
          reference: line.reference,
          referenceKey: line.referenceKey,
          reason: `Settlement ${line.fileName}, line ${line.lineNo}`,
          adminId: admin?.id ?? null,
          adminName: admin?.name ?? null,
        })
        .returning({
          id: accountEntriesTable.id,
          kind: accountEntriesTable.kind,
          amount: accountEntriesTable.amount,
          balanceAfter: accountEntriesTable.balanceAfter,
          at: accountEntriesTable.at,
        });
      await tx
        .update(l)
        .set({ status: 'assigned', entryId: entry!.id, customerId: customer.id })
        .where(eq(l.id, line.id));
      const [row] = await linesWithCustomers(tx).where(eq(l.id, line.id));
      return { line: row!, entry: { ...entry!, method }, customerName: customer.name };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'account_entries_reference_key')) {
      throw conflict(
        'This reference was recorded on another payment a moment ago; reload the lines.',
      );
    }
    throw err;
  }
}

/** 409: the line matched a payment on import, or another admin has assigned it. */
async function alreadyTaken(
  tx: Transaction,
  line: { status: SettlementLineStatus; entryId: number | null },
) {
  const [entry] = line.entryId
    ? await tx
        .select({ at: accountEntriesTable.at, name: fullName })
        .from(accountEntriesTable)
        .innerJoin(customersTable, eq(customersTable.id, accountEntriesTable.customerId))
        .where(eq(accountEntriesTable.id, line.entryId))
    : [];
  const who = entry ? `${entry.name} on ${shownDate(entry.at)}` : 'a customer';
  return conflict(
    line.status === 'assigned'
      ? `This line was already assigned to ${who}.`
      : `This line matched the payment of ${who}; there is nothing to assign.`,
  );
}

/** 409 when the reference is already on an entry (account_entries_reference_key). */
async function refuseRecordedReference(
  tx: Transaction,
  key: string,
  method: AccountPaymentMethod,
  reference: string,
) {
  const [entry] = await tx
    .select({
      kind: accountEntriesTable.kind,
      amount: accountEntriesTable.amount,
      at: accountEntriesTable.at,
      name: fullName,
    })
    .from(accountEntriesTable)
    .innerJoin(customersTable, eq(customersTable.id, accountEntriesTable.customerId))
    .where(eq(accountEntriesTable.referenceKey, key));
  if (!entry) return;
  throw conflict(
    `The ${REFERENCE_LABELS[method]} ${reference} is already recorded: ${entry.kind.replace(/_/g, ' ')} of ${formatPaise(Math.abs(entry.amount))} for ${entry.name} on ${shownDate(entry.at)}.`,
  );
}
