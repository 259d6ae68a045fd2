import { sql } from 'drizzle-orm';
import { saveDemoBusiness } from '../invoices';
import { setDepotStock, writeLedgerFromHistory } from '../returnables';
import type { Lanes } from './lanes';

/**
 * The jars-and-cylinders ledger and the invoices of the loaded orders, as the demo has them:
 * the demo's business details (unless some are saved), a ledger entry for each delivered order
 * of a jar or cylinder and each approved return (the triggers that write them one by one are
 * off), the balances rebuilt from those entries in one pass, the depot's stock, and an invoice
 * for every delivered order, numbered per financial year in the order they were delivered.
 */
export async function loadLedgerAndInvoices(lanes: Lanes): Promise<void> {
  const step = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    if (process.env.SEED_DEBUG) console.log('   ', name, Math.round(performance.now() - t));
  };
  // The ledger and the invoices are written from the same orders but not from each other.
  await lanes.both(
    async ({ db }) => {
      await step('entries', () => writeLedgerFromHistory(db));
      await step('balances', () => db.execute(sql`SELECT rebuild_returnable_balances()`));
      await step('stock', () => setDepotStock(db));
    },
    async ({ db }) => {
      await step('business', () => saveDemoBusiness(db));
      await step('invoices', () => db.execute(sql`SELECT issue_missing_invoices()`));
    },
  );
}
