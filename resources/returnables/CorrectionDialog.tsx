import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import { Form, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { useActionQuery } from '@/actions/useActionQuery';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';
import type { Balance, StockItem } from './types';

/** Mirrors the server: a whole number, not 0, from -1000 to 1000. */
export function correctionQuantity(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') {
    return 'app.returnables.quantity_whole';
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n === 0) return 'app.returnables.quantity_whole';
  if (Math.abs(n) > 1000) return 'app.returnables.quantity_range';
  return undefined;
}

/** Mirrors the server: a reason of 3 to 500 characters. */
export function correctionReason(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return 'app.returnables.reason_required';
  if (text.length < 3 || text.length > 500) return 'app.returnables.reason_length';
  return undefined;
}

/**
 * The items a correction may name: those the customer holds first (with how many), then every
 * other returnable item of the depot; only the held ones while the depot's list is not there.
 */
function useItemChoices(balances: Balance[]) {
  const translate = useTranslate();
  const stock = useActionQuery<AppDataProvider, StockItem[]>(['returnables', 'stock'], (dp) =>
    dp.returnableStock({}),
  );
  const held = balances.map((b) => ({
    id: b.productId,
    name: translate('app.returnables.holds', { name: b.name, count: b.outstanding }),
  }));
  const others = (stock.data ?? [])
    .filter((item) => !balances.some((b) => b.productId === item.productId))
    .map((item) => ({ id: item.productId, name: item.name }));
  return [...held, ...others];
}

/**
 * 'Record correction': an item, a signed quantity and a reason, saved as a new ledger line
 * (POST returnable/adjust). The server's refusal (the customer would hold fewer than none) is
 * shown and the dialog stays open; after saving, the tab reloads.
 */
export function CorrectionDialog({
  userId,
  name,
  balances,
  onClose,
}: {
  userId: string;
  name: string;
  balances: Balance[];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const choices = useItemChoices(balances);
  const correct = useAction(
    (dp: AppDataProvider, { productId, quantity, reason }: FieldValues) =>
      dp.adjustReturnable({
        userId,
        productId: String(productId),
        quantity: Number(quantity),
        reason: String(reason).trim(),
      }),
    {
      failureMessage: 'app.returnables.correct_failed',
      invalidates: ['returnables'],
      onSuccess: onClose,
    },
  );
  const only = balances.length === 1 ? balances[0]!.productId : '';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form
        disableInvalidFormNotification
        noValidate
        onSubmit={correct.submit}
        record={{ productId: only, quantity: '', reason: '' }}
      >
        <DialogTitle id={titleId}>
          {translate('app.returnables.correct_title', { name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('app.returnables.correct_text')}
          </DialogContentText>
          <SelectInput
            source="productId"
            label="app.returnables.correct_item"
            choices={choices}
            validate={required('app.returnables.item_required')}
            fullWidth
          />
          <NumberInput
            source="quantity"
            label="app.returnables.quantity"
            helperText="app.returnables.quantity_help"
            validate={correctionQuantity}
            step={1}
            fullWidth
          />
          <TextInput
            source="reason"
            label="app.returnables.reason"
            helperText="app.returnables.reason_help"
            validate={correctionReason}
            multiline
            minRows={2}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.returnables.cancel')}</Button>
          <FormSubmitButton
            label={translate('app.returnables.save')}
            busyLabel={translate('app.busy')}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
