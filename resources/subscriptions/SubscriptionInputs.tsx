import { Alert } from '@mui/material';
import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useGetOne,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { LabeledText } from '@/components/LabeledText';
import { formatPhone, fullName } from '@/names';
import { ItemInputs } from './ItemInputs';
import { ScheduleInputs } from './ScheduleInputs';
import { useServices } from './SubscriptionFilters';
import { PAYMENT_METHODS } from './types';
import { useSlots } from './useSlots';
import { notBefore, quantityRule } from './validation';

const width = { minWidth: 260, maxWidth: 420 };

const customerText = (r: RaRecord) =>
  r ? [fullName(r), formatPhone(r.phone)].filter(Boolean).join(' · ') : '';

/** The service (category) kind the form is for: the chosen service's, else the record's. */
export function useServiceKind(): string | undefined {
  const record = useRecordContext();
  const services = useServices();
  const serviceId = useWatch({ name: 'serviceId' }) as string | undefined;
  const service = services.find((s) => String(s.id) === serviceId);
  return (service?.kind as string | undefined) ?? (record?.serviceKind as string | undefined);
}

// The number inputs carry no min / max: a browser would refuse the form with its own words
// before our validators say what is wrong.

/**
 * The fields shared by add and edit: the customer (add only), what is delivered, how many, the
 * schedule, the slot and address, the dates and payment. `serverError` is the server's last
 * refusal (a 400 naming the field, a 409), shown above the fields.
 */
export function SubscriptionInputs({
  mode,
  serverError,
}: {
  mode: 'create' | 'edit';
  serverError?: string;
}) {
  const record = useRecordContext();
  const services = useServices();
  const slots = useSlots();
  const kind = useServiceKind();
  const { setValue } = useFormContext();
  const [userId, serviceId] = useWatch({ name: ['userId', 'serviceId'] }) as [string, string];
  const slotChoices = [...new Set([...slots, ...(record?.slot ? [String(record.slot)] : [])])];
  return (
    <>
      {serverError && (
        <Alert severity="error" role="alert" sx={{ mb: 2, alignSelf: 'stretch' }}>
          {serverError}
        </Alert>
      )}
      {mode === 'create' ? (
        <ReferenceInput
          source="userId"
          reference="users"
          perPage={20}
          // react-admin sorts by `id` unless told; the customers list sorts by these fields only.
          sort={{ field: 'createdAt', order: 'DESC' }}
        >
          <AutocompleteInput
            label="app.subscriptions.customer"
            optionText={customerText}
            filterToQuery={(q) => ({ q })}
            helperText="app.subscriptions.customer_help"
            validate={required()}
            sx={width}
            fullWidth
          />
        </ReferenceInput>
      ) : (
        <LabeledText label="app.subscriptions.customer">
          {[record?.customer?.name, formatPhone(record?.customer?.phone)]
            .filter(Boolean)
            .join(' · ')}
        </LabeledText>
      )}
      <SelectInput
        source="serviceId"
        label="app.subscriptions.service"
        choices={services.map((s) => ({ id: String(s.id), name: String(s.name) }))}
        validate={required()}
        onChange={() => {
          setValue('productId', null);
          setValue('planId', null);
          setValue('accessoryQty', {});
        }}
        sx={width}
      />
      <ItemInputs serviceId={serviceId} kind={kind} />
      <NumberInput
        source="quantity"
        label="app.subscriptions.quantity"
        validate={quantityRule}
        step={1}
      />
      <ScheduleInputs />
      <SelectInput
        source="slot"
        label="app.subscriptions.slot"
        choices={slotChoices.map((s) => ({ id: s, name: s }))}
        helperText="app.subscriptions.slot_help"
        validate={required()}
        sx={width}
      />
      <AddressInput userId={userId} />
      <DateInput source="startDate" label="app.subscriptions.start_date" validate={required()} />
      <DateInput
        source="endDate"
        label="app.subscriptions.end_date"
        helperText="app.subscriptions.end_date_help"
        validate={notBefore('startDate')}
      />
      <SelectInput
        source="paymentMethod"
        label="app.subscriptions.payment_method"
        choices={PAYMENT_METHODS.map((m) => ({ id: m, name: m }))}
        validate={required()}
        sx={width}
      />
      <TextInput
        source="specialInstruction"
        label="app.subscriptions.instructions"
        multiline
        minRows={2}
        sx={{ maxWidth: 520 }}
        fullWidth
      />
    </>
  );
}

/** The customer's addresses (their record), the default first; empty: the default one. */
function AddressInput({ userId }: { userId?: string }) {
  const { data: customer } = useGetOne('users', { id: userId! }, { enabled: Boolean(userId) });
  const addresses = (customer?.addresses ?? []) as { _id: string; fullAddress: string }[];
  return (
    <SelectInput
      source="addressId"
      label="app.subscriptions.address"
      choices={addresses.map((a) => ({ id: a._id, name: a.fullAddress }))}
      helperText="app.subscriptions.address_help"
      disabled={!userId}
      sx={{ minWidth: 260, maxWidth: 520 }}
      fullWidth
    />
  );
}
