import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { BooleanInput, Form, RadioButtonGroupInput, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { BILLING_MODES, type BillingMode } from '@shared/account';
import { useAction } from '@/actions/useAction';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';
import { ACCOUNT_KEY } from './calls';
import type { CustomerAccount } from './types';

/** Pausing when low applies to prepaid accounts only. */
function PauseWhenLow() {
  const mode = useWatch({ name: 'billingMode' }) as BillingMode;
  if (mode !== 'prepaid') return null;
  return <BooleanInput source="pauseWhenLow" label="app.accounts.mode_dialog.pause_when_low" />;
}

/** Prepaid or postpaid, and (prepaid) whether subscriptions pause when the balance runs low. */
export function BillingModeDialog({
  account,
  onClose,
}: {
  account: CustomerAccount;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const save = useAction(
    (dp: AppDataProvider, v: FieldValues) =>
      dp.setBillingMode({
        userId: account.userId,
        billingMode: v.billingMode as BillingMode,
        pauseWhenLow: v.billingMode === 'prepaid' && Boolean(v.pauseWhenLow),
      }),
    {
      failureMessage: 'app.accounts.mode_dialog.failed',
      invalidates: [ACCOUNT_KEY],
      onSuccess: onClose,
    },
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form
        noValidate
        onSubmit={save.submit}
        record={{ billingMode: account.billingMode, pauseWhenLow: account.pauseWhenLow }}
      >
        <DialogTitle id={titleId}>
          {translate('app.accounts.mode_dialog.title', { name: account.name })}
        </DialogTitle>
        <DialogContent>
          <RadioButtonGroupInput
            source="billingMode"
            label="app.accounts.billing_mode"
            choices={BILLING_MODES.map((id) => ({
              id,
              name: translate(`app.accounts.billing_modes.${id}`),
            }))}
            row={false}
          />
          <PauseWhenLow />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.accounts.dialog.cancel')}</Button>
          <FormSubmitButton
            label={translate('app.accounts.dialog.save')}
            busyLabel={translate('app.busy')}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
