import {
  Box,
  Chip,
  Link as MuiLink,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCount, formatDateTime } from '@/format';
import { useIsPhone } from '@/lists/PhoneList';
import { formatAge } from '@/orders/emergencyClock';
import type { EmergencyGroup, EmergencyRow } from './emergencyCalls';

const t = (key: string) => `app.reports.emergencies.${key}`;

/** '47 min', '2 h 5 min'; a dash when there is none. */
const age = (minutes: number | null) => (minutes === null ? '—' : formatAge(minutes));

/** The order-to-delivery time, the age of one still open, or Cancelled. */
function TimeCell({ row }: { row: EmergencyRow }) {
  const translate = useTranslate();
  if (row.state === 'cancelled') return <>{translate(t('cancelled'))}</>;
  const text =
    row.state === 'open' ? translate(t('still_open'), { age: age(row.minutes) }) : age(row.minutes);
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
      <span>{text}</span>
      {row.breached && <Chip size="small" color="error" label={translate(t('late'))} />}
    </Box>
  );
}

const orderLink = (row: EmergencyRow) => (
  <MuiLink component={Link} to={`/order/view/${row._id}`} sx={{ whiteSpace: 'nowrap' }}>
    {row.orderId}
  </MuiLink>
);

/** The range's emergency orders (a page of them): a table, or a line each on a phone. */
export function EmergencyOrders({
  rows,
  labelledBy,
}: {
  rows: EmergencyRow[];
  labelledBy: string;
}) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const riderOf = (row: EmergencyRow) => row.rider?.name ?? translate(t('no_rider'));
  if (isPhone) {
    return (
      <List dense disablePadding aria-labelledby={labelledBy} data-testid="emergency-lines">
        {rows.map((row) => (
          <ListItem key={row._id} divider disableGutters sx={{ display: 'block', py: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              {orderLink(row)}
              <Typography component="span" sx={{ fontWeight: 600 }}>
                <TimeCell row={row} />
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {[row.customer.name, row.pincode, riderOf(row), formatDateTime(row.placedAt)].join(
                ' · ',
              )}
            </Typography>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy} data-testid="emergency-table">
        <TableHead>
          <TableRow>
            {['order', 'time', 'customer', 'pincode', 'rider', 'placed', 'delivered'].map((c) => (
              <TableCell key={c} component="th" scope="col">
                {translate(t(`columns.${c}`))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row._id} hover>
              <TableCell component="th" scope="row">
                {orderLink(row)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <TimeCell row={row} />
              </TableCell>
              <TableCell>{row.customer.name}</TableCell>
              <TableCell>{row.pincode}</TableCell>
              <TableCell>{riderOf(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.placedAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.deliveredAt ? formatDateTime(row.deliveredAt) : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const FIGURES = ['emergencies', 'delivered_count', 'open', 'breaches', 'median', 'worst'] as const;

const figureOf = (g: EmergencyGroup, column: (typeof FIGURES)[number]) => {
  switch (column) {
    case 'emergencies':
      return formatCount(g.emergencies);
    case 'delivered_count':
      return formatCount(g.delivered);
    case 'open':
      return formatCount(g.open);
    case 'breaches':
      return formatCount(g.breached);
    case 'median':
      return age(g.medianMinutes);
    case 'worst':
      return age(g.worstMinutes);
  }
};

/** A breakdown by pin code or by rider: count, delivered, open, breaches, median and worst. */
export function EmergencyBreakdown({
  groups,
  heading,
  labelledBy,
}: {
  groups: EmergencyGroup[];
  /** The first column's heading: Pin code or Rider. */
  heading: string;
  labelledBy: string;
}) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <List dense disablePadding aria-labelledby={labelledBy}>
        {groups.map((g) => (
          <ListItem key={g.key} divider disableGutters sx={{ display: 'block', py: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 500 }}>{g.label}</Typography>
              <Typography
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                color={g.breached ? 'error' : undefined}
              >
                {translate(t('group_breaches'), { count: formatCount(g.breached) })}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {translate(t('group_line'), {
                emergencies: formatCount(g.emergencies),
                delivered: formatCount(g.delivered),
                median: age(g.medianMinutes),
                worst: age(g.worstMinutes),
              })}
            </Typography>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {heading}
            </TableCell>
            {FIGURES.map((c) => (
              <TableCell key={c} component="th" scope="col" align="right">
                {translate(t(`columns.${c}`))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((g) => (
            <TableRow key={g.key} hover>
              <TableCell component="th" scope="row">
                {g.label}
              </TableCell>
              {FIGURES.map((c) => (
                <TableCell
                  key={c}
                  align="right"
                  sx={{
                    whiteSpace: 'nowrap',
                    ...(c === 'breaches' && g.breached
                      ? { color: 'error.main', fontWeight: 600 }
                      : {}),
                  }}
                >
                  {figureOf(g, c)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
