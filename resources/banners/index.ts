import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

const HOME_BANNER_ID = '123456789';

/** Not built yet: its routes show a 'coming' page. */
export const banners: ResourceDeclaration = {
  name: 'banners',
  group: 'banners',
  api: {},
  routes: [
    { path: 'banners/:categoryId/:page', component: comingSoon('Banners') },
    { path: 'banner/add', component: comingSoon('Add Banner'), action: 'create' },
    { path: 'banner/edit/:id', component: comingSoon('Edit Banner'), action: 'edit' },
    { path: 'banner/view/:id', component: comingSoon('Banner'), action: 'show' },
  ],
  menu: (categories) => [
    { label: 'Home Banner', to: `banners/${HOME_BANNER_ID}/1` },
    ...categories.map((c) => ({ label: c.name, to: `banners/${c.id}/1` })),
  ],
};
