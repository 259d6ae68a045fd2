import { sql } from 'drizzle-orm';
import { saveDemoBusiness } from '../invoices';
import { setDepotStock, writeLedgerFromHistory } from '../returnables';
import type { Transaction } from './run';

/**
 * The jars-and-cylinders ledger and the invoices of the loaded orders, as the demo has them:
 * the demo's business details (unless some are saved), a ledger entry for each delivered order
 * of a jar or cylinder and each approved return (the triggers that write them one by one are
 * off), the balances rebuilt from those entries in one pass, the depot's stock, and an invoice
 * for every delivered order, numbered per financial year in the order they were delivered.
 */
export async function loadLedgerAndInvoices(tx: Transaction): Promise<void> {
  const step = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    if (process.env.SEED_DEBUG) console.log('   ', name, Math.round(performance.now() - t));
  };
  await step('business', () => saveDemoBusiness(tx));
  await step('entries', () => writeLedgerFromHistory(tx));
  await step('balances', () => tx.execute(sql`SELECT rebuild_returnable_balances()`));
  await step('stock', () => setDepotStock(tx));
  await step('invoices', () => tx.execute(sql`SELECT issue_missing_invoices()`));
}
