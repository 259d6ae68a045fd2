import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import type { AppDataProvider } from '@/providers/types';
import { useMadeOrders } from './MadeOrdersDialog';
import { PauseDialog } from './PauseDialog';

/**
 * Pause for a subscription without a pause, Resume for one paused now or with a pause to come
 * (resume ends the current pause or removes the next one); nothing once it has Ended. Icons in
 * a row of the list, buttons on the view.
 */
export function PauseResumeButton({ variant = 'icon' }: { variant?: 'icon' | 'button' }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  const { canAccess } = useCanAccess({ resource: 'subscriptions', action: 'edit' });
  const [asking, setAsking] = useState<'pause' | 'resume' | null>(null);
  const made = useMadeOrders();
  const resume = useAction(
    (dp: AppDataProvider, subscriptionId: string) => dp.resumeSubscription({ subscriptionId }),
    {
      failureMessage: 'app.subscriptions.resume_failed',
      invalidates: ['subscriptions'],
      onSuccess: () => setAsking(null),
      onError: () => setAsking(null),
    },
  );
  if (!record || !canAccess || record.status === 'Ended') return null;
  const name = String(record.customer?.name ?? '');
  const resuming = Boolean(record.pause) || record.status === 'Paused';
  const label = t(resuming ? 'resume' : 'pause');
  const open = () => setAsking(resuming ? 'resume' : 'pause');
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton
            size="small"
            aria-label={t(resuming ? 'resume_for' : 'pause_for', { name })}
            onClick={open}
          >
            {resuming ? <PlayCircleIcon fontSize="small" /> : <PauseCircleIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          startIcon={resuming ? <PlayCircleIcon /> : <PauseCircleIcon />}
          onClick={open}
        >
          {label}
        </Button>
      )}
      {asking === 'pause' && (
        <PauseDialog
          subscription={record}
          onClose={() => setAsking(null)}
          onPaused={(change) => {
            setAsking(null);
            made.offer(String(record.id), change?.madeOrders);
          }}
        />
      )}
      <Confirm
        isOpen={asking === 'resume'}
        loading={resume.isPending}
        title={t('resume_title', { name })}
        content={t('resume_text')}
        confirm={t('resume')}
        onConfirm={() => resume.mutate(String(record.id))}
        onClose={() => setAsking(null)}
      />
      {made.dialog}
    </>
  );
}
