import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const deliverySettings: ResourceDeclaration = {
  name: 'deliverySettings',
  group: 'others',
  api: {},
  routes: [
    { path: 'delivery-charges/edit', component: comingSoon('Delivery Charges'), action: 'edit' },
    { path: 'delivery-times/edit', component: comingSoon('Delivery Times'), action: 'edit' },
  ],
  menu: [
    { label: 'Delivery Charges', to: 'delivery-charges/edit' },
    { label: 'Delivery Times', to: 'delivery-times/edit' },
  ],
};
