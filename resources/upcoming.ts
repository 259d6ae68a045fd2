import { comingSoon } from '../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../src/providers/resource';

/**
 * The spec's screens that are not built yet: their routes and menu entries already exist and
 * show a 'coming' page inside the layout. Each issue that builds one moves it to its own folder.
 */
export const upcomingResources: ResourceDeclaration[] = [
  {
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
  },
  {
    name: 'content',
    group: 'settings',
    api: {},
    routes: [
      { path: 'contact-us', component: comingSoon('Contact Us'), action: 'edit' },
      { path: 'terms-and-conditions', component: comingSoon('Terms & Conditions'), action: 'edit' },
      { path: 'privacy-policy', component: comingSoon('Privacy Policy'), action: 'edit' },
    ],
    menu: [
      { label: 'Contact Us', to: 'contact-us' },
      { label: 'Terms & Conditions', to: 'terms-and-conditions' },
      { label: 'Privacy Policy', to: 'privacy-policy' },
    ],
  },
];
