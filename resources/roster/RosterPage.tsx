import { Alert, Box, Card, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useActionQuery } from '@/actions/useActionQuery';
import type { AppDataProvider } from '@/providers/types';
import type { Roster } from './calls';
import { dayLabel, rosterDay } from './day';
import { DayPicker } from './DayPicker';
import { MadeLine } from './MadeLine';
import { MakeDayButton } from './MakeDayButton';
import { RosterDownloads } from './RosterDownloads';
import { RosterSummary } from './RosterSummary';
import { RosterTable } from './RosterTable';
import { RunsList } from './RunsList';
import { ServiceSelect } from './ServiceSelect';

/**
 * /admin-panel/roster?date=&serviceId=: a day's deliveries (tomorrow in India unless the
 * address names a day), made or projected, with its totals, counts, files and the runs. The day
 * and the service live in the address, so a roster can be reloaded and shared.
 */
export function RosterPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const date = rosterDay(params.get('date'));
  const serviceId = params.get('serviceId') ?? '';
  // What the last 'Make this day now' made, for the day it made.
  const [made, setMade] = useState<{ date: string; text: string } | null>(null);
  const roster = useActionQuery<AppDataProvider, Roster>(['roster', 'day', date, serviceId], (dp) =>
    dp.getRoster({ date, ...(serviceId && { serviceId }) }),
  );
  const choose = (next: { date?: string; serviceId?: string }) => {
    const values = { date, serviceId, ...next };
    setParams(Object.fromEntries(Object.entries(values).filter(([, v]) => v)), { replace: true });
  };
  const data = roster.data;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('app.roster.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.roster.heading', { day: dayLabel(date) })}
      </Typography>
      <Stack direction="row" gap={2} flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <DayPicker date={date} onChange={(day) => choose({ date: day })} />
        <ServiceSelect value={serviceId} onChange={(id) => choose({ serviceId: id })} />
        <RosterDownloads date={date} serviceId={serviceId} disabled={!data?.rows.length} />
        <MakeDayButton date={date} onMade={(text) => setMade({ date, text })} />
      </Stack>
      {made?.date === date && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setMade(null)}>
          {made.text}
        </Alert>
      )}
      {roster.isPending ? (
        <Typography role="status">{translate('app.loading')}</Typography>
      ) : roster.error || !data ? (
        <Typography color="error" role="alert">
          {(roster.error as Error | null)?.message ?? translate('app.roster.load_failed')}
        </Typography>
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <MadeLine roster={data} />
          </Box>
          {data.rows.length ? (
            <>
              <RosterSummary totals={data.totals} />
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate('app.roster.counts')}
              </Typography>
              <Card>
                <Box sx={{ overflowX: 'auto' }}>
                  <RosterTable rows={data.rows} />
                </Box>
              </Card>
            </>
          ) : (
            <Card>
              <Typography sx={{ p: 3 }}>{translate('app.roster.none')}</Typography>
            </Card>
          )}
        </>
      )}
      <RunsList />
    </Box>
  );
}
