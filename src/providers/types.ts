import type { accountActions } from '@resources/accounts/calls';
import type { assigningJobActions } from '@resources/assigningJobs/calls';
import type { businessActions } from '@resources/business/calls';
import type { contentActions } from '@resources/content/calls';
import type { deliverySettingsActions } from '@resources/deliverySettings/calls';
import type { duesActions } from '@resources/dues/calls';
import type { holidayActions } from '@resources/holidays/calls';
import type { orderActions } from '@resources/orders/calls';
// Issue 38: the GSTR-1 tab of Reports.
import type { emergencyReportActions } from '@resources/reports/emergencyCalls';
import type { gstr1Actions } from '@resources/reports/gstr1Calls';
// Issue 38: the sales report.
import type { salesReportActions } from '@resources/reports/salesCalls';
import type { returnableActions } from '@resources/returnables/calls';
import type { returnActions } from '@resources/returns/calls';
import type { riderActions } from '@resources/riders/calls';
import type { rosterActions } from '@resources/roster/calls';
// Issue 36: settlement files.
import type { settlementActions } from '@resources/settlements/calls';
import type { subscriptionActions } from '@resources/subscriptions/calls';
import type { supportActions } from '@resources/supports/calls';
import type { userActions } from '@resources/users/calls';
import type { ActionMethods } from './actions';
import type { BaseDataProvider } from './dataProvider';

// A leaf: it imports only the resources' calls.ts files, never the registry
// (resources/index.ts) or a screen, so a screen can name the provider without an import cycle.

/** Every action the resources declare (`api.actions`), as typed provider methods. */
export type AppActions = typeof accountActions &
  typeof assigningJobActions &
  typeof businessActions &
  typeof contentActions &
  typeof deliverySettingsActions &
  typeof duesActions &
  typeof holidayActions &
  typeof orderActions &
  typeof gstr1Actions &
  typeof emergencyReportActions &
  typeof salesReportActions &
  typeof returnableActions &
  typeof returnActions &
  typeof riderActions &
  typeof rosterActions &
  typeof settlementActions &
  typeof subscriptionActions &
  typeof supportActions &
  typeof userActions;

/** The panel's dataProvider: `useDataProvider<AppDataProvider>().setCustomerStatus(...)`. */
export type AppDataProvider = BaseDataProvider & ActionMethods<AppActions>;
