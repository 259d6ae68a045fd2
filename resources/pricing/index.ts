import { comingSoon } from '../../src/pages/ComingSoon';
import type { MenuCategory, ResourceDeclaration } from '../../src/providers/resource';

const lower = (c: MenuCategory) => c.name.toLowerCase();

/** Not built yet: its routes show a 'coming' page. */
export const pricing: ResourceDeclaration = {
  name: 'pricing',
  group: 'pricingManagement',
  api: {},
  routes: [{ path: 'pricing/:categoryName/:id', component: comingSoon('Pricing') }],
  menu: (categories) =>
    categories
      .filter((c) => c.kind !== 'tiffin')
      .map((c) => ({ label: c.name, to: `pricing/${lower(c)}/${c.id}` })),
};
