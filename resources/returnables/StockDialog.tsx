import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId, useState } from 'react';
import { Form, NumberInput, required, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';
import type { StockItem } from './types';

/** Mirrors the server: a whole number of units above 0. */
export const wholeUnits = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? undefined
    : Number.isInteger(Number(value)) && Number(value) > 0
      ? undefined
      : 'app.returnables.units_invalid';

export type StockMove = 'refill' | 'receive';

const WORDING = {
  refill: {
    button: 'app.returnables.refill',
    title: 'app.returnables.refill_for',
    text: 'app.returnables.refill_text',
    save: 'app.returnables.refill_save',
    failed: 'app.returnables.refill_failed',
  },
  receive: {
    button: 'app.returnables.receive',
    title: 'app.returnables.receive_for',
    text: 'app.returnables.receive_text',
    save: 'app.returnables.receive_save',
    failed: 'app.returnables.receive_failed',
  },
};

/**
 * 'Refill empties' (empties filled: empty to full) or 'Receive full' (new full units bought) for
 * one item: the number of units, then saved; the server's refusal (more than the empties) is
 * shown and the dialog stays open to change it.
 */
export function StockButton({ item, move }: { item: StockItem; move: StockMove }) {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const words = WORDING[move];
  const save = useAction(
    (dp: AppDataProvider, { quantity }: FieldValues) => {
      const params = { productId: item.productId, quantity: Number(quantity) };
      return move === 'refill' ? dp.refillReturnable(params) : dp.receiveReturnable(params);
    },
    {
      failureMessage: words.failed,
      invalidates: ['returnables'],
      onSuccess: () => setOpen(false),
    },
  );
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={translate(words.title, { name: item.name })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate(words.button)}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <Form
          disableInvalidFormNotification
          noValidate
          onSubmit={save.submit}
          record={{ quantity: '' }}
        >
          <DialogTitle id={titleId}>{translate(words.title, { name: item.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {translate(words.text, { count: move === 'refill' ? item.empty : item.full })}
            </DialogContentText>
            <NumberInput
              source="quantity"
              label="app.returnables.units"
              validate={[required('app.returnables.units_invalid'), wholeUnits]}
              min={1}
              step={1}
              autoFocus
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('app.returnables.cancel')}</Button>
            <FormSubmitButton label={translate(words.save)} busyLabel={translate('app.busy')} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
