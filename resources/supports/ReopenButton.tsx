import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Confirm, useTranslate, type RaRecord } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { BusyButton } from '@/components/BusyButton';
import type { AppDataProvider } from '@/providers/types';

/**
 * Reopens a resolved ticket once the admin confirms (POST support/reopen-support, no reply: the
 * ticket is open again and the Reply button comes back for the answer). The tickets reload.
 */
export function ReopenButton({ ticket, type }: { ticket: RaRecord; type: string }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const reopen = useAction((dp: AppDataProvider, id: RaRecord['id']) => dp.reopenTicket({ id }), {
    successMessage: 'app.supports.reopened',
    failureMessage: 'app.supports.reopen_failed',
    failureWithReason: 'app.supports.reopen_failed_because',
    invalidates: ['supports'],
    onSuccess: () => setAsking(false),
    onError: () => setAsking(false),
  });
  return (
    <>
      <BusyButton
        type="button"
        variant="outlined"
        startIcon={<ReplayIcon />}
        busy={reopen.isPending}
        label={translate('app.supports.reopen')}
        busyLabel={translate('app.busy')}
        onClick={() => setAsking(true)}
      />
      <Confirm
        isOpen={asking}
        loading={reopen.isPending}
        title={translate('app.supports.reopen_title', { type })}
        content={translate('app.supports.reopen_text')}
        confirm={translate('app.supports.reopen')}
        cancel={translate('app.supports.cancel')}
        onConfirm={() => reopen.mutate(ticket.id)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
