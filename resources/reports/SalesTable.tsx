import {
  Box,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { formatCount, formatRupees } from '@/format';
import { useIsPhone } from '@/lists/PhoneList';
import type { SalesFigures, SalesRow } from './salesCalls';

type Column = {
  key: 'invoices' | 'credit_notes' | 'taxable' | 'tax' | 'amount' | 'collections';
  value: (r: SalesFigures & { collections?: number }) => string;
};

/** The amount first: what a phone shows beside the name before the figures scroll across. */
const COLUMNS: Column[] = [
  { key: 'amount', value: (r) => formatRupees(r.amount) },
  { key: 'collections', value: (r) => formatRupees(r.collections ?? 0) },
  { key: 'invoices', value: (r) => formatCount(r.invoices) },
  { key: 'credit_notes', value: (r) => formatCount(r.creditNotes) },
  { key: 'taxable', value: (r) => formatRupees(r.taxable) },
  { key: 'tax', value: (r) => formatRupees(r.tax) },
];

/** '1 invoice', '1,907 invoices': the plural by the count, the count grouped the Indian way. */
export const countOf = (translate: TranslateFunction, key: string, n: number) =>
  translate(`app.reports.sales.${key}`, { smart_count: n, count: formatCount(n) });

/**
 * On a phone, a line per row rather than a table that would run off the screen (as the lists'
 * PhoneList): the name and amount, then the counts, GST and collections; the totals last.
 */
function PhoneLines({
  rows,
  totals,
  labelledBy,
  periods,
}: {
  rows: SalesRow[];
  totals: SalesFigures & { collections: number };
  labelledBy: string;
  periods: boolean;
}) {
  const translate = useTranslate();
  const line = (
    key: string,
    label: string,
    r: SalesFigures & { collections?: number },
    bold = false,
  ) => (
    <ListItem key={key} divider disableGutters sx={{ display: 'block', py: 0.75 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: bold ? 600 : 500 }}>{label}</Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatRupees(r.amount)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('app.reports.sales.phone_line', {
          invoices: countOf(translate, 'invoices_count', r.invoices),
          notes: countOf(translate, 'notes_count', r.creditNotes),
          tax: formatRupees(r.tax),
        })}
        {periods &&
          ` · ${translate('app.reports.sales.phone_collections', {
            collections: formatRupees(r.collections ?? 0),
          })}`}
      </Typography>
    </ListItem>
  );
  return (
    <List dense aria-labelledby={labelledBy} data-testid="sales-lines" disablePadding>
      {rows.map((r) => line(r.key, r.label, r))}
      {line('total', translate('app.reports.sales.total'), totals, true)}
    </List>
  );
}

/** The first column stays in view while a narrow screen scrolls the figures across. */
const sticky = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/**
 * The report's rows and their totals, every row (the chart groups all but the largest 20 keys
 * as Others; the table never does). A plain MUI table rather than a Datagrid: a report has no
 * record to open, no paging or sort, and a totals line.
 */
export function SalesTable({
  rows,
  totals,
  unit,
  labelledBy,
  periods,
}: {
  rows: SalesRow[];
  totals: SalesFigures & { collections: number };
  /** The first column's heading: Day, Week, Month, Service, Pin code or Rider. */
  unit: string;
  /** The id of the heading that names the table. */
  labelledBy: string;
  periods: boolean;
}) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  if (isPhone) {
    return <PhoneLines rows={rows} totals={totals} labelledBy={labelledBy} periods={periods} />;
  }
  const columns = periods ? COLUMNS : COLUMNS.filter((c) => c.key !== 'collections');
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="sales-table" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={sticky}>
              {unit}
            </TableCell>
            {columns.map((c) => (
              <TableCell key={c.key} component="th" scope="col" align="right">
                {translate(`app.reports.sales.columns.${c.key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} hover>
              <TableCell component="th" scope="row" sx={sticky}>
                {row.label}
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {c.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={{ ...sticky, fontWeight: 600 }}>
              {translate('app.reports.sales.total')}
            </TableCell>
            {columns.map((c) => (
              <TableCell
                key={c.key}
                align="right"
                sx={{ fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }}
              >
                {c.value(totals)}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
