import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  TextField,
  useList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { formatCount, formatRupees } from '@/format';
import { ListPagination } from '@/lists/ListPagination';
import { ListStates } from '@/lists/ListStates';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import type { SettlementImportResult } from './calls';
import { settlementDay } from './day';
import { NoWrap } from '@/components/NoWrap';

const dayOf = (row: RaRecord) => settlementDay(row.day);
const amountOf = (row: RaRecord) => formatRupees(row.amount);

/** One of the result's two tables (a line list on a phone), ten lines a page. */
function ResultTable({
  title,
  rows,
  empty,
  last,
}: {
  title: string;
  rows: RaRecord[];
  empty: string;
  /** The last column: the customer (matched) or why not (unmatched). */
  last: { label: string; render: (row: RaRecord) => string };
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.settlements.${key}`);
  const phone = useIsPhone();
  const list = useList({ data: rows, perPage: 10 });
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {/* The lines' resource: the table asks it what may be done with them. */}
      <ResourceContextProvider value="settlementLines">
        <ListContextProvider value={list}>
          <ListStates sx={{ py: 1 }} empty={empty}>
            {phone ? (
              <PhoneList
                name={(row) => `${t('line')} ${row.lineNo}`}
                primary={(row) => `${amountOf(row)} · ${row.reference}`}
                lines={(row) => [
                  `${t('line')} ${row.lineNo} · ${dayOf(row)}`,
                  row.payer && `${t('payer')}: ${row.payer}`,
                  last.render(row) && `${last.label}: ${last.render(row)}`,
                ]}
              />
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Datagrid bulkActionButtons={false} rowClick={false} sx={COMPACT_ON_PHONES}>
                  <TextField source="lineNo" label={t('line')} sortable={false} />
                  <FunctionField
                    label={t('day')}
                    render={(row: RaRecord) => <NoWrap>{dayOf(row)}</NoWrap>}
                  />
                  <TextField source="reference" label={t('reference')} sortable={false} />
                  <FunctionField label={t('amount')} render={amountOf} textAlign="right" />
                  <TextField source="payer" label={t('payer')} sortable={false} emptyText="—" />
                  <FunctionField label={last.label} render={last.render} />
                </Datagrid>
              </Box>
            )}
          </ListStates>
          {rows.length > 10 && <ListPagination />}
        </ListContextProvider>
      </ResourceContextProvider>
    </Box>
  );
}

/** What an import did: lines matched to recorded payments, and those left to assign. */
export function ImportResult({ result }: { result: SettlementImportResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.settlements.${key}`, options);
  const matched = result.matched.map((m) => ({ ...m, id: `m${m.lineNo}` }));
  const unmatched = result.unmatched;
  return (
    <Card
      sx={{ mb: 2 }}
      component="section"
      aria-label={t('result_title', { file: result.fileName })}
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('result_title', { file: result.fileName })}
        </Typography>
        {result.fileAlreadyImported && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('already_imported_file')}
          </Alert>
        )}
        {!result.fileAlreadyImported && result.alreadyImported > 0 && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('already_imported_lines', { smart_count: result.alreadyImported })}
          </Alert>
        )}
        <ResultTable
          title={t('matched_title', { count: formatCount(matched.length) })}
          rows={matched}
          empty={t('none_matched')}
          last={{ label: t('customer'), render: (row) => String(row.customerName ?? '') }}
        />
        <ResultTable
          title={t('unmatched_title', { count: formatCount(unmatched.length) })}
          rows={unmatched}
          empty={t('none_unmatched')}
          last={{ label: t('note'), render: (row) => String(row.note ?? '') }}
        />
      </CardContent>
    </Card>
  );
}
