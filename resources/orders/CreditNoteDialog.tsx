import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Form, NumberInput, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { serverReason } from '@/actions/useWriteFeedback';
import { formatRupees } from '@/format';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';
import type { AddCreditNoteBody, InvoiceLineLeft } from './calls';

/** The most characters of a note's reason (server/modules/creditNotes/schemas.ts). */
const REASON_MAX = 500;

const amountField = (line: number) => `amount_${line}`;

/** Mirrors the server: rupees above 0 with at most two decimals; empty means "not this line". */
function amountProblem(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
    return 'app.orders.credit_amount_invalid';
  }
  return undefined;
}

/** The lines with an amount, as order/add-credit-note takes them. */
function linesOf(values: FieldValues, lines: InvoiceLineLeft[]): AddCreditNoteBody['lines'] {
  return lines.flatMap((l) => {
    const value = values[amountField(l.line)];
    return value === null || value === undefined || value === ''
      ? []
      : [{ line: l.line, amount: Number(value) }];
  });
}

/**
 * 'Issue credit note' (issue 38): part of an invoice credited by an admin (a short delivery, a
 * price correction). Each line of the invoice with what it has left; the taxable amount to
 * credit on any of them and a reason, sent to order/add-credit-note. The server's refusal (more
 * than a line has left, worded with the line and what is left) stays in the dialog.
 */
export function CreditNoteDialog({
  orderId,
  invoice,
  lines,
  onClose,
}: {
  orderId: string;
  invoice: { invoiceNo: string };
  lines: InvoiceLineLeft[];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.${key}`, options);
  const titleId = useId();
  const [refusal, setRefusal] = useState('');
  const issue = useAction(
    (dp: AppDataProvider, body: AddCreditNoteBody) => dp.addCreditNote(body),
    {
      failureMessage: 'app.orders.credit_failed',
      wording: 'reason',
      invalidates: ['orders'],
      onSuccess: () => onClose(),
      reasonShownInPlace: true,
      onError: (error) => setRefusal(serverReason(error)),
    },
  );
  const record = Object.fromEntries([
    ['reason', ''],
    ...lines.map((l) => [amountField(l.line), '']),
  ]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form
        disableInvalidFormNotification
        noValidate
        record={record}
        onSubmit={(values: FieldValues) => {
          const chosen = linesOf(values, lines);
          if (!chosen.length) {
            setRefusal(t('credit_amount_none'));
            return;
          }
          setRefusal('');
          return issue.submit({ orderId, lines: chosen, reason: String(values.reason).trim() });
        }}
      >
        <DialogTitle id={titleId}>{t('credit_dialog_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('credit_dialog_text', { invoiceNo: invoice.invoiceNo })}
          </DialogContentText>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {refusal}
            </Alert>
          )}
          {lines.map((l) => (
            <Box key={l.line} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {t('credit_line_label', { line: l.line, description: l.description })}
              </Typography>
              <NumberInput
                source={amountField(l.line)}
                label={t('credit_amount')}
                validate={amountProblem}
                disabled={l.left <= 0}
                helperText={t(l.left > 0 ? 'credit_line_help' : 'credit_line_nothing_left', {
                  rate: l.ratePercent,
                  taxable: formatRupees(l.taxable),
                  left: formatRupees(l.left),
                })}
                step={0.01}
                min={0}
                fullWidth
              />
            </Box>
          ))}
          <TextInput
            source="reason"
            label={t('credit_reason')}
            helperText={t('credit_reason_help', { max: REASON_MAX })}
            validate={(value: unknown) => {
              const text = typeof value === 'string' ? value.trim() : '';
              if (!text) return 'app.orders.credit_reason_required';
              if (text.length > REASON_MAX) return t('reason_too_long', { max: REASON_MAX });
              return undefined;
            }}
            multiline
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <FormSubmitButton label={t('credit_issue')} busyLabel={translate('app.busy')} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
