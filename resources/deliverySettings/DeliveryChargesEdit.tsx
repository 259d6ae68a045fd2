import { maxValue, minValue, NumberInput, required, SimpleForm, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '../../src/actions/useAction';
import { useActionQuery } from '../../src/actions/useActionQuery';
import { FormToolbar } from '../../src/forms/FormToolbar';
import type { AppDataProvider } from '../index';
import { SettingsCard } from './SettingsCard';

/** /admin-panel/delivery-charges/edit: one form; it stays on the page and reloads after saving. */
export function DeliveryChargesEdit() {
  const translate = useTranslate();
  const { data, isPending, error, dataUpdatedAt } = useActionQuery(
    ['deliverySettings', 'charges'],
    (dp: AppDataProvider) => dp.getDeliveryCharges({}),
  );
  const save = useAction(
    (dp: AppDataProvider, { standardCharge, emergencyCharge, gst }: FieldValues) =>
      dp.saveDeliveryCharges({ standardCharge, emergencyCharge, gst }),
    { failureMessage: 'app.deliverySettings.charges_failed', invalidates: ['deliverySettings'] },
  );
  const record = {
    standardCharge: data?.standardCharge ?? 0,
    emergencyCharge: data?.emergencyCharge ?? 0,
    gst: data?.gst ?? 0,
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
        onSubmit={save.submit}
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
