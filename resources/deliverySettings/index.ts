import { lazyScreen, type ResourceDeclaration } from '../../src/providers/resource';

const DeliveryChargesEdit = lazyScreen(
  () => import('./DeliveryChargesEdit'),
  'DeliveryChargesEdit',
);
const DeliveryTimesEdit = lazyScreen(() => import('./DeliveryTimesEdit'), 'DeliveryTimesEdit');

/**
 * The two single settings of spec 000: delivery charges and delivery times. One resource, whose
 * record ids name the setting: `charge` -> delivery-charge/..., `time` -> delivery-time/...
 * getOne answers the whole `result` (`{ deliveryCharge }` or `{ data }`); the screens unwrap it.
 */
export const deliverySettings: ResourceDeclaration = {
  name: 'deliverySettings',
  group: 'others',
  api: {
    envelope: 'statusCode',
    getOne: { method: 'GET', path: 'delivery-:id/get-delivery-:id' },
    update: { method: 'POST', path: 'delivery-:id/save', bodyKind: 'json' },
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
