import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import {
  ENTRY_KIND_LABELS,
  REFERENCE_LABELS,
  referenceKey,
  toRupees,
  type AccountPaymentMethod,
  type BillingMode,
  type EntryKind,
} from '@shared/account';
import { formatPaise } from '@shared/gst';
import { INDIA_TIME_ZONE } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { customersTable } from '../customers/tables';
import { ordersTable } from '../orders/tables';
import { returnableBalancesTable, returnableEntriesTable } from '../returnables/tables';
import { accountDuesTable, accountEntriesTable } from './tables';

// A customer's account: its page of entries, and the writes an admin makes (each one entry, the
// balance kept by the entries' trigger, migration 0037).

export const NO_CUSTOMER = 'This customer does not exist.';

export interface Admin {
  id: string;
  name: string;
}

export interface EntryDto {
  _id: string;
  kind: EntryKind;
  kindLabel: string;
  amount: number;
  balanceAfter: number;
  method: string | null;
  reference: string | null;
  orderId: string | null;
  orderNo: string | null;
  reason: string | null;
  adminName: string | null;
  at: string;
}

type EntryRow = typeof accountEntriesTable.$inferSelect & { orderNo: string | null };

const toEntryDto = (e: EntryRow): EntryDto => ({
  _id: String(e.id),
  kind: e.kind,
  kindLabel: ENTRY_KIND_LABELS[e.kind] ?? e.kind,
  amount: toRupees(e.amount),
  balanceAfter: toRupees(e.balanceAfter),
  method: e.method,
  reference: e.reference,
  orderId: e.orderId,
  orderNo: e.orderNo,
  reason: e.reason,
  adminName: e.adminName,
  at: e.at.toISOString(),
});

const entryColumns = {
  id: accountEntriesTable.id,
  customerId: accountEntriesTable.customerId,
  kind: accountEntriesTable.kind,
  amount: accountEntriesTable.amount,
  balanceAfter: accountEntriesTable.balanceAfter,
  method: accountEntriesTable.method,
  reference: accountEntriesTable.reference,
  referenceKey: accountEntriesTable.referenceKey,
  orderId: accountEntriesTable.orderId,
  reason: accountEntriesTable.reason,
  adminId: accountEntriesTable.adminId,
  adminName: accountEntriesTable.adminName,
  at: accountEntriesTable.at,
  orderNo: ordersTable.orderId,
};

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

type Db = Database | Transaction;

const nameOf = (c: { firstName: string; lastName: string }) =>
  `${c.firstName} ${c.lastName}`.trim();

/**
 * Deposits of the customer's jars and cylinders, in paise: held (the returnables' balances now)
 * and refundable (released by items coming back, less the deposit refunds already made).
 */
async function depositsOf(db: Db, customerId: string) {
  // One after another: inside a transaction they share one connection.
  const [held] = await db
    .select({
      paise: sql<string>`coalesce(round(sum(${returnableBalancesTable.deposit}) * 100), 0)`,
    })
    .from(returnableBalancesTable)
    .where(eq(returnableBalancesTable.customerId, customerId));
  const [released] = await db
    .select({
      paise: sql<string>`coalesce(round(-sum(${returnableEntriesTable.deposit}) * 100), 0)`,
    })
    .from(returnableEntriesTable)
    .where(
      and(
        eq(returnableEntriesTable.customerId, customerId),
        lt(returnableEntriesTable.deposit, '0'),
      ),
    );
  const [refunded] = await db
    .select({ paise: sql<string>`coalesce(sum(${accountEntriesTable.amount}), 0)` })
    .from(accountEntriesTable)
    .where(
      and(
        eq(accountEntriesTable.customerId, customerId),
        eq(accountEntriesTable.kind, 'deposit_refunded'),
      ),
    );
  const heldPaise = Number(held?.paise ?? 0);
  const refundable = Math.max(0, Number(released?.paise ?? 0) - Number(refunded?.paise ?? 0));
  return { held: heldPaise, refundable };
}

