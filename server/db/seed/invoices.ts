import { sql } from 'drizzle-orm';
import { BRAND_NAME } from '@shared/brand';
import { gstinCheckChar, stateCodeOf } from '@shared/gst';
import type { Database, Transaction } from '../client';
import { businessSettingsTable } from '../schema';
import { setDepotStock, writeLedgerFromHistory } from './returnables';

/**
 * The demo business, registered in Delhi, where most demo customers live (their invoices carry
 * CGST and SGST; Bengaluru's and Mumbai's IGST). A private limited company: the 4th letter of its
 * PAN is C and the 5th the initial of its name; its first registration in the state (1), then
 * Z and the check character.
 */
const GSTIN_WITHOUT_CHECK = `${stateCodeOf('Delhi')}AAGCD4821K1Z`;

export const DEMO_BUSINESS = {
  legalName: `${BRAND_NAME} Home Services Private Limited`,
  tradeName: BRAND_NAME,
  gstin: GSTIN_WITHOUT_CHECK + gstinCheckChar(GSTIN_WITHOUT_CHECK),
  address: 'Plot 14, Okhla Industrial Estate Phase III',
  city: 'New Delhi',
  state: 'Delhi',
  stateCode: stateCodeOf('Delhi')!,
  pincode: '110020',
  phone: '011 4105 2290',
  email: 'accounts@example.com',
  invoicePrefix: 'DS',
  overdueDays: 30,
} satisfies Omit<typeof businessSettingsTable.$inferInsert, 'id'>;

/** Saves the demo business details unless some are saved already. */
export async function saveDemoBusiness(db: Database | Transaction): Promise<void> {
  await db.insert(businessSettingsTable).values(DEMO_BUSINESS).onConflictDoNothing();
}

/**
 * The demo's business details, ledger and invoices, after its orders, returns and runs: the
 * ledger entries of a database seeded before the ledger existed (a fresh one has them all from
 * the triggers), the depot's stock, then an invoice for every delivered order, numbered in the
 * order they were delivered. Saving the details after the orders is what numbers them that way
 * rather than as the seed happened to insert them.
 */
export async function seedBusinessAndInvoices(db: Database | Transaction): Promise<void> {
  await saveDemoBusiness(db);
  await writeLedgerFromHistory(db);
  await setDepotStock(db);
  await db.execute(sql`SELECT issue_missing_invoices()`);
}
