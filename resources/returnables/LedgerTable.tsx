import {
  Link,
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
import { useCanAccess, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount, formatDateTime, formatRupees } from '@/format';
import { useIsPhone } from '@/lists/PhoneList';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import type { Entry } from './types';

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : `−${formatCount(-n)}`);

/**
 * What a line did to the customer's count, each figure signed by its effect: units issued '+3',
 * units returned '−2', and a delivery that also took empties back '+3 / −2'. A reversal undoes
 * with negative figures (issued −3 reads '−3', returned −2 reads '+2').
 */
export function changeText(entry: Pick<Entry, 'issued' | 'returned'>): string {
  const parts = [
    entry.issued !== 0 ? signed(entry.issued) : '',
    entry.returned !== 0 ? signed(-entry.returned) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' / ') : '0';
}

/** The order (and return request) behind a line, linked for admins who may open them. */
function Source({ entry, links }: { entry: Entry; links: { orders: boolean; returns: boolean } }) {
  const translate = useTranslate();
  const order =
    entry.order &&
    (links.orders ? (
      <Link component={RouterLink} to={`/order/view/${entry.order._id}`}>
        {entry.order.orderId}
      </Link>
    ) : (
      <span>{entry.order.orderId}</span>
    ));
  const label = translate('app.returnables.return_request');
  const request =
    entry.returnRequestId &&
    (links.returns ? (
      <Link component={RouterLink} to={`/return/view/${entry.returnRequestId}`}>
        {label}
      </Link>
    ) : (
      <span>{label}</span>
    ));
  if (!order && !request) return <>{translate('app.returnables.none_dash')}</>;
  return (
    <Stack gap={0.25} sx={{ whiteSpace: 'nowrap' }}>
      {order}
      {request}
    </Stack>
  );
}

/** The ledger's lines, newest first: what happened, to which item, and who or what caused it. */
export function LedgerTable({ entries }: { entries: Entry[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.returnables.${key}`);
  const orders = useCanAccess({ resource: 'orders', action: 'show' });
  const returns = useCanAccess({ resource: 'returns', action: 'show' });
  const links = { orders: orders.canAccess === true, returns: returns.canAccess === true };
  const phone = useIsPhone();
  if (!entries.length) return <Typography variant="body2">{t('no_entries')}</Typography>;
  if (phone) {
    // Eight columns do not fit a phone: a line per entry, what happened first.
    return (
      <List dense disablePadding aria-label={t('ledger')}>
        {entries.map((entry) => (
          <ListItem key={entry._id} divider disableGutters>
            <ListItemText
              disableTypography
              primary={
                <Stack direction="row" justifyContent="space-between" gap={1}>
                  <Typography variant="body1" sx={{ fontWeight: 500 }}>
                    {translate(`app.returnables.kinds.${entry.kind}`, { _: entry.kind })} ·{' '}
                    {entry.name}
                  </Typography>
                  <Typography variant="body1" sx={{ whiteSpace: 'nowrap' }}>
                    {changeText(entry)}
                  </Typography>
                </Stack>
              }
              secondary={
                <Typography variant="body2" color="text.secondary" component="div">
                  <div>
                    {[
                      formatDateTime(entry.at),
                      entry.adminName &&
                        translate('app.returnables.by_line', { name: entry.adminName }),
                      translate('app.returnables.deposit_change_line', {
                        deposit: formatRupees(entry.deposit),
                      }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                  {(entry.order || entry.returnRequestId) && <Source entry={entry} links={links} />}
                  {entry.reason && <div>{entry.reason}</div>}
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
          <TableCell>{t('item')}</TableCell>
          <TableCell align="right">{t('change')}</TableCell>
          <TableCell align="right">{t('deposit')}</TableCell>
          <TableCell>{t('order')}</TableCell>
          <TableCell>{t('reason')}</TableCell>
          <TableCell>{t('by')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry._id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
            <TableCell>
              {translate(`app.returnables.kinds.${entry.kind}`, { _: entry.kind })}
            </TableCell>
            <TableCell>{entry.name}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {changeText(entry)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatRupees(entry.deposit)}
            </TableCell>
            <TableCell>
              <Source entry={entry} links={links} />
            </TableCell>
            <TableCell sx={{ minWidth: 160 }}>{entry.reason ?? ''}</TableCell>
            <TableCell>{entry.adminName ?? t('none_dash')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
