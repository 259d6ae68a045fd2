import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { holidayActions } from './calls';

const HolidaysPage = lazyScreen(() => import('./HolidaysPage'), 'HolidaysPage');

/**
 * Holidays (issue 35), under Settings: days without deliveries, everywhere or in some pin
 * codes, and the cut-off time at which the next day's orders are made.
 */
export const holidays: ResourceDeclaration = {
  name: 'holidays',
  group: 'settings',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'holiday/get-holidays',
      resultKey: 'holidays',
      paging: 'result',
    },
    delete: { method: 'POST', path: 'holiday/delete/:id', bodyKind: 'json', fields: [] },
    actions: holidayActions,
  },
  routes: [{ path: 'holidays', component: HolidaysPage }],
  menu: [{ label: 'Holidays', to: 'holidays' }],
};
