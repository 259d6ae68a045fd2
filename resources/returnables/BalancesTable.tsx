import {
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount, formatDay, formatRupees } from '@/format';
import { useIsPhone } from '@/lists/PhoneList';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { DaysOutstanding } from './DaysOutstanding';
import type { Balance } from './types';

/** What the customer holds of each returnable item, and since when. */
export function BalancesTable({ balances, threshold }: { balances: Balance[]; threshold: number }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.returnables.${key}`);
  const phone = useIsPhone();
  if (!balances.length) return <Typography variant="body2">{t('no_balances')}</Typography>;
  if (phone) {
    // Seven columns do not fit a phone: an item per line, its figures under its name.
    return (
      <List dense disablePadding aria-label={t('balances')}>
        {balances.map((b) => (
          <ListItem key={b.productId} divider disableGutters>
            <ListItemText
              disableTypography
              primary={
                <Stack direction="row" justifyContent="space-between" gap={1}>
                  <Typography variant="body1" sx={{ fontWeight: 500 }}>
                    {b.name}
                  </Typography>
                  <DaysOutstanding days={b.daysOutstanding} threshold={threshold} />
                </Stack>
              }
              secondary={
                <Typography variant="body2" color="text.secondary" component="div">
                  <div>
                    {translate('app.returnables.counts_line', {
                      issued: formatCount(b.issued),
                      returned: formatCount(b.returned),
                      outstanding: formatCount(b.outstanding),
                    })}
                  </div>
                  <div>
                    {[
                      translate('app.returnables.deposit_line', {
                        deposit: formatRupees(b.deposit),
                      }),
                      b.oldestOutstandingAt &&
                        translate('app.returnables.since_line', {
                          day: formatDay(b.oldestOutstandingAt),
                        }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                </Typography>
              }
            />
          </ListItem>
        ))}
      </List>
    );
  }
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
