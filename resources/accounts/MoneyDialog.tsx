import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId, useState } from 'react';
import { Form, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  ACCOUNT_PAYMENT_METHODS,
  REFERENCE_LABELS,
  toPaise,
  type AccountPaymentMethod,
} from '@shared/account';
import { useAction } from '@/actions/useAction';
import { serverReason } from '@/actions/useWriteFeedback';
import { formatRupees } from '@/format';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';
import { ACCOUNT_KEY } from './calls';
import type { AccountWrite, CustomerAccount } from './types';

/** The account's writes that a dialog makes. */
export type MoneyAction = 'payment' | 'refund' | 'adjust' | 'refundDeposit' | 'chargeDeposit';

const WITH_METHOD: MoneyAction[] = ['payment', 'refund'];

/** Mirrors the server: rupees with at most two decimals, more than 0 (or, signed, not 0). */
export function amountError(value: unknown, signed: boolean): string | undefined {
  const n = Number(value);
  const key = signed ? 'app.accounts.dialog.amount_signed' : 'app.accounts.dialog.amount_positive';
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return key;
  if (Number.isNaN(toPaise(n)) || (signed ? n === 0 : n <= 0)) return key;
  return undefined;
}

function send(dp: AppDataProvider, action: MoneyAction, userId: string, v: FieldValues) {
  const amount = Number(v.amount);
  const text = (value: unknown) => (typeof value === 'string' && value.trim()) || undefined;
  const payment = {
    userId,
    amount,
    method: v.method as AccountPaymentMethod,
    reference: text(v.reference),
    note: text(v.note),
  };
  const withReason = { userId, amount, reason: text(v.reason) };
  switch (action) {
    case 'payment':
      return dp.recordPayment(payment);
    case 'refund':
      return dp.refundPayment(payment);
    case 'adjust':
      return dp.adjustAccount(withReason);
    case 'refundDeposit':
      return dp.refundDeposit(withReason);
    case 'chargeDeposit':
      return dp.chargeDeposit(withReason);
  }
}

/** The reference field, named for the method chosen (UPI reference, UTR, cheque number...). */
function ReferenceInput() {
  const translate = useTranslate();
  const method = useWatch({ name: 'method' }) as AccountPaymentMethod | undefined;
  const label = REFERENCE_LABELS[method ?? 'Cash'];
  return (
    <TextInput
      source="reference"
      label={label}
      validate={(value: unknown) =>
        method && method !== 'Cash' && !(typeof value === 'string' && value.trim())
          ? translate('app.accounts.dialog.reference_required', { label })
          : undefined
      }
      fullWidth
    />
  );
}

/**
 * Record payment, Refund, Adjust, Refund deposit, Charge deposit: an amount (and a method with
 * its reference, or a reason), sent to the account's call. The server's refusal (a reference
 * already recorded, a refund above the balance) stays in the dialog above the fields.
 */
export function MoneyDialog({
  action,
  account,
  onClose,
  onSaved,
}: {
  action: MoneyAction;
  account: CustomerAccount;
  onClose: () => void;
  onSaved?: (result: AccountWrite) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.accounts.dialog.${key}`, options);
  const titleId = useId();
  const [refusal, setRefusal] = useState('');
  const signed = action === 'adjust';
  const save = useAction(
    (dp: AppDataProvider, values: FieldValues) => send(dp, action, account.userId, values),
    {
      failureMessage: 'app.accounts.dialog.failed',
      invalidates: [ACCOUNT_KEY],
      onSuccess: (result) => {
        onSaved?.(result.data);
        onClose();
      },
      reasonShownInPlace: true,
      onError: (error) => setRefusal(serverReason(error)),
    },
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form
        disableInvalidFormNotification
        noValidate
        onSubmit={(values: FieldValues) => {
          setRefusal('');
          return save.submit(values);
        }}
        record={{ amount: '', method: 'UPI', reference: '', note: '', reason: '' }}
      >
        <DialogTitle id={titleId}>
          {t(`${action === 'payment' ? 'payment' : action}_title`, { name: account.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t(`${action}_text`, {
              balance: formatRupees(account.balance),
              refundable: formatRupees(account.depositRefundable),
            })}
          </DialogContentText>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {refusal}
            </Alert>
          )}
          <NumberInput
            source="amount"
            label={signed ? t('signed_amount') : t('amount')}
            validate={(value: unknown) => amountError(value, signed)}
            step={0.01}
            fullWidth
          />
          {WITH_METHOD.includes(action) ? (
            <>
              <SelectInput
                source="method"
                label={t('method')}
                choices={ACCOUNT_PAYMENT_METHODS.map((m) => ({ id: m, name: m }))}
                fullWidth
              />
              <ReferenceInput />
              <TextInput source="note" label={t('note')} fullWidth />
            </>
          ) : (
            <TextInput
              source="reason"
              label={t('reason')}
              validate={(value: unknown) =>
                action === 'refundDeposit' ||
                (typeof value === 'string' && value.trim().length >= 3)
                  ? undefined
                  : t('reason_required')
              }
              multiline
              fullWidth
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <FormSubmitButton label={t('save')} busyLabel={translate('app.busy')} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
