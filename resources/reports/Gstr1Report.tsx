import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
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
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useActionQuery } from '@/actions/useActionQuery';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';
import { formatCount, formatRupees } from '@/format';
import { useIsPhone } from '@/lists/PhoneList';
import type { AppDataProvider } from '@/providers/types';
import { chosenMonth, monthLabel } from '../statements/month';
import { MonthSelect } from '../statements/MonthSelect';
import type { Gstr1Summary, Gstr1Table, Gstr1TableFigures } from './gstr1Calls';

const t = (key: string) => `app.reports.gstr1.${key}`;

/**
 * One of the month's files, streamed and saved under the name the server gives: the JSON, the
 * zip of every table's CSV, or one table's CSV.
 */
function Gstr1Download({
  month,
  format,
  table,
  label,
  ariaLabel,
  variant = 'outlined',
}: {
  month: string;
  format: 'json' | 'csv';
  table?: Gstr1Table;
  label: string;
  ariaLabel?: string;
  variant?: 'outlined' | 'contained' | 'text';
}) {
  const translate = useTranslate();
  const file = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('reports', 'gstr1', {
        values: table ? { month, format, table } : { month, format },
        ...stream,
      }),
    progressMessage: t('preparing_size'),
    stoppedMessage: t('download_stopped'),
    failureMessage: t('download_failed'),
    wording: 'wording-and-reason',
  });
  return (
    <BusyButton
      type="button"
      variant={variant}
      size={variant === 'text' ? 'small' : 'medium'}
      startIcon={<DownloadIcon />}
      busy={file.busy}
      disabled={file.busy}
      label={label}
      aria-label={ariaLabel}
      busyLabel={file.progress ?? translate(t('preparing'))}
      onClick={file.start}
    />
  );
}

/** A figure of the table: rupees, or a dash where the table has none (documents issued). */
const money = (value: number | null) => (value === null ? '—' : formatRupees(value));

/** The month's tables with their rows, documents and amounts; on a phone one table a line. */
function TablesOfMonth({ summary }: { summary: Gstr1Summary }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const name = (table: Gstr1Table) => translate(t(`tables.${table}`));
  const download = (row: Gstr1TableFigures) => (
    <Gstr1Download
      month={summary.month}
      format="csv"
      table={row.table}
      variant="text"
      label={translate(t('download_table'))}
      ariaLabel={translate(t('download_table_label'), { table: name(row.table) })}
    />
  );
  const { totals } = summary;
  const documentsLine = translate(t('documents_line'), {
    invoices: formatCount(totals.invoices.count),
    credit: formatCount(totals.creditNotes.count),
    debit: formatCount(totals.debitNotes.count),
  });
  if (phone) {
    return (
      <List disablePadding aria-label={translate(t('table'))}>
        {summary.tables.map((row) => (
          <ListItem key={row.table} divider sx={{ display: 'block' }}>
            <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
              <Typography sx={{ fontWeight: 500 }}>{name(row.table)}</Typography>
              {download(row)}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {row.table === 'doc_issue'
                ? translate(t('issued_line'), {
                    rows: formatCount(row.count),
                    documents: formatCount(row.documents),
                  })
                : translate(t('figures_line'), {
                    rows: formatCount(row.count),
                    documents: formatCount(row.documents),
                    taxable: money(row.taxable),
                    tax: money(row.tax),
                  })}
            </Typography>
          </ListItem>
        ))}
        <ListItem sx={{ display: 'block' }}>
          <Typography sx={{ fontWeight: 600 }}>{translate(t('net'))}</Typography>
          <Typography variant="body2">
            {`${translate(t('taxable'))} ${formatRupees(totals.net.taxable)} · ${translate(t('tax'))} ${formatRupees(totals.net.tax)}`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {documentsLine}
          </Typography>
        </ListItem>
      </List>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(t('heading'), { month: summary.label })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('table'))}</TableCell>
            <TableCell align="right">{translate(t('rows'))}</TableCell>
            <TableCell align="right">{translate(t('documents'))}</TableCell>
            <TableCell align="right">{translate(t('taxable'))}</TableCell>
            <TableCell align="right">{translate(t('tax'))}</TableCell>
            <TableCell>{translate(t('file'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.tables.map((row) => (
            <TableRow key={row.table} data-table={row.table}>
              <TableCell component="th" scope="row">
                {name(row.table)}
              </TableCell>
              <TableCell align="right">{formatCount(row.count)}</TableCell>
              <TableCell align="right">{formatCount(row.documents)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(row.taxable)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(row.tax)}
              </TableCell>
              <TableCell>{download(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate(t('net'))}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {documentsLine}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
              {formatRupees(totals.net.taxable)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
              {formatRupees(totals.net.tax)}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}

/**
 * The gstr1 tab of Reports (issue 38), `?tab=gstr1&month=YYYY-MM` (last month by default): the
 * month's tables with their counts and totals (gst/gstr1-summary), whether the month is still
 * provisional, and its files: the offline tool's JSON, every table's CSV in a zip, each table's
 * CSV.
 */
export function Gstr1Report() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const month = chosenMonth(params.get('month'));
  const summary = useActionQuery<AppDataProvider, Gstr1Summary>(['reports', 'gstr1', month], (dp) =>
    dp.gstr1Summary({ month }),
  );
  const data = summary.data;
  const empty =
    data &&
    data.totals.invoices.count + data.totals.creditNotes.count + data.totals.debitNotes.count === 0;
  return (
    <Box>
      <Stack direction="row" gap={2} flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 200 }}>
          {translate(t('heading'), { month: monthLabel(month) })}
        </Typography>
        <MonthSelect
          value={month}
          onChange={(m) => setParams({ tab: 'gstr1', month: m }, { replace: true })}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(t('intro'))}
      </Typography>
      {data?.provisional && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(t('provisional'), { month: data.label })}
        </Alert>
      )}
      <Stack direction="row" gap={1.5} flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <Gstr1Download
          month={month}
          format="json"
          variant="contained"
          label={translate(t('download_json'))}
        />
        <Gstr1Download month={month} format="csv" label={translate(t('download_zip'))} />
        {data && (
          <Typography variant="body2" color="text.secondary">
            {translate(t('seller'), { gstin: data.gstin, fp: data.fp })}
          </Typography>
        )}
      </Stack>
      {data && data.rowsWithoutHsn > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(t('without_hsn'), { smart_count: data.rowsWithoutHsn })}
        </Alert>
      )}
      {empty && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(t('empty'), { month: data.label })}
        </Alert>
      )}
      <Card>
        {summary.isPending ? (
          <Typography sx={{ p: 3 }} role="status">
            {translate(t('loading'))}
          </Typography>
        ) : summary.error ? (
          <Typography sx={{ p: 3 }} color="error" role="alert">
            {translate(t('load_failed'), { reason: (summary.error as Error).message })}
          </Typography>
        ) : data ? (
          <TablesOfMonth summary={data} />
        ) : null}
      </Card>
    </Box>
  );
}
