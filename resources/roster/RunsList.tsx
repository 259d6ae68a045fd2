import { Box, Card, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  useListController,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { StatusChip, type StatusTone } from '@/components/StatusChip';
import { formatCount, formatDateTime, formatDay } from '@/format';
import { ListStates } from '@/lists/ListStates';
import { ListPagination } from '@/lists/ListPagination';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import type { RosterRun } from './calls';
import { skippedReasons, skippedTotal } from './day';

type Run = RosterRun & RaRecord;

const TONES: Record<string, StatusTone> = { running: 'info', done: 'success', failed: 'error' };

/** A calendar day (YYYY-MM-DD) as the lists show days: '6, Mar 2025'. */
const showDay = (day: string) => formatDay(`${day}T12:00:00+05:30`);

function useRunWords() {
  const translate = useTranslate();
  const reason = (key: string) => translate(`app.roster.skipped_reasons.${key}`, { _: key });
  return {
    by: (run: Run) => run.adminName ?? translate('app.roster.the_clock'),
    status: (run: Run) => (
      <StatusChip
        label={translate(`app.roster.runs.statuses.${run.status}`, { _: run.status })}
        tone={TONES[run.status] ?? 'default'}
      />
    ),
    skipped: (run: Run) => {
      const reasons = skippedReasons(run.skipped, reason);
      const total = formatCount(skippedTotal(run.skipped));
      return reasons ? `${total} (${reasons})` : total;
    },
  };
}

/**
 * The record of the runs that made the days (GET roster/runs, the roster resource's list),
 * newest first, paged here rather than in the address, which is the day's.
 */
export function RunsList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  const words = useRunWords();
  const list = useListController<Run>({
    resource: 'roster',
    perPage: 10,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  const t = (key: string) => translate(`app.roster.runs.${key}`);
  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={t('title')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Card>
        <ResourceContextProvider value="roster">
          <ListContextProvider value={list}>
            <ListStates sx={{ p: 3 }} failed={t('load_failed')} empty={t('none')}>
              {phone ? (
                <PhoneList
                  name={(run) => showDay(run.day)}
                  badge={(run) => words.status(run as Run)}
                  lines={(run) => [
                    `${formatDateTime(run.startedAt)} · ${words.by(run as Run)}`,
                    translate('app.roster.runs.line', {
                      made: formatCount(run.generated),
                      skipped: words.skipped(run as Run),
                      already: formatCount(run.alreadyMade),
                    }),
                    run.error,
                  ]}
                />
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Datagrid bulkActionButtons={false} rowClick={false} sx={COMPACT_ON_PHONES}>
                    <FunctionField label={t('day')} render={(run: Run) => showDay(run.day)} />
                    <FunctionField
                      label={t('when')}
                      render={(run: Run) => formatDateTime(run.startedAt)}
                    />
                    <FunctionField label={t('by')} render={words.by} />
                    <FunctionField label={t('status')} render={words.status} />
                    <FunctionField
                      label={t('made')}
                      textAlign="right"
                      render={(run: Run) => formatCount(run.generated)}
                    />
                    <FunctionField label={t('skipped')} render={words.skipped} />
                    <FunctionField
                      label={t('already_made')}
                      textAlign="right"
                      render={(run: Run) => formatCount(run.alreadyMade)}
                    />
                    <FunctionField label={t('error')} render={(run: Run) => run.error ?? ''} />
                  </Datagrid>
                </Box>
              )}
            </ListStates>
            <ListPagination />
          </ListContextProvider>
        </ResourceContextProvider>
      </Card>
    </Box>
  );
}
