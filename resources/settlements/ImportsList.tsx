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
import { formatCount, formatDateTime } from '@/format';
import { ListPagination } from '@/lists/ListPagination';
import { ListStates } from '@/lists/ListStates';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';

/** The files imported so far, newest first (GET account/settlement-imports). */
export function ImportsList() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.settlements.${key}`, options);
  const phone = useIsPhone();
  const list = useListController({
    resource: 'settlementImports',
    perPage: 10,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  const count = (key: string) => (row: RaRecord) => formatCount(row[key]);
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={t('imports_title')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('imports_title')}
        </Typography>
      </CardContent>
      <ResourceContextProvider value="settlementImports">
        <ListContextProvider value={list}>
          <ListStates sx={{ p: 2 }} failed={t('imports_failed')} empty={t('none_imports')}>
            {phone ? (
              <PhoneList
                name={(row) => String(row.fileName)}
                primary={(row) => row.fileName}
                lines={(row) => [
                  [formatDateTime(row.at), row.adminName].filter(Boolean).join(' · '),
                  t('counts_line', {
                    lines: formatCount(row.lines),
                    matched: formatCount(row.matched),
                    unmatched: formatCount(row.unmatched),
                  }),
                ]}
              />
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Datagrid bulkActionButtons={false} rowClick={false} sx={COMPACT_ON_PHONES}>
                  <FunctionField
                    label={t('at')}
                    render={(row: RaRecord) => formatDateTime(row.at)}
                  />
                  <TextField source="fileName" label={t('file')} sortable={false} />
                  <FunctionField label={t('lines')} textAlign="right" render={count('lines')} />
                  <FunctionField label={t('matched')} textAlign="right" render={count('matched')} />
                  <FunctionField
                    label={t('unmatched')}
                    textAlign="right"
                    render={count('unmatched')}
                  />
                  <TextField source="adminName" label={t('by')} sortable={false} emptyText="—" />
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
