import { Box, Card, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useTranslate, type RaRecord } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { useActionQuery } from '@/actions/useActionQuery';
import { RecordMissing } from '@/components/RecordMissing';
import { formatDay, formatRupees } from '@/format';
import { useStopDone } from '@/live/useStopDone';
import { orderTotal } from '@/orders/orderFields';
import type { AppDataProvider } from '@/providers/types';
import { HandOffButton } from './HandOffButton';
import { RunSheetButton } from './RunSheetButton';
import { RunJobsTable } from './RunJobsTable';
import { dayOr, roundOf } from './runFilters';
import { RUN_SHIFTS, type RiderRun } from './types';

const COD = 'Cash on Delivery';

/**
 * /admin-panel/rider/run/{id}?date=&shift=: a rider's jobs of a day, one round or both, with
 * the run sheet to print and 'Hand off' (the Pending ones go Out for Delivery), and what the
 * rider reported at each door, followed live. The day and round live in the address, so a run
 * can be reloaded and shared.
 */
export function RiderRunPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const date = dayOr(params.get('date'));
  const shift = roundOf(params.get('shift'));
  const run = useActionQuery<AppDataProvider, RiderRun>(['riders', 'run', id, date, shift], (dp) =>
    dp.riderRun({ riderId: id, date, shift }),
  );
  const queryClient = useQueryClient();
  // The rider reported a stop from the rider app: read the run again (issue 40).
  useStopDone((stop) => {
    if (stop.riderId === id)
      void queryClient.invalidateQueries({ queryKey: ['riders', 'run', id] });
  });
  const choose = (next: { date?: string; shift?: string }) => {
    const values = { date, shift, ...next };
    setParams(Object.fromEntries(Object.entries(values).filter(([, v]) => v)), { replace: true });
  };
  const rider = run.data?.rider;
  const jobs = (run.data?.jobs ?? []).map((job): RaRecord => ({ ...job, id: job._id ?? job.id }));
  const pending = jobs.filter((job) => job.status === 'Pending');
  const cash = jobs
    .filter((job) => job.paymentMethod === COD && job.status !== 'Cancelled')
    .reduce((sum, job) => sum + (orderTotal(job) ?? 0), 0);
  const title = rider
    ? translate('app.riders.run.heading', { name: rider.name })
    : translate('app.riders.run.title');

  if (run.error) return <RecordMissing message={(run.error as Error).message} />;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack direction="row" gap={2} flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label={translate('app.riders.run.date')}
          value={date}
          onChange={(e) => e.target.value && choose({ date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <TextField
          select
          size="small"
          label={translate('app.riders.run.round')}
          value={shift}
          onChange={(e) => choose({ shift: e.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: 160 }}
        >
          <MenuItem value="">{translate('app.riders.run.both_rounds')}</MenuItem>
          {RUN_SHIFTS.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`app.riders.shifts.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <RunSheetButton riderId={id} date={date} shift={shift} disabled={!jobs.length} />
        {rider && <HandOffButton rider={rider} pending={pending} />}
      </Stack>
      {rider && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {[
            formatDay(`${date}T12:00:00+05:30`),
            translate('app.riders.run.jobs', { smart_count: jobs.length }),
            translate('app.riders.run.pending', { smart_count: pending.length }),
            translate('app.riders.run.cash', { amount: formatRupees(cash) }),
          ].join(' · ')}
        </Typography>
      )}
      <Card>
        {run.isPending ? (
          <Typography sx={{ p: 3 }} role="status">
            {translate('app.loading')}
          </Typography>
        ) : !jobs.length ? (
          <Typography sx={{ p: 3 }}>{translate('app.riders.run.none')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <RunJobsTable jobs={jobs} showRound={!shift} />
          </Box>
        )}
      </Card>
    </Box>
  );
}
