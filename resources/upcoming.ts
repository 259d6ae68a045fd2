import { comingSoon } from '../src/pages/ComingSoon';
import type { MenuCategory, ResourceDeclaration } from '../src/providers/resource';

/**
 * The spec's screens that are not built yet: their routes and menu entries already exist and
 * show a 'coming' page inside the layout. Each issue that builds one moves it to its own folder.
 */
const lower = (c: MenuCategory) => c.name.toLowerCase();

export const upcomingResources: ResourceDeclaration[] = [
  {
    name: 'assigningJobs',
    group: 'assigningJobs',
    api: {},
    routes: [
      { path: 'assigning-job/:name/:serviceId/:page', component: comingSoon('Assigning Jobs') },
      { path: 'assigning-job/view/:id', component: comingSoon('View Order'), action: 'show' },
    ],
    menu: (categories) =>
      categories.map((c) => ({ label: c.name, to: `assigning-job/${lower(c)}/${c.id}/1` })),
  },
  {
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
  },
  {
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
  },
  {
    name: 'supports',
    group: 'supports',
    api: {},
    routes: [
      { path: 'supports/:page', component: comingSoon('Help') },
      { path: 'support/view/:userId', component: comingSoon('Support Tickets'), action: 'show' },
      { path: 'support/view-support/:id', component: comingSoon('Support Ticket'), action: 'show' },
    ],
    menu: [{ label: 'Help', to: 'supports/1' }],
  },
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
