import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Spec 001: see docs/api.md for the calls. */
export const ecomm: ResourceDeclaration = {
  name: 'ecomm',
  group: 'others',
  api: {},
  routes: [
    { path: 'ecomm/all-products/:page', component: comingSoon('E-commerce Products') },
    { path: 'ecomm/product-categories/:page', component: comingSoon('E-commerce Categories') },
  ],
  menu: [
    { label: 'E-commerce Products', to: 'ecomm/all-products/1' },
    { label: 'E-commerce Categories', to: 'ecomm/product-categories/1' },
  ],
};
