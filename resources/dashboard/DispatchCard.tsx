import {
  Box,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useActionQuery } from '@/actions/useActionQuery';
import { formatCount, formatRupees } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import type { DispatchSummary } from '../riders/calls';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { RecentPanel } from './RecentPanel';

/**
 * Today's dispatch on the dashboard (rider/dispatch-summary): the open jobs no rider has, the
 * jobs of each rider, and the cash riders have not handed in yet. Only for admins who may use
 * Assigning Jobs (the same canAccess as the menu).
 */
export function DispatchCard() {
  const { canAccess } = useCanAccess({ resource: 'riders', action: 'list' });
  return canAccess ? <DispatchFigures /> : null;
}

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        color={alert ? 'error' : undefined}
        sx={{ fontWeight: 600 }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function DispatchFigures() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.dashboard.dispatch.${key}`, options);
  const summary = useActionQuery<AppDataProvider, DispatchSummary>(
    ['riders', 'dispatchSummary'],
    (dp) => dp.dispatchSummary({}),
  );
  const data = summary.data;
  return (
    <RecentPanel title={t('title')} viewAll="/riders/1" viewAllLabel={t('view_riders')}>
      {summary.isPending ? (
        <Typography>{translate('app.loading')}</Typography>
      ) : summary.error || !data ? (
        <Typography color="error" role="alert">
          {t('load_failed', { reason: (summary.error as Error | null)?.message ?? '' })}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
            <Figure
              label={t('unassigned')}
              value={formatCount(data.unassignedJobs)}
              alert={data.unassignedJobs > 0}
            />
            <Figure label={t('riders_active')} value={formatCount(data.ridersActive)} />
            <Box>
              <Figure
                label={t('cash_pending')}
                value={formatRupees(data.cashNotHandedIn)}
                alert={data.cashNotHandedIn > 0}
              />
              <Link component={RouterLink} to="/rider-cash" variant="body2">
                {t('open_cash')}
              </Link>
            </Box>
          </Box>
          {data.riders.length ? (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('per_rider')} sx={COMPACT_ON_PHONES}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('rider')}</TableCell>
                    <TableCell align="right">{t('jobs')}</TableCell>
                    <TableCell align="right">{t('delivered')}</TableCell>
                    <TableCell align="right">{t('open')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.riders.map((r) => (
                    <TableRow key={r._id}>
                      <TableCell component="th" scope="row">
                        <Link component={RouterLink} to={`/rider/run/${r._id}`}>
                          {r.name}
                        </Link>
                      </TableCell>
                      <TableCell align="right">{formatCount(r.jobs)}</TableCell>
                      <TableCell align="right">{formatCount(r.delivered)}</TableCell>
                      <TableCell align="right">{formatCount(r.open)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : (
            <Typography variant="body2">{t('no_runs')}</Typography>
          )}
        </>
      )}
    </RecentPanel>
  );
}
