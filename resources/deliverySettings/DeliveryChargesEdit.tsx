import {
  maxValue,
  minValue,
  NumberInput,
  required,
  SimpleForm,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { SettingsCard } from './SettingsCard';
import { useSettingsSave } from './useSettingsSave';

/** /admin-panel/delivery-charges/edit: one form; it stays on the page and reloads after saving. */
export function DeliveryChargesEdit() {
  const translate = useTranslate();
  const { data, isPending, error, refetch, dataUpdatedAt } = useGetOne('deliverySettings', {
    id: 'charge',
  });
  const save = useSettingsSave('charge', {
    failureMessage: 'app.deliverySettings.charges_failed',
    reload: refetch,
  });
  const charge = data?.deliveryCharge ?? {};
  const record = {
    id: 'charge',
    standardCharge: charge.standardCharge ?? 0,
    emergencyCharge: charge.emergencyCharge ?? 0,
    gst: charge.gst ?? 0,
  };
  return (
    <SettingsCard
      title={translate('app.deliverySettings.charges_title')}
      isPending={isPending}
      error={error}
    >
      <SimpleForm
        // A new answer from the server refills the form.
        key={dataUpdatedAt}
        record={record}
        onSubmit={({ standardCharge, emergencyCharge, gst }: Record<string, unknown>) =>
          save({ standardCharge, emergencyCharge, gst }, record)
        }
        toolbar={<FormToolbar label="Edit" busyLabel={translate('app.editing')} />}
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
      </SimpleForm>
    </SettingsCard>
  );
}