/** The customer's account with one page of its entries (newest first); undefined if unknown. */
export async function accountPage(db: Database, customerId: string, page: number, limit: number) {
  const [customer] = await db
    .select({
      id: customersTable.id,
      firstName: customersTable.firstName,
      lastName: customersTable.lastName,
      wallet: customersTable.wallet,
      billingMode: customersTable.billingMode,
      pauseWhenLow: customersTable.pauseWhenLow,
    })
    .from(customersTable)
    .where(eq(customersTable.id, customerId));
  if (!customer) return undefined;
  const [entries, [counted], [due], deposits] = await Promise.all([
    db
      .select(entryColumns)
      .from(accountEntriesTable)
      .leftJoin(ordersTable, eq(ordersTable.id, accountEntriesTable.orderId))
      .where(eq(accountEntriesTable.customerId, customerId))
      .orderBy(desc(accountEntriesTable.at), desc(accountEntriesTable.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(accountEntriesTable)
      .where(eq(accountEntriesTable.customerId, customerId)),
    db.select().from(accountDuesTable).where(eq(accountDuesTable.customerId, customerId)),
    depositsOf(db, customerId),
  ]);
  return {
    userId: customer.id,
    name: nameOf(customer),
    balance: Number(customer.wallet),
    billingMode: customer.billingMode,
    pauseWhenLow: customer.pauseWhenLow,
    owed: due ? toRupees(due.owed) : 0,
    owedSince: due ? due.owedSince.toISOString() : null,
    depositHeld: toRupees(deposits.held),
    depositRefundable: toRupees(deposits.refundable),
    entries: entries.map(toEntryDto),
    total: counted?.n ?? 0,
  };
}

/** Every entry of the customer, oldest first, a batch at a time (the ledger CSV). */
export async function* entryBatches(db: Database, customerId: string, size: number) {
  let after: { at: Date; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select(entryColumns)
      .from(accountEntriesTable)
      .leftJoin(ordersTable, eq(ordersTable.id, accountEntriesTable.orderId))
      .where(
        and(
          eq(accountEntriesTable.customerId, customerId),
          after
            ? or(
                sql`${accountEntriesTable.at} > ${after.at.toISOString()}`,
                and(
                  sql`${accountEntriesTable.at} = ${after.at.toISOString()}`,
                  sql`${accountEntriesTable.id} > ${after.id}`,
                ),
              )
            : undefined,
        ),
      )
      .orderBy(accountEntriesTable.at, accountEntriesTable.id)
      .limit(size);
    if (!rows.length) return;
    yield rows.map(toEntryDto);
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
    if (rows.length < size) return;
  }
}

export async function customerExists(db: Database, customerId: string) {
  const [row] = await db
    .select({ id: customersTable.id })
    .from(customersTable)
    .where(eq(customersTable.id, customerId));
  return Boolean(row);
}

/** One entry an admin makes. */
export interface NewEntry {
  customerId: string;
  /** Or chosen by the customer as locked (a payment is a top-up of a prepaid account). */
  kind: EntryKind | ((locked: Locked) => EntryKind);
  /** Paise, signed. */
  amount: number;
  method?: AccountPaymentMethod | null;
  reference?: string | null;
  reason?: string | null;
}

/** The customer as locked for a write: the balance (paise) every check reads. */
export interface Locked {
  balance: number;
  billingMode: BillingMode;
}

const REFERENCE_KEY = 'account_entries_reference_key';

/** 409 naming the entry that already used this reference. */
async function referenceTaken(
  db: Db,
  key: string,
  method: AccountPaymentMethod | null | undefined,
) {
  const [earlier] = await db
    .select({
      reference: accountEntriesTable.reference,
      amount: accountEntriesTable.amount,
      at: accountEntriesTable.at,
      firstName: customersTable.firstName,
      lastName: customersTable.lastName,
    })
    .from(accountEntriesTable)
    .innerJoin(customersTable, eq(customersTable.id, accountEntriesTable.customerId))
    .where(eq(accountEntriesTable.referenceKey, key));
  const label = method ? REFERENCE_LABELS[method] : 'Reference';
  if (!earlier) return conflict(`${label} ${key} was already recorded.`);
  return conflict(
    `${label} ${earlier.reference ?? key} was already recorded on ${dayFormat.format(earlier.at)} ` +
      `for ${nameOf(earlier)} (${formatPaise(Math.abs(earlier.amount))}).`,
  );
}

/**
 * Adds one entry in a transaction: the customer's row is locked first (as the trigger would
 * lock it), so `check` sees the balance no other write can change before this entry lands;
 * 20 writes at once on one account queue on that lock. A reference used before is refused
 * (409), also when two arrive at once (the unique index then refuses the second).
 */
export async function addEntry(
  db: Database,
  entry: NewEntry,
  admin: Admin | null,
  check?: (locked: Locked, tx: Transaction) => Promise<void> | void,
): Promise<{ entry: EntryDto; balance: number }> {
  const key = referenceKey(entry.reference);
  try {
    return await db.transaction(async (tx) => {
      const [customer] = await tx
        .select({ wallet: customersTable.wallet, billingMode: customersTable.billingMode })
        .from(customersTable)
        .where(eq(customersTable.id, entry.customerId))
        .for('update');
      if (!customer) throw notFound(NO_CUSTOMER);
      if (key) {
        const [used] = await tx
          .select({ id: accountEntriesTable.id })
          .from(accountEntriesTable)
          .where(eq(accountEntriesTable.referenceKey, key));
        if (used) throw await referenceTaken(tx, key, entry.method);
      }
      const locked: Locked = {
        balance: Math.round(Number(customer.wallet) * 100),
        billingMode: customer.billingMode,
      };
      await check?.(locked, tx);
      const [row] = await tx
        .insert(accountEntriesTable)
        .values({
          customerId: entry.customerId,
          kind: typeof entry.kind === 'function' ? entry.kind(locked) : entry.kind,
          amount: entry.amount,
          method: entry.method ?? null,
          reference: entry.reference?.trim() || null,
          referenceKey: key,
          reason: entry.reason?.trim() || null,
          adminId: admin?.id ?? null,
          adminName: admin?.name ?? null,
        })
        .returning();
      const dto = toEntryDto({ ...row!, orderNo: null });
      return { entry: dto, balance: dto.balanceAfter };
    });
  } catch (err) {
    if (key && isUniqueViolation(err, REFERENCE_KEY))
      throw await referenceTaken(db, key, entry.method);
    throw err;
  }
}

/** A refund paid out: at most the balance. */
export const refundWithinBalance = ({ balance }: Locked, amount: number) => {
  if (amount > balance) {
    throw badRequest(
      `The refund is larger than the balance (${formatPaise(Math.max(balance, 0))}).`,
    );
  }
};

/** A deposit refund: at most what the returned jars and cylinders released. */
export async function depositWithinRefundable(tx: Transaction, customerId: string, amount: number) {
  const { refundable } = await depositsOf(tx, customerId);
  if (amount > refundable) {
    throw badRequest(
      refundable > 0
        ? `The deposit refund is larger than the deposit refundable (${formatPaise(refundable)}).`
        : 'No deposit is refundable: no jars or cylinders have come back since the last deposit refund.',
    );
  }
}

/** Billing mode (and pause when low) on the customer and on what it owes, in one transaction. */
export async function setBillingMode(
  db: Database,
  customerId: string,
  billingMode: BillingMode,
  pauseWhenLow: boolean | undefined,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customersTable)
      .set({ billingMode, ...(pauseWhenLow === undefined ? {} : { pauseWhenLow }) })
      .where(eq(customersTable.id, customerId))
      .returning({
        userId: customersTable.id,
        billingMode: customersTable.billingMode,
        pauseWhenLow: customersTable.pauseWhenLow,
      });
    if (!row) throw notFound(NO_CUSTOMER);
    await tx
      .update(accountDuesTable)
      .set({ billingMode })
      .where(eq(accountDuesTable.customerId, customerId));
    return row;
  });
}
