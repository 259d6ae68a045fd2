import { action } from '@/providers/actions';

export interface DeliveryCharges {
  standardCharge: number;
  emergencyCharge: number;
  gst: number;
}

export interface DeliveryTimes {
  pickupTime: string;
  deliveryTime: string;
  gapHours: number;
  /** Addition (issue 40): an open emergency this old is running late; left out, kept. */
  emergencyAlertMinutes?: number;
}

/** The server keeps lists of times; the form shows and sends the first of each. */
export interface StoredDeliveryTimes {
  pickupTime: string[];
  deliveryTime: string[];
  gapHours: number;
  emergencyAlertMinutes: number;
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
    fields: ['pickupTime', 'deliveryTime', 'gapHours', 'emergencyAlertMinutes'],
  }),
};
