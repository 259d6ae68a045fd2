import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Spec 001: see docs/api.md for the calls. */
export const returns: ResourceDeclaration = {
  name: 'returns',
  group: 'return',
  api: {},
  routes: [
    { path: 'returns/:categoryType/:page', component: comingSoon('Return Requests') },
    { path: 'return/view/:id', component: comingSoon('Return Request'), action: 'show' },
  ],
  menu: [
    { label: 'Water Returns', to: 'returns/0/1' },
    { label: 'Oxygen Returns', to: 'returns/1/1' },
  ],
};
