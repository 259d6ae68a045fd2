import { minValue, NumberInput, required, TextInput } from 'react-admin';
import { DEFAULT_ALERT_MINUTES } from '@/orders/emergencyClock';
import { SettingForm } from './SettingForm';

/** Mirrors the server (EMERGENCY_ALERT_MINUTES): a quarter hour to four hours. */
export const ALERT_MINUTES = { least: 15, most: 240 } as const;

/** Whole minutes from 15 to 240, with the server's wording. */
const alertMinutes = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= ALERT_MINUTES.least && n <= ALERT_MINUTES.most
    ? undefined
    : { message: 'app.deliverySettings.alert_range', args: ALERT_MINUTES };
};

/** Mirrors the server: whole hours. */
const wholeHours = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !Number.isInteger(Number(value))
    ? 'app.deliverySettings.whole_hours'
    : undefined;

const first = (list: unknown) => (Array.isArray(list) ? String(list[0] ?? '') : '');

/**
 * /admin-panel/delivery-times/edit: the server keeps lists; the form shows and sends the first
 * element of each, as the spec's form does. It stays on the page and reloads after saving.
 */
export function DeliveryTimesEdit() {
  return (
    <SettingForm
      name="times"
      title="app.deliverySettings.times_title"
      read={(dp) => dp.getDeliveryTimes({})}
      save={(dp, { pickupTime, deliveryTime, gapHours, emergencyAlertMinutes }) =>
        dp.saveDeliveryTimes({ pickupTime, deliveryTime, gapHours, emergencyAlertMinutes })
      }
      toForm={(times) => ({
        pickupTime: first(times?.pickupTime),
        deliveryTime: first(times?.deliveryTime),
        gapHours: times?.gapHours ?? 0,
        emergencyAlertMinutes: times?.emergencyAlertMinutes ?? DEFAULT_ALERT_MINUTES,
      })}
      failureMessage="app.deliverySettings.times_failed"
      label="Save"
      busyLabel="app.updating"
    >
      <TextInput
        source="pickupTime"
        label="app.deliverySettings.pickup_time"
        helperText="app.deliverySettings.pickup_help"
        validate={required()}
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      <TextInput
        source="deliveryTime"
        label="app.deliverySettings.delivery_time"
        helperText="app.deliverySettings.delivery_help"
        validate={required()}
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      <NumberInput
        source="gapHours"
        label="app.deliverySettings.gap_hours"
        helperText="app.deliverySettings.gap_help"
        validate={[required(), minValue(0), wholeHours]}
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      <NumberInput
        source="emergencyAlertMinutes"
        label="app.deliverySettings.emergency_alert"
        helperText="app.deliverySettings.emergency_alert_help"
        validate={[required(), alertMinutes]}
        sx={{ maxWidth: 420 }}
        fullWidth
      />
    </SettingForm>
  );
}
