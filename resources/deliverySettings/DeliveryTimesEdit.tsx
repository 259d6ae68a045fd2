import { minValue, NumberInput, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '../../src/actions/useAction';
import { useActionQuery } from '../../src/actions/useActionQuery';
import { FormToolbar } from '../../src/forms/FormToolbar';
import type { AppDataProvider } from '../index';
import { SettingsCard } from './SettingsCard';

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
  const translate = useTranslate();
  const { data, isPending, error, dataUpdatedAt } = useActionQuery(
    ['deliverySettings', 'times'],
    (dp: AppDataProvider) => dp.getDeliveryTimes({}),
  );
  const save = useAction(
    (dp: AppDataProvider, { pickupTime, deliveryTime, gapHours }: FieldValues) =>
      dp.saveDeliveryTimes({ pickupTime, deliveryTime, gapHours }),
    { failureMessage: 'app.deliverySettings.times_failed', invalidates: ['deliverySettings'] },
  );
  const record = {
    pickupTime: first(data?.pickupTime),
    deliveryTime: first(data?.deliveryTime),
    gapHours: data?.gapHours ?? 0,
  };
  return (
    <SettingsCard
      title={translate('app.deliverySettings.times_title')}
      isPending={isPending}
      error={error}
    >
      <SimpleForm
        // A new answer from the server refills the form.
        key={dataUpdatedAt}
        record={record}
        onSubmit={save.submit}
        toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
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
      </SimpleForm>
    </SettingsCard>
  );
}
