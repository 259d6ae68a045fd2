import { CardContent, Typography } from '@mui/material';
import { useEffect } from 'react';
import {
  email,
  maxLength,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { financialYearOf, GST_STATES } from '@shared/gst';
import { useAction } from '@/actions/useAction';
import { useActionQuery } from '@/actions/useActionQuery';
import { FormToolbar } from '@/forms/FormToolbar';
import { RecordForm } from '@/forms/RecordForm';
import { SettingsCard } from '@/components/SettingsCard';
import type { AppDataProvider } from '@/providers/types';
import type { Business } from './calls';
import {
  gstinState,
  gstinValid,
  invoicePrefixValid,
  overdueDaysValid,
  phoneValid,
  pincodeValid,
  stateMatchesGstin,
  toPayload,
} from './rules';

const STATE_CHOICES = GST_STATES.map((s) => ({ id: s.name, name: s.name }));

const WIDE = { maxWidth: 560 };
const NARROW = { maxWidth: 320 };

/** The form's values: what is stored, or empty fields and the default 30 days. */
function toForm(stored: Business | null | undefined): FieldValues {
  return {
    legalName: stored?.legalName ?? '',
    tradeName: stored?.tradeName ?? '',
    gstin: stored?.gstin ?? '',
    address: stored?.address ?? '',
    city: stored?.city ?? '',
    state: stored?.state ?? '',
    pincode: stored?.pincode ?? '',
    phone: stored?.phone ?? '',
    email: stored?.email ?? '',
    invoicePrefix: stored?.invoicePrefix ?? '',
    overdueDays: stored?.overdueDays ?? 30,
  };
}

const upperCase = (value: string) => (value ? value.toUpperCase() : value);

/**
 * The GSTIN, checked as it is typed (format, state code, check character: gstinProblem's words);
 * once valid it says the state it is registered in, and fills State when that is still empty
 * (or checks the one chosen).
 */
function GstinInput() {
  const translate = useTranslate();
  const gstin = useWatch({ name: 'gstin' });
  const { getValues, setValue, trigger } = useFormContext();
  const registered = gstinState(gstin);
  const registeredState = registered?.name;
  useEffect(() => {
    if (!registeredState) return;
    if (!getValues('state')) {
      setValue('state', registeredState, { shouldDirty: true, shouldValidate: true });
    } else {
      // A state chosen first is checked against the GSTIN once that is complete.
      void trigger('state');
    }
  }, [registeredState, getValues, setValue, trigger]);
  return (
    <TextInput
      source="gstin"
      label="app.business.gstin"
      validate={[required(), gstinValid]}
      parse={upperCase}
      helperText={
        registered
          ? translate('app.business.gstin_ok', { state: registered.name, code: registered.code })
          : 'app.business.gstin_help'
      }
      slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off', spellCheck: false } }}
      sx={NARROW}
      fullWidth
    />
  );
}

/**
 * /admin-panel/business-details: the seller's details printed on tax invoices (GET
 * settings/get-business, POST settings/save-business) and the overdue threshold of jars and
 * cylinders. Fields are checked as they are typed; it stays on the page after saving.
 */
export function BusinessEdit() {
  const translate = useTranslate();
  const stored = useActionQuery<AppDataProvider, Business | null>(['business'], (dp) =>
    dp.getBusiness({}),
  );
  const save = useAction(
    (dp: AppDataProvider, values: FieldValues) => dp.saveBusiness(toPayload(values)),
    {
      successMessage: 'app.business.saved',
      failureMessage: 'app.business.save_failed',
      // The overdue threshold shows on the returnables screens and the dashboard.
      invalidates: ['business', 'returnables'],
    },
  );
  return (
    <SettingsCard
      title={translate('app.business.title')}
      isPending={stored.isPending}
      error={stored.error}
    >
      <CardContent sx={{ py: 0 }}>
        <Typography color="text.secondary">{translate('app.business.intro')}</Typography>
      </CardContent>
      <RecordForm
        key={stored.dataUpdatedAt}
        record={toForm(stored.data)}
        onSubmit={save.submit}
        mode="onChange"
        // The fields' own messages, not the browser's.
        noValidate
        toolbar={
          <FormToolbar
            label={translate('app.business.save')}
            busyLabel={translate('app.business.saving')}
          />
        }
      >
        <TextInput
          source="legalName"
          label="app.business.legal_name"
          helperText="app.business.legal_help"
          validate={[required(), maxLength(200)]}
          sx={WIDE}
          fullWidth
        />
        <TextInput
          source="tradeName"
          label="app.business.trade_name"
          helperText="app.business.trade_help"
          validate={maxLength(200)}
          sx={WIDE}
          fullWidth
        />
        <GstinInput />
        <TextInput
          source="address"
          label="app.business.address"
          validate={[required(), maxLength(500)]}
          multiline
          minRows={2}
          sx={WIDE}
          fullWidth
        />
        <TextInput
          source="city"
          label="app.business.city"
          validate={[required(), maxLength(100)]}
          sx={NARROW}
          fullWidth
        />
        <SelectInput
          source="state"
          label="app.business.state"
          choices={STATE_CHOICES}
          validate={[required(), stateMatchesGstin]}
          sx={NARROW}
          fullWidth
        />
        <TextInput
          source="pincode"
          label="app.business.pincode"
          validate={[required(), pincodeValid]}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          sx={NARROW}
          fullWidth
        />
        <TextInput
          source="phone"
          label="app.business.phone"
          validate={phoneValid}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          sx={NARROW}
          fullWidth
        />
        <TextInput
          source="email"
          label="app.business.email"
          validate={email()}
          type="email"
          sx={NARROW}
          fullWidth
        />
        <TextInput
          source="invoicePrefix"
          label="app.business.invoice_prefix"
          helperText={<InvoiceNumberExample />}
          validate={[required(), invoicePrefixValid]}
          parse={upperCase}
          slotProps={{ htmlInput: { maxLength: 3, autoComplete: 'off' } }}
          sx={NARROW}
          fullWidth
        />
        <NumberInput
          source="overdueDays"
          label="app.business.overdue_days"
          helperText="app.business.overdue_days_help"
          validate={[required(), overdueDaysValid]}
          min={1}
          max={365}
          step={1}
          sx={NARROW}
          fullWidth
        />
      </RecordForm>
    </SettingsCard>
  );
}

/** What the prefix makes of this financial year's first invoice number (as the server writes it). */
function InvoiceNumberExample() {
  const translate = useTranslate();
  const prefix = useWatch({ name: 'invoicePrefix' }) || 'DS';
  const example = `${prefix}/${financialYearOf(new Date()).slice(2)}/000001`;
  return <>{translate('app.business.invoice_prefix_help', { example })}</>;
}
