import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { describeSchedule, type Schedule } from '@shared/schedule';
import { formatDateTime } from '@/format';
import type { SubscriptionHistoryRow } from './types';

/** A changed value as a person reads it: a schedule in words, a list joined, none as '—'. */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        v && typeof v === 'object' && 'name' in v
          ? `${(v as { name: string }).name} × ${(v as { quantity?: number }).quantity ?? ''}`
          : changeValue(v),
      )
      .join(', ');
  }
  if (typeof value === 'object') {
    if ('kind' in value) return describeSchedule(value as Schedule);
    return JSON.stringify(value);
  }
  return String(value);
}

/** `changes` as the server sends them (`{ field: [before, after] }`), one line per field. */
export function changeLines(changes: SubscriptionHistoryRow['changes']): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(
    ([field, [before, after]]) => `${field}: ${changeValue(before)} → ${changeValue(after)}`,
  );
}

/** Who changed what and when, newest first. */
export function SubscriptionHistory({ history }: { history: SubscriptionHistoryRow[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  if (!history.length) return <Typography>{t('no_history')}</Typography>;
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
              <TableCell sx={{ verticalAlign: 'top' }}>{row.adminName || t('someone')}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2" fontWeight={600}>
                  {t(`actions.${row.action}`, { _: row.action })}
                </Typography>
                {row.note && <Typography variant="body2">{row.note}</Typography>}
                {changeLines(row.changes).map((line) => (
                  <Typography key={line} variant="body2" color="text.secondary">
                    {line}
                  </Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
