import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { emergencyReportActions, emergencyReportFiles } from './emergencyCalls';
import { gstr1Actions, gstr1Files } from './gstr1Calls';
import { salesReportActions, salesReportFiles } from './salesCalls';

const ReportsPage = lazyScreen(() => import('./ReportsPage'), 'ReportsPage');

export const REPORTS_PATH = 'reports';

/**
 * Reports (issue 38), under Orders Management: sales by period, service, pin code and rider
 * (from the sales rollup), the month's GSTR-1, the sales register and the credit notes, each a
 * tab of one page (`?tab=`).
 */
export const reports: ResourceDeclaration = {
  name: 'reports',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    // The GSTR-1 tab, and the Sales and Sales register tabs: their figures and files.
    actions: { ...gstr1Actions, ...salesReportActions, ...emergencyReportActions },
    files: { ...gstr1Files, ...salesReportFiles, ...emergencyReportFiles },
  },
  routes: [{ path: REPORTS_PATH, component: ReportsPage }],
  menu: [{ label: 'Reports', to: REPORTS_PATH }],
};
