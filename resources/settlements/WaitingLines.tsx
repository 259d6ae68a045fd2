import { Box, Card, CardContent, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  TextField,
  useListController,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { formatRupees } from '@/format';
import { ListPagination } from '@/lists/ListPagination';
import { ListStates } from '@/lists/ListStates';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { AssignLineButton } from './AssignLineDialog';
import { settlementDay } from './day';
import { NoWrap } from '@/components/NoWrap';

const ASSIGN = <AssignLineButton />;

/** The lines no recorded payment matched (GET account/settlement-lines?status=unmatched). */
export function WaitingLines() {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.settlements.${key}`);
  const phone = useIsPhone();
  const list = useListController({
    resource: 'settlementLines',
    filter: { status: 'unmatched' },
    perPage: 10,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  const where = (row: RaRecord) => `${row.fileName}, ${t('line').toLowerCase()} ${row.lineNo}`;
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={t('waiting_title')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('waiting_title')}
        </Typography>
      </CardContent>
      <ResourceContextProvider value="settlementLines">
        <ListContextProvider value={list}>
          <ListStates sx={{ p: 2 }} failed={t('waiting_failed')} empty={t('none_waiting')}>
            {phone ? (
              <PhoneList
                name={(row) => `${formatRupees(row.amount)} ${row.reference}`}
                primary={(row) => `${formatRupees(row.amount)} · ${row.reference}`}
                lines={(row) => [
                  settlementDay(row.day),
                  row.payer && `${t('payer')}: ${row.payer}`,
                  where(row),
                  row.note,
                ]}
                actions={ASSIGN}
              />
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Datagrid bulkActionButtons={false} rowClick={false} sx={COMPACT_ON_PHONES}>
                  <FunctionField
                    label={t('day')}
                    render={(row: RaRecord) => <NoWrap>{settlementDay(row.day)}</NoWrap>}
                  />
                  <TextField source="reference" label={t('reference')} sortable={false} />
                  <FunctionField
                    label={t('amount')}
                    textAlign="right"
                    render={(row: RaRecord) => formatRupees(row.amount)}
                  />
                  <TextField source="payer" label={t('payer')} sortable={false} emptyText="—" />
                  <FunctionField label={t('file')} render={where} />
                  <TextField source="note" label={t('note')} sortable={false} />
                  <FunctionField label="" render={() => ASSIGN} />
                </Datagrid>
              </Box>
            )}
          </ListStates>
          <ListPagination />
        </ListContextProvider>
      </ResourceContextProvider>
    </Card>
  );
}
