import { action } from '@/providers/actions';
import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const DeliveryChargesEdit = lazyScreen(
  () => import('./DeliveryChargesEdit'),
  'DeliveryChargesEdit',
);
const DeliveryTimesEdit = lazyScreen(() => import('./DeliveryTimesEdit'), 'DeliveryTimesEdit');

export interface DeliveryCharges {
  standardCharge: number;
  emergencyCharge: number;
  gst: number;
}

export interface DeliveryTimes {
  pickupTime: string;
  deliveryTime: string;
  gapHours: number;
}

/** The server keeps lists of times; the form shows and sends the first of each. */
export interface StoredDeliveryTimes {
  pickupTime: string[];
  deliveryTime: string[];
  gapHours: number;
}

/** The two single settings of spec 000, each read and saved whole (JSON). */
export const deliverySettingsActions = {
  getDeliveryCharges: action<Record<string, never>, DeliveryCharges | undefined>({
    method: 'GET',
    path: 'delivery-charge/get-delivery-charge',
    resultKey: 'deliveryCharge',
  }),
  saveDeliveryCharges: action<DeliveryCharges>({
    method: 'POST',
    path: 'delivery-charge/save',
    bodyKind: 'json',
    fields: ['standardCharge', 'emergencyCharge', 'gst'],
  }),
  getDeliveryTimes: action<Record<string, never>, StoredDeliveryTimes | undefined>({
    method: 'GET',
    path: 'delivery-time/get-delivery-time',
    resultKey: 'data',
  }),
  saveDeliveryTimes: action<DeliveryTimes>({
    method: 'POST',
    path: 'delivery-time/save',
    bodyKind: 'json',
    fields: ['pickupTime', 'deliveryTime', 'gapHours'],
  }),
};

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
