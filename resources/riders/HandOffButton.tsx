import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { useAction } from '@/actions/useAction';
import type { AppDataProvider } from '@/providers/types';
import type { Rider } from './types';

/** What a hand-off changes: the run, the riders' loads and every list of open jobs. */
const HAND_OFF_RELOADS = ['riders', 'assigningJobs', 'orders'];

/**
 * 'Hand off': the run's Pending jobs go Out for Delivery in one order/bulk-update-status call
 * (each with its history), after a confirmation naming how many.
 */
export function HandOffButton({ rider, pending }: { rider: Rider; pending: RaRecord[] }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'assigningJobs', action: 'edit' });
  const handOff = useAction(
    (dp: AppDataProvider, orderIds: RaRecord['id'][]) =>
      dp.setOrdersStatus({ orderIds, status: 'Out for Delivery' }),
    { failureMessage: 'app.riders.run.hand_off_failed', invalidates: HAND_OFF_RELOADS },
  );
  if (!canAccess) return null;
  const count = pending.length;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<LocalShippingIcon />}
        disabled={!count || handOff.isPending}
        title={count ? undefined : translate('app.riders.run.hand_off_none')}
        onClick={() => setAsking(true)}
      >
        {translate('app.riders.run.hand_off')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={handOff.isPending}
        title="app.riders.run.hand_off_title"
        titleTranslateOptions={{ smart_count: count }}
        content="app.riders.run.hand_off_text"
        contentTranslateOptions={{ name: rider.name }}
        confirm="app.riders.run.hand_off"
        onConfirm={async () => {
          await handOff.submit(pending.map((job) => job.id));
          setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
