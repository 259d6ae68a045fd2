import type { Database } from '../../db/client';
import { createReturnableLedger } from './ledger';
import { createOutstandingList } from './outstanding';
import { createReturnableStock } from './stock';
import { createReturnableSummary } from './summary';

/**
 * The returnables' repository, put together from its concerns: a customer's ledger and
 * corrections (ledger.ts), the outstanding list and its export (outstanding.ts), the depot's
 * stock (stock.ts) and the dashboard's cards (summary.ts). Their rows and answers: dto.ts.
 */
export function createReturnableRepository(db: Database) {
  return {
    ...createReturnableLedger(db),
    ...createOutstandingList(db),
    ...createReturnableStock(db),
    ...createReturnableSummary(db),
  };
}
