import { maxValue, minValue, NumberInput, required } from 'react-admin';
import { SettingForm } from './SettingForm';

/** /admin-panel/delivery-charges/edit: one form; it stays on the page and reloads after saving. */
export function DeliveryChargesEdit() {
  return (
    <SettingForm
      name="charges"
      title="app.deliverySettings.charges_title"
      read={(dp) => dp.getDeliveryCharges({})}
      save={(dp, { standardCharge, emergencyCharge, gst }) =>
        dp.saveDeliveryCharges({ standardCharge, emergencyCharge, gst })
      }
      toForm={(charges) => ({
        standardCharge: charges?.standardCharge ?? 0,
        emergencyCharge: charges?.emergencyCharge ?? 0,
        gst: charges?.gst ?? 0,
      })}
      failureMessage="app.deliverySettings.charges_failed"
      label="Save"
      busyLabel="app.editing"
    >
      <NumberInput
        source="standardCharge"
        label="app.deliverySettings.standard_charge"
        validate={[required(), minValue(0)]}
        sx={{ maxWidth: 320 }}
        fullWidth
      />
      <NumberInput
        source="emergencyCharge"
        label="app.deliverySettings.emergency_charge"
        validate={[required(), minValue(0)]}
        sx={{ maxWidth: 320 }}
        fullWidth
      />
      <NumberInput
        source="gst"
        label="app.deliverySettings.gst"
        validate={[required(), minValue(0), maxValue(100)]}
        sx={{ maxWidth: 320 }}
        fullWidth
      />
    </SettingForm>
  );
}
