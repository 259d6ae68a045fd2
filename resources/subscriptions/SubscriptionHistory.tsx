import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Stack,
  Typography,
} from '@mui/material';
import { useIsPhone } from '@/lists/PhoneList';
import { useTranslate } from 'react-admin';
import { describeSchedule, type Schedule } from '@shared/schedule';
import { formatDateTime, formatDay } from '@/format';
import type { SubscriptionHistoryRow } from './types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A changed value as a person reads it: days as dates, a pause as its dates, none as '—'. */
export function changeValue(value: unknown, untilResumed = '…'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && DAY.test(value)) return formatDay(value);
  if (Array.isArray(value)) return value.map((v) => changeValue(v, untilResumed)).join(', ');
  if (typeof value === 'object') {
    if ('from' in value) {
      const { from, to } = value as { from: string; to?: string | null };
      return `${formatDay(from)} – ${to ? formatDay(to) : untilResumed}`;
    }
    if ('kind' in value) return describeSchedule(value as Schedule);
    return JSON.stringify(value);
  }
  return String(value);
}

/** `changes` as the server sends them (`{ field: [before, after] }`), one line per field. */
export function changeLines(
  changes: SubscriptionHistoryRow['changes'],
  label: (field: string) => string = (field) => field,
  untilResumed?: string,
): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(
    ([field, [before, after]]) =>
      `${label(field)}: ${changeValue(before, untilResumed)} → ${changeValue(after, untilResumed)}`,
  );
}

/** One change: what was done, its note, and each field before → after. */
function ChangeWhat({ row }: { row: SubscriptionHistoryRow }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  return (
    <>
      <Typography variant="body2" fontWeight={600}>
        {t(`actions.${row.action}`, { _: row.action })}
      </Typography>
      {row.note && <Typography variant="body2">{row.note}</Typography>}
      {changeLines(
        row.changes,
        (field) => t(`fields.${field}`, { _: field }),
        t('until_resumed_short'),
      ).map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </>
  );
}

/** Who changed what and when, newest first: a table, or a line each on a phone. */
export function SubscriptionHistory({ history }: { history: SubscriptionHistoryRow[] }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  const who = (row: SubscriptionHistoryRow) => row.adminName || t('someone');
  if (!history.length) return <Typography>{t('no_history')}</Typography>;
  if (phone) {
    return (
      <Stack
        component="ol"
        aria-label={t('history')}
        gap={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {history.map((row) => (
          <li key={row._id}>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(row.at)} · {who(row)}
            </Typography>
            <ChangeWhat row={row} />
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('history_when')}</TableCell>
            <TableCell>{t('history_who')}</TableCell>
            <TableCell>{t('history_what')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.map((row) => (
            <TableRow key={row._id}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {formatDateTime(row.at)}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>{who(row)}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <ChangeWhat row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
