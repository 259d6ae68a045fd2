import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { businessActions } from './calls';

const BusinessEdit = lazyScreen(() => import('./BusinessEdit'), 'BusinessEdit');

/** Business details (issue 16): one form under Settings. */
export const business: ResourceDeclaration = {
  name: 'business',
  group: 'settings',
  api: { envelope: 'statusCode', actions: businessActions },
  routes: [{ path: 'business-details', component: BusinessEdit, action: 'edit' }],
  menu: [{ label: 'Business details', to: 'business-details' }],
};
