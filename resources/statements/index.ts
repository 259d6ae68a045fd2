import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { statementFiles } from './calls';

const StatementsPage = lazyScreen(() => import('./StatementsPage'), 'StatementsPage');

export const STATEMENTS_PATH = 'statements';

/**
 * Monthly statements (issue 36), under Orders Management: a month's numbered statements
 * (its `list`), every postpaid customer's statement in one PDF, and one customer's.
 */
export const statements: ResourceDeclaration = {
  name: 'statements',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'account/get-statements',
      resultKey: 'statements',
      paging: 'result',
      searchParam: 'search',
    },
    files: statementFiles,
  },
  routes: [{ path: STATEMENTS_PATH, component: StatementsPage }],
  menu: [{ label: 'Statements', to: STATEMENTS_PATH }],
};
