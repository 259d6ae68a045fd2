import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  required,
  SelectInput,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useAction } from '@/actions/useAction';
import { formatRupees } from '@/format';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import { formatPhone, fullName } from '@/names';
import type { AppDataProvider } from '@/providers/types';
import { ASSIGN_METHODS, type AssignInput, type SettlementLine } from './calls';

const customerText = (r: RaRecord) =>
  r ? [fullName(r), formatPhone(r.phone)].filter(Boolean).join(' · ') : '';

/**
 * Assigning a waiting line to a customer (POST account/assign-settlement-line): the customer
 * found by name or phone among customers of any status through `callers` (the customers' search
 * the Orders group may read, as New order does: the users lists are User Management's), and
 * the method when the reference does not say it. Another admin's assigning it first is
 * answered with who has it.
 */
function AssignLineDialog({ line, onClose }: { line: SettlementLine; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.settlements.${key}`, options);
  const assign = useAction(
    (dp: AppDataProvider, values: AssignInput) => dp.assignSettlementLine(values),
    {
      failureMessage: 'app.settlements.assign_failed',
      invalidates: ['settlementLines', 'settlementImports'],
      onSuccess: onClose,
    },
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="assign-title" fullWidth maxWidth="sm">
      <Form
        defaultValues={{ userId: null, method: '' }}
        onSubmit={(values: Record<string, unknown>) =>
          assign.submit({
            lineId: line._id,
            userId: String(values.userId),
            method: (values.method || undefined) as AssignInput['method'],
          })
        }
        disableInvalidFormNotification
      >
        <DialogTitle id="assign-title">
          {t('assign_title', { amount: formatRupees(line.amount), reference: line.reference })}
        </DialogTitle>
        <DialogContent>
          <Stack>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {[line.payer, `${line.fileName}, ${t('line').toLowerCase()} ${line.lineNo}`]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <ReferenceInput
              source="userId"
              reference="callers"
              perPage={20}
              sort={{ field: 'createdAt', order: 'DESC' }}
            >
              <AutocompleteInput
                label="app.settlements.customer"
                optionText={customerText}
                filterToQuery={(q) => ({ q })}
                validate={required()}
                fullWidth
              />
            </ReferenceInput>
            <SelectInput
              source="method"
              label="app.settlements.method"
              choices={ASSIGN_METHODS.map((m) => ({ id: m, name: m }))}
              emptyText="app.settlements.method_default"
              helperText="app.settlements.assign_help"
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <FormSubmitButton label={t('assign')} busyLabel={translate('app.busy')} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The "Assign to customer" button of a waiting line (in the line's record context). */
export function AssignLineButton() {
  const translate = useTranslate();
  const line = useRecordContext<SettlementLine & RaRecord>();
  const [open, setOpen] = useState(false);
  if (!line) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        sx={{ whiteSpace: 'nowrap' }}
        onClick={() => setOpen(true)}
        aria-label={translate('app.settlements.assign_named', {
          line: line.lineNo,
          file: line.fileName,
        })}
      >
        {translate('app.settlements.assign')}
      </Button>
      {open && <AssignLineDialog line={line} onClose={() => setOpen(false)} />}
    </>
  );
}
