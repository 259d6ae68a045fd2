import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Spec 001: see docs/api.md for the calls. */
export const supports: ResourceDeclaration = {
  name: 'supports',
  group: 'supports',
  api: {},
  routes: [
    { path: 'supports/:page', component: comingSoon('Help') },
    { path: 'support/view/:userId', component: comingSoon('Support Tickets'), action: 'show' },
    { path: 'support/view-support/:id', component: comingSoon('Support Ticket'), action: 'show' },
  ],
  menu: [{ label: 'Help', to: 'supports/1' }],
};
