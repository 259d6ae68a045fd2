import {
  Box,
  Card,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useActionQuery } from '@/actions/useActionQuery';
import { formatCount, formatDateTime, formatRupees } from '@/format';
import { indiaDay } from '@shared/time';
import { useIsPhone } from '@/lists/PhoneList';
import type { AppDataProvider } from '@/providers/types';
import { RecordCashButton } from './RecordCashButton';
import { dayOr } from './runFilters';
import type { CashDay, RiderCashRow } from './types';

/** A difference in red while the rider is short (expected more than handed in). */
function Difference({ value }: { value: number }) {
  const translate = useTranslate();
  const short = value > 0;
  return (
    <Typography
      variant="body2"
      component="span"
      color={short ? 'error' : undefined}
      sx={{ fontWeight: short ? 600 : undefined, whiteSpace: 'nowrap' }}
      title={
        short ? translate('app.riders.cash.short', { amount: formatRupees(value) }) : undefined
      }
    >
      {formatRupees(value)}
    </Typography>
  );
}

function Settlements({ row }: { row: RiderCashRow }) {
  const translate = useTranslate();
  if (!row.settlements.length) {
    return <Typography variant="body2">{translate('app.riders.cash.no_settlements')}</Typography>;
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {row.settlements.map((s) => (
        <li key={s._id}>
          <Typography variant="body2" component="span">
            {translate('app.riders.cash.settlement', {
              amount: formatRupees(s.amount),
              who: s.settledByName || translate('app.riders.cash.someone'),
              when: formatDateTime(s.settledAt),
            })}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/**
 * /admin-panel/rider-cash?date=: each rider's cash on delivery for the day (delivered COD
 * orders of that day's runs): expected, handed in, the difference, who recorded each hand-in,
 * and 'Record cash'; the day's totals.
 */
export function RiderCashPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const date = dayOr(params.get('date'));
  const cash = useActionQuery<AppDataProvider, CashDay>(['riders', 'cash', date], (dp) =>
    dp.riderCash({ date }),
  );
  const t = (key: string) => translate(`app.riders.cash.${key}`);
  const rows = cash.data?.riders ?? [];
  const totals = cash.data?.totals;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={t('title')} />
      <Stack direction="row" gap={2} flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <TextField
          type="date"
          size="small"
          label={t('date')}
          value={date}
          onChange={(e) => e.target.value && setParams({ date: e.target.value }, { replace: true })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: indiaDay() } }}
          sx={{ width: 170 }}
        />
      </Stack>
      <Card>
        {cash.isPending ? (
          <Typography sx={{ p: 3 }} role="status">
            {translate('app.loading')}
          </Typography>
        ) : cash.error ? (
          <Typography sx={{ p: 3 }} color="error" role="alert">
            {translate('app.riders.cash.load_failed', { reason: (cash.error as Error).message })}
          </Typography>
        ) : !rows.length ? (
          <Typography sx={{ p: 3 }}>{t('none')}</Typography>
        ) : (
          <CashTable rows={rows} totals={totals} date={date} />
        )}
      </Card>
    </Box>
  );
}

/** The day's riders with their cash; on a phone a rider per line, the figures under the name. */
function CashTable({
  rows,
  totals,
  date,
}: {
  rows: RiderCashRow[];
  totals: CashDay['totals'] | undefined;
  date: string;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.riders.cash.${key}`);
  const riderName = (row: RiderCashRow) =>
    row.riderId ? row.name : translate('app.riders.cash.deleted_rider', { name: row.name });
  const phone = useIsPhone();
  if (phone) {
    return (
      <List disablePadding aria-label={t('title')}>
        {rows.map((row) => (
          <ListItem key={row.riderId ?? `deleted-${row.name}`} divider sx={{ display: 'block' }}>
            <Stack direction="row" justifyContent="space-between" gap={1}>
              <Typography sx={{ fontWeight: 500 }}>{riderName(row)}</Typography>
              <Difference value={row.difference} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {translate('app.riders.cash.figures_line', {
                cod: formatCount(row.deliveredCod),
                expected: formatRupees(row.expected),
                handedIn: formatRupees(row.handedIn),
              })}
            </Typography>
            <Settlements row={row} />
            {row.riderId && (
              <Box sx={{ mt: 0.5 }}>
                <RecordCashButton row={row} date={date} />
              </Box>
            )}
          </ListItem>
        ))}
        {totals && (
          <ListItem sx={{ display: 'block' }}>
            <Stack direction="row" justifyContent="space-between" gap={1}>
              <Typography sx={{ fontWeight: 600 }}>{t('totals')}</Typography>
              <Difference value={totals.difference} />
            </Stack>
            <Typography variant="body2">
              {translate('app.riders.cash.figures_line', {
                cod: formatCount(rows.reduce((n, r) => n + r.deliveredCod, 0)),
                expected: formatRupees(totals.expected),
                handedIn: formatRupees(totals.handedIn),
              })}
            </Typography>
          </ListItem>
        )}
      </List>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('rider')}</TableCell>
            <TableCell align="right">{t('delivered_cod')}</TableCell>
            <TableCell align="right">{t('expected')}</TableCell>
            <TableCell align="right">{t('handed_in')}</TableCell>
            <TableCell align="right">{t('difference')}</TableCell>
            <TableCell>{t('settlements')}</TableCell>
            <TableCell>{translate('app.list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.riderId ?? `deleted-${row.name}`}>
              <TableCell component="th" scope="row" sx={{ minWidth: 120 }}>
                {row.riderId
                  ? row.name
                  : translate('app.riders.cash.deleted_rider', { name: row.name })}
              </TableCell>
              <TableCell align="right">{formatCount(row.deliveredCod)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRupees(row.expected)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRupees(row.handedIn)}
              </TableCell>
              <TableCell align="right">
                <Difference value={row.difference} />
              </TableCell>
              <TableCell sx={{ minWidth: 200 }}>
                <Settlements row={row} />
              </TableCell>
              <TableCell>{row.riderId && <RecordCashButton row={row} date={date} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        {totals && (
          <TableFooter sx={{ '& .MuiTableCell-root': { color: 'text.primary', fontWeight: 600 } }}>
            <TableRow>
              <TableCell component="th" scope="row">
                {t('totals')}
              </TableCell>
              <TableCell align="right">
                {formatCount(rows.reduce((n, r) => n + r.deliveredCod, 0))}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRupees(totals.expected)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRupees(totals.handedIn)}
              </TableCell>
              <TableCell align="right">
                <Difference value={totals.difference} />
              </TableCell>
              <TableCell colSpan={2} />
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </Box>
  );
}
