import type { ResourceDeclaration } from '@/providers/resource';
import { accountActions } from './calls';

/**
 * Customer accounts (issue 36), under Orders Management: the ledger of a household's money,
 * shown as the Account tab of the customer's view (no screen of its own here), its writes, and
 * the ledger as CSV.
 */
export const accounts: ResourceDeclaration = {
  name: 'accounts',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    actions: accountActions,
    files: {
      ledger: { path: 'account/export-ledger/:userId', fileName: 'ledger.csv' },
    },
  },
  routes: [],
};
