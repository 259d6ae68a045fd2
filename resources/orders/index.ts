import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Spec 001: see docs/api.md for the calls. */
export const orders: ResourceDeclaration = {
  name: 'orders',
  group: 'orders',
  api: {},
  routes: [
    { path: 'orders/:page', component: comingSoon('Orders') },
    { path: 'orders/:type/:page', component: comingSoon('Orders') },
    { path: 'order/:serviceId/:page', component: comingSoon('Orders') },
    { path: 'order/view/:id', component: comingSoon('View Order'), action: 'show' },
    { path: 'order-type/view/:id', component: comingSoon('View Order'), action: 'show' },
  ],
  menu: (categories) => [
    { label: 'All Orders', to: 'orders/1' },
    { label: 'Fresh Orders', to: 'orders/fresh/1' },
    { label: 'Reorders', to: 'orders/reorder/1' },
    ...categories.map((c) => ({ label: `${c.name} Orders`, to: `order/${c.id}/1` })),
  ],
};
