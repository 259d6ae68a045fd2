import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount, formatDay, formatRupees } from '@/format';
import { COMPACT_ON_PHONES } from '../dashboard/RecentPanel';
import { DaysOutstanding } from './DaysOutstanding';
import type { Balance } from './types';

/** What the customer holds of each returnable item, and since when. */
export function BalancesTable({ balances, threshold }: { balances: Balance[]; threshold: number }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.returnables.${key}`);
  if (!balances.length) return <Typography variant="body2">{t('no_balances')}</Typography>;
  return (
    <Table size="small" aria-label={t('balances')} sx={COMPACT_ON_PHONES}>
      <TableHead>
        <TableRow>
          <TableCell>{t('item')}</TableCell>
          <TableCell align="right">{t('issued')}</TableCell>
          <TableCell align="right">{t('returned')}</TableCell>
          <TableCell align="right">{t('outstanding')}</TableCell>
          <TableCell align="right">{t('deposit_held')}</TableCell>
          <TableCell>{t('oldest')}</TableCell>
          <TableCell>{t('days')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {balances.map((b) => (
          <TableRow key={b.productId}>
            <TableCell component="th" scope="row">
              {b.name}
            </TableCell>
            <TableCell align="right">{formatCount(b.issued)}</TableCell>
            <TableCell align="right">{formatCount(b.returned)}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatCount(b.outstanding)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatRupees(b.deposit)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {b.oldestOutstandingAt ? formatDay(b.oldestOutstandingAt) : t('none_dash')}
            </TableCell>
            <TableCell>
              <DaysOutstanding days={b.daysOutstanding} threshold={threshold} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
