import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  BooleanInput,
  DateInput,
  Form,
  required,
  TextInput,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { indiaDay } from '@shared/time';
import { useAction } from '@/actions/useAction';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';
import { notBefore } from './validation';
import type { SubscriptionChange } from './types';

interface PauseValues {
  from: string;
  to?: string | null;
  reason?: string | null;
  extendEnd?: boolean;
}

/**
 * Pause a subscription: from a day, to a day or until resumed, why, and for a plan whether its
 * end moves by the paused days. `onPaused` gets the answer (its `madeOrders` to offer).
 */
export function PauseDialog({
  subscription,
  onClose,
  onPaused,
}: {
  subscription: RaRecord;
  onClose: () => void;
  onPaused: (change: SubscriptionChange) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  const pause = useAction(
    (dp: AppDataProvider, values: PauseValues) =>
      dp.pauseSubscription({
        subscriptionId: String(subscription.id),
        from: values.from,
        to: values.to || undefined,
        reason: values.reason || undefined,
        extendEnd: subscription.planId ? Boolean(values.extendEnd) : undefined,
      }),
    {
      failureMessage: 'app.subscriptions.pause_failed',
      invalidates: ['subscriptions'],
      onSuccess: ({ data }) => onPaused(data),
    },
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="pause-title" fullWidth maxWidth="xs">
      <Form
        defaultValues={{ from: indiaDay(), to: null, reason: '', extendEnd: true }}
        onSubmit={(values: Record<string, unknown>) =>
          pause.submit(values as unknown as PauseValues)
        }
        disableInvalidFormNotification
      >
        <DialogTitle id="pause-title">
          {t('pause_title')}: {subscription.customer?.name}
        </DialogTitle>
        <DialogContent>
          <Stack>
            <DateInput
              source="from"
              label="app.subscriptions.pause_from"
              validate={required()}
              fullWidth
            />
            <DateInput
              source="to"
              label="app.subscriptions.pause_to"
              helperText="app.subscriptions.pause_to_help"
              validate={notBefore('from')}
              fullWidth
            />
            <TextInput source="reason" label="app.subscriptions.pause_reason" fullWidth />
            {subscription.planId && (
              <BooleanInput source="extendEnd" label="app.subscriptions.extend_end" />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <FormSubmitButton label={t('pause')} busyLabel={translate('app.busy')} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
