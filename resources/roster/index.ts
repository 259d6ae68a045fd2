import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { rosterActions } from './calls';

const RosterPage = lazyScreen(() => import('./RosterPage'), 'RosterPage');

/** The roster's route; `?date=YYYY-MM-DD` (tomorrow in India by default) and `?serviceId=`. */
export const ROSTER_PATH = 'roster';

/**
 * The day roster (issue 35), under Orders Management: a day's deliveries counted from its
 * orders once made, else projected from the subscriptions; the CSV and PDF; and the record of
 * the runs that made each day (its `list`).
 */
export const roster: ResourceDeclaration = {
  name: 'roster',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: { method: 'GET', path: 'roster/runs', resultKey: 'runs', paging: 'result' },
    files: {
      // The same call for both; `format` in the values picks csv or pdf.
      csv: { path: 'roster/export-roster', fileName: 'roster.csv' },
      pdf: { path: 'roster/export-roster', fileName: 'roster.pdf' },
    },
    actions: rosterActions,
  },
  routes: [{ path: ROSTER_PATH, component: RosterPage }],
  menu: [{ label: 'Tomorrow', to: ROSTER_PATH }],
};

/**
 * Making a day's orders now (roster/generate) is the super-admin's alone: this declaration
 * carries only that rule, so the button asks canAccess like every other.
 */
export const rosterMaking: ResourceDeclaration = {
  name: 'rosterMaking',
  superAdminOnly: true,
  api: {},
  routes: [],
};

export const rosterResources = [roster, rosterMaking];
