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
import { formatDateTime, formatRupees } from '@/format';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { useIsPhone } from '@/lists/PhoneList';
import type { AccountEntry } from './types';

/** A credit reads '+₹500.00' in green, a debit '−₹120.00' in red. */
function Amount({ value }: { value: number }) {
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}
      color={value < 0 ? 'error.main' : 'success.main'}
    >
      {value < 0 ? `−${formatRupees(-value)}` : `+${formatRupees(value)}`}
    </Typography>
  );
}

/** The method and reference of a payment, or the order an entry charged. */
function referenceOf(entry: AccountEntry, orderLine: (orderNo: string) => string) {
  if (entry.orderNo) return orderLine(entry.orderNo);
  return [entry.method, entry.reference].filter(Boolean).join(' · ');
}

/** The account's entries, newest first: a table, or a line each on a phone. */
export function AccountLedger({ entries }: { entries: AccountEntry[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.accounts.${key}`, options);
  const phone = useIsPhone();
  const orderLine = (orderNo: string) => t('order_line', { orderNo });
  if (!entries.length) return <Typography variant="body2">{t('no_entries')}</Typography>;
  if (phone) {
    return (
      <List dense disablePadding aria-label={t('ledger')}>
        {entries.map((e) => (
          <ListItem key={e._id} divider disableGutters>
            <ListItemText
              disableTypography
              primary={
                <Stack direction="row" justifyContent="space-between" gap={1}>
                  <Typography variant="body1" sx={{ fontWeight: 500 }}>
                    {e.kindLabel}
                  </Typography>
                  <Amount value={e.amount} />
                </Stack>
              }
              secondary={
                <Typography variant="body2" color="text.secondary" component="div">
                  <div>
                    {[
                      formatDateTime(e.at),
                      t('balance_after_line', { amount: formatRupees(e.balanceAfter) }),
                      e.adminName && t('by_line', { name: e.adminName }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                  {referenceOf(e, orderLine) && <div>{referenceOf(e, orderLine)}</div>}
                  {e.reason && <div>{e.reason}</div>}
                </Typography>
              }
            />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <Table size="small" aria-label={t('ledger')} sx={COMPACT_ON_PHONES}>
      <TableHead>
        <TableRow>
          <TableCell>{t('date')}</TableCell>
          <TableCell>{t('what')}</TableCell>
          <TableCell>{t('reference')}</TableCell>
          <TableCell align="right">{t('amount')}</TableCell>
          <TableCell align="right">{t('balance_after')}</TableCell>
          <TableCell>{t('by')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e._id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
            <TableCell>
              {e.kindLabel}
              {e.reason && (
                <Typography variant="body2" color="text.secondary">
                  {e.reason}
                </Typography>
              )}
            </TableCell>
            <TableCell>{referenceOf(e, orderLine)}</TableCell>
            <TableCell align="right">
              <Amount value={e.amount} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatRupees(e.balanceAfter)}
            </TableCell>
            <TableCell>{e.adminName}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
