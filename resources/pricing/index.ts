import { lazyScreen, type MenuCategory, type ResourceDeclaration } from '@/providers/resource';

const PricingPage = lazyScreen(() => import('./PricingPage'), 'PricingPage');

const lower = (c: MenuCategory) => c.name.toLowerCase();

/**
 * Pricing (spec 000; its content is ours): one screen per category whose table edits the prices
 * of its products and accessories through their own resources' edit calls, so it has no calls
 * of its own.
 */
export const pricing: ResourceDeclaration = {
  name: 'pricing',
  group: 'pricingManagement',
  api: {},
  routes: [{ path: 'pricing/:categoryName/:id', component: PricingPage }],
  menu: (categories) =>
    categories
      .filter((c) => c.kind !== 'tiffin')
      .map((c) => ({ label: c.name, to: `pricing/${lower(c)}/${c.id}` })),
};
