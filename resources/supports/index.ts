import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { supportActions } from './calls';

const SupportList = lazyScreen(() => import('./SupportList'), 'SupportList');
const TicketShow = lazyScreen(() => import('./TicketShow'), 'TicketShow');
const UserTickets = lazyScreen(() => import('./UserTickets'), 'UserTickets');
const TicketList = lazyScreen(() => import('./TicketList'), 'TicketList');

/**
 * Support tickets (spec 001; docs/api.md "Support tickets", answers spell `statuscode`). The
 * API calls both the per-customer summaries and the tickets "supports": `list` is the Help list
 * (customers with tickets); the records of `lists.forUser`, `lists.tickets` (the ticket list,
 * issue 37), `getOne` and `update` are tickets.
 */
export const supports: ResourceDeclaration = {
  name: 'supports',
  group: 'supports',
  api: {
    envelope: 'statuscode',
    list: {
      method: 'GET',
      path: 'support/get-all-supports',
      query: { status: 'Active' },
      resultKey: 'supports',
      paging: 'result',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: { path: 'support/export-supports', fileName: 'supports.csv' },
    },
    lists: {
      // `userId` arrives as the filter. The spec also sends an empty `status`; an empty
      // parameter is never sent, which the server reads the same (every status).
      forUser: {
        method: 'GET',
        path: 'support/get-all-supports-for-user',
        resultKey: 'supports',
        paging: 'none',
      },
      // Addition (issue 37): one row per ticket, newest first, with search and filters.
      tickets: {
        method: 'GET',
        path: 'support/tickets',
        resultKey: 'tickets',
        paging: 'result',
        searchParam: 'search',
        csv: { path: 'support/export-tickets', fileName: 'tickets.csv' },
      },
    },
    // Addition: one ticket by id, for reloads and shared links.
    getOne: { method: 'GET', path: 'support/get-support/:id', resultKey: 'support' },
    actions: supportActions,
  },
  routes: [
    { path: 'supports/:page', component: SupportList },
    { path: 'support/tickets/:page', component: TicketList },
    { path: 'support/view/:userId', component: UserTickets, action: 'show' },
    { path: 'support/view-support/:id', component: TicketShow, action: 'show' },
  ],
  menu: [
    { label: 'Help', to: 'supports/1' },
    { label: 'Tickets', to: 'support/tickets/1' },
  ],
};
