import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { deliverySettingsActions } from './calls';

const DeliveryChargesEdit = lazyScreen(
  () => import('./DeliveryChargesEdit'),
  'DeliveryChargesEdit',
);
const DeliveryTimesEdit = lazyScreen(() => import('./DeliveryTimesEdit'), 'DeliveryTimesEdit');

/** The settings screens: delivery charges and delivery times. */
export const deliverySettings: ResourceDeclaration = {
  name: 'deliverySettings',
  group: 'others',
  api: {
    envelope: 'statusCode',
    actions: deliverySettingsActions,
  },
  routes: [
    { path: 'delivery-charges/edit', component: DeliveryChargesEdit, action: 'edit' },
    { path: 'delivery-times/edit', component: DeliveryTimesEdit, action: 'edit' },
  ],
  menu: [
    { label: 'Delivery Charges', to: 'delivery-charges/edit' },
    { label: 'Delivery Times', to: 'delivery-times/edit' },
  ],
};
