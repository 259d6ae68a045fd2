import { comingSoon } from '../../src/pages/ComingSoon';
import type { MenuCategory, ResourceDeclaration } from '../../src/providers/resource';

const lower = (c: MenuCategory) => c.name.toLowerCase();

/** Spec 001: see docs/api.md for the calls. */
export const assigningJobs: ResourceDeclaration = {
  name: 'assigningJobs',
  group: 'assigningJobs',
  api: {},
  routes: [
    { path: 'assigning-job/:name/:serviceId/:page', component: comingSoon('Assigning Jobs') },
    { path: 'assigning-job/view/:id', component: comingSoon('View Order'), action: 'show' },
  ],
  menu: (categories) =>
    categories.map((c) => ({ label: c.name, to: `assigning-job/${lower(c)}/${c.id}/1` })),
};
