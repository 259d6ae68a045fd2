import { Box, Card, Stack } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  useListController,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { NoWrap } from '@/components/NoWrap';
import { formatDay, formatRupees } from '@/format';
import { ListPagination } from '@/lists/ListPagination';
import { ListSearch } from '@/lists/ListSearch';
import { ListStates } from '@/lists/ListStates';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import type { StatementRow } from './calls';
import { StatementDownload } from './StatementDownload';

type Row = StatementRow & RaRecord;

/** The row's statement, downloaded again: the same document it was numbered with. */
function RowDownload() {
  const translate = useTranslate();
  const row = useRecordContext<Row>();
  if (!row) return null;
  return (
    <StatementDownload
      month={row.month}
      userId={row.userId}
      label={translate('app.statements.download')}
      variant="text"
    />
  );
}

/** 'Due ₹105.00' below zero, else 'In credit ₹100.00'. */
function useStanding() {
  const translate = useTranslate();
  return (closing: number) =>
    closing < 0
      ? translate('app.statements.due', { amount: formatRupees(-closing) })
      : translate('app.statements.in_credit', { amount: formatRupees(closing) });
}

/** The numbered statements of `month` (account/get-statements), newest first. */
export function StatementList({ month }: { month: string }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const standing = useStanding();
  const list = useListController<Row>({
    resource: 'statements',
    filter: { month },
    perPage: 20,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  const f = (key: string) => translate(`app.statements.fields.${key}`);
  const money = (field: 'opening' | 'debits' | 'credits' | 'closing') => (
    <FunctionField
      label={f(field)}
      textAlign="right"
      render={(r: Row) => <NoWrap>{formatRupees(r[field])}</NoWrap>}
    />
  );
  return (
    <ResourceContextProvider value="statements">
      <ListContextProvider value={list}>
        <Stack direction="row" sx={{ mb: 1 }}>
          <ListSearch />
        </Stack>
        <Card>
          <ListStates
            sx={{ p: 3 }}
            failed={translate('app.statements.load_failed')}
            empty={translate('app.statements.none')}
          >
            {phone ? (
              <PhoneList
                name={(r) => String(r.customer.name)}
                primary={(r) => `${r.number} · ${r.customer.name}`}
                lines={(r) => [standing(r.closing), `${f('madeAt')} ${formatDay(r.madeAt)}`]}
                actions={<RowDownload />}
              />
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Datagrid bulkActionButtons={false} rowClick={false} sx={COMPACT_ON_PHONES}>
                  <FunctionField label={f('number')} render={(r: Row) => r.number} />
                  <FunctionField label={f('customer')} render={(r: Row) => r.customer.name} />
                  {money('opening')}
                  {money('debits')}
                  {money('credits')}
                  {money('closing')}
                  <FunctionField
                    label=""
                    render={(r: Row) => <NoWrap>{standing(r.closing)}</NoWrap>}
                  />
                  <FunctionField label={f('madeAt')} render={(r: Row) => formatDay(r.madeAt)} />
                  <RowDownload />
                </Datagrid>
              </Box>
            )}
          </ListStates>
          <ListPagination />
        </Card>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
