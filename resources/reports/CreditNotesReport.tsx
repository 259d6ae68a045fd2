import { Alert, Box, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  Datagrid,
  FunctionField,
  ListBase,
  useDataProvider,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { daysBetween } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';
import { NoWrap } from '@/components/NoWrap';
import { formatCount, formatDateTime, formatRupees } from '@/format';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { TabList } from '@/lists/TabList';
import type { AppDataProvider } from '@/providers/types';
import type { CreditNote } from '@resources/orders/calls';
import { CreditNoteDownload } from '@resources/orders/OrderCreditNotes';

/** The longest range order/credit-notes lists (server/modules/creditNotes: MOST_NOTE_DAYS). */
const MOST_DAYS = 366;

const isDay = (value: string | null): value is string =>
  Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)));

/** What is wrong with the range (an i18n key), or null: as the server checks it. */
function rangeProblem(from: string, to: string): string | null {
  if (from > to) return 'app.reports.credit_notes.range_order';
  if (daysBetween(from, to) + 1 > MOST_DAYS) return 'app.reports.credit_notes.range_long';
  return null;
}

const t = (key: string) => `app.reports.credit_notes.${key}`;

/**
 * Reports → Credit notes (issue 38): the credit and debit notes issued on a range of days
 * (India; this month by default, kept in the address as `from` / `to`), newest first
 * (GET order/credit-notes through the orders resource's `creditNotes` list), each opening its
 * order and with its PDF; the range's counts and totals above.
 */
export function CreditNotesReport() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const today = indiaDay();
  const from = isDay(params.get('from')) ? params.get('from')! : `${today.slice(0, 7)}-01`;
  const to = isDay(params.get('to')) ? params.get('to')! : today;
  const problem = rangeProblem(from, to);
  const setDay = (name: 'from' | 'to', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', 'credit-notes');
        next.set('from', name === 'from' ? value : from);
        next.set('to', name === 'to' ? value : to);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} sx={{ maxWidth: 560 }}>
        {(['from', 'to'] as const).map((name) => (
          <TextField
            key={name}
            type="date"
            label={translate(t(name))}
            value={name === 'from' ? from : to}
            onChange={(e) => isDay(e.target.value) && setDay(name, e.target.value)}
            fullWidth
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: addDays(today, 1) } }}
          />
        ))}
      </Stack>
      {problem ? (
        <Alert severity="warning">{translate(problem, { days: MOST_DAYS })}</Alert>
      ) : (
        <>
          <NoteTotals from={from} to={to} />
          <ListBase
            resource="orders"
            queryOptions={{ meta: { list: 'creditNotes' } }}
            filter={{ from, to }}
            sort={{ field: 'issuedAt', order: 'DESC' }}
            perPage={20}
            disableSyncWithLocation
            storeKey={false}
          >
            <TabList emptyText={translate(t('none'))}>
              <NotesTable />
            </TabList>
          </ListBase>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 150 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** The range's credit notes, debit notes and the net they took off the sales. */
function NoteTotals({ from, to }: { from: string; to: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['orders', 'creditNoteTotals', from, to],
    queryFn: async () => (await dataProvider.creditNoteTotals({ from, to, limit: 1 })).data,
    placeholderData: keepPreviousData,
  });
  if (!data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" flexWrap="wrap" gap={3} aria-label={translate(t('totals'))}>
        <Figure
          label={translate(t('credit_count'), {
            smart_count: data.credit.count,
            count: formatCount(data.credit.count),
          })}
        >
          {formatRupees(data.credit.total)}
        </Figure>
        <Figure
          label={translate(t('debit_count'), {
            smart_count: data.debit.count,
            count: formatCount(data.debit.count),
          })}
        >
          {formatRupees(data.debit.total)}
        </Figure>
        <Figure label={translate(t('net'))}>{formatRupees(data.net.total)}</Figure>
        <Figure label={translate(t('net_taxable'))}>{formatRupees(data.net.taxable)}</Figure>
        <Figure label={translate(t('net_tax'))}>{formatRupees(data.net.tax)}</Figure>
      </Stack>
    </Paper>
  );
}

function KindChip({ note }: { note: RaRecord }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={note.kind === 'debit' ? 'info' : 'warning'}
      label={translate(`app.orders.credit_note_kind_${note.kind}`)}
    />
  );
}

/** The note's PDF, in its row's record context. */
function DownloadCell() {
  const note = useRecordContext<CreditNote & RaRecord>();
  return note ? <CreditNoteDownload note={note} compact /> : null;
}

const orderPath = (note: RaRecord) => `/order/view/${note.order?._id}`;

/** What a cell shows under its first line, smaller. */
function Under({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** A table on a desk; one line a note on a phone. */
function NotesTable() {
  const translate = useTranslate();
  const phone = useIsPhone();
  const cause = (note: RaRecord) => translate(`app.orders.credit_note_cause_${note.cause}`);
  if (phone) {
    return (
      <PhoneList
        name={(note) => String(note.noteNo)}
        primary={(note) => <NoWrap>{note.noteNo}</NoWrap>}
        badge={(note) => <KindChip note={note} />}
        lines={(note) => [
          `${formatRupees(note.total)} · ${cause(note)}`,
          `${note.orderId} · ${note.customer?.name ?? ''}`,
          formatDateTime(note.issuedAt),
        ]}
        to={orderPath}
        actions={<DownloadCell />}
      />
    );
  }
  return (
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <FunctionField
        label={t('issued')}
        sortable={false}
        render={(note) => {
          const [day, time] = formatDateTime(note.issuedAt).split(', ');
          return (
            <>
              <NoWrap>{day}</NoWrap>
              <Under>{time}</Under>
            </>
          );
        }}
      />
      <FunctionField
        label={t('note_no')}
        sortable={false}
        render={(note) => (
          <Stack alignItems="flex-start" gap={0.5}>
            <NoWrap>{note.noteNo}</NoWrap>
            <KindChip note={note} />
          </Stack>
        )}
      />
      <FunctionField
        label={t('cause')}
        sortable={false}
        render={(note) => (
          <Box sx={{ minWidth: 160 }}>
            {cause(note)}
            <Under>{note.reason}</Under>
          </Box>
        )}
      />
      <FunctionField
        label={t('order')}
        sortable={false}
        render={(note) => (
          <>
            <Link to={orderPath(note)}>{note.orderId}</Link>
            <Under>
              <NoWrap>{note.invoiceNo}</NoWrap>
            </Under>
          </>
        )}
      />
      <FunctionField
        label={t('customer')}
        sortable={false}
        render={(note) => note.customer?.name}
      />
      {(['taxable', 'tax', 'total'] as const).map((field) => (
        <FunctionField
          key={field}
          label={t(field)}
          sortable={false}
          textAlign="right"
          render={(note) => <NoWrap>{formatRupees(note[field])}</NoWrap>}
        />
      ))}
      <FunctionField label={t('pdf')} sortable={false} render={() => <DownloadCell />} />
    </Datagrid>
  );
}
