import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { formatCount } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import type { RosterGenerated } from './calls';
import { dayLabel, skippedReasons, skippedTotal } from './day';

/** What making the day reloads: the day's counts and the runs (both under 'roster'). */
const MAKE_RELOADS = ['roster', 'orders'];

/** 'Made 1,200 orders, skipped 43 (holiday 40, paused 3)'. */
export function useMadeResult() {
  const translate = useTranslate();
  return (result: Pick<RosterGenerated, 'generated' | 'skipped'>) => {
    const reasons = skippedReasons(result.skipped, (reason) =>
      translate(`app.roster.skipped_reasons.${reason}`, { _: reason }),
    );
    return translate(reasons ? 'app.roster.made_result_reasons' : 'app.roster.made_result', {
      made: formatCount(result.generated),
      skipped: formatCount(skippedTotal(result.skipped)),
      reasons,
    });
  };
}

/**
 * 'Make this day now', for the super-admin only: after a confirmation naming the day, POST
 * roster/generate makes the day's orders at once (a second time makes none); what it made and
 * skipped is said, and handed to `onMade` for the page to keep showing.
 */
export function MakeDayButton({ date, onMade }: { date: string; onMade: (text: string) => void }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'rosterMaking', action: 'create' });
  const [asking, setAsking] = useState(false);
  const describe = useMadeResult();
  const make = useAction(
    async (dp: AppDataProvider, day: string) => {
      const answer = await dp.generateRoster({ date: day });
      // The toast says what was made, in the panel's words and Indian grouping.
      return { ...answer, meta: { message: describe(answer.data) } };
    },
    {
      failureMessage: 'app.roster.make_failed',
      invalidates: MAKE_RELOADS,
      onSuccess: (answer) => onMade(describe(answer.data)),
    },
  );
  if (!canAccess) return null;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<PlaylistAddCheckIcon />}
        disabled={make.isPending}
        onClick={() => setAsking(true)}
      >
        {translate('app.roster.make_now')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={make.isPending}
        title="app.roster.make_title"
        titleTranslateOptions={{ day: dayLabel(date) }}
        content="app.roster.make_text"
        confirm="app.roster.make_confirm"
        onConfirm={async () => {
          await make.submit(date);
          setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
