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
import { formatCount } from '@/format';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import type { RosterRow } from './calls';

type Row = RosterRow & RaRecord;

const count = (source: 'deliveries' | 'quantity') => (row: Row) => formatCount(row[source]);

/**
 * The day's counts: one line per service, product or plan, slot and pin code, with its
 * deliveries and quantity (react-admin's list over the rows in hand, sortable by column). On a
 * phone, a line each.
 */
export function RosterTable({ rows }: { rows: RosterRow[] }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const data: Row[] = rows.map((row) => ({
    ...row,
    id: [row.serviceId, row.itemId, row.slot, row.pincode].join(':'),
  }));
  const list = useList({ data, perPage: Math.max(data.length, 1) });
  const t = (key: string) => translate(`app.roster.${key}`);
  return (
    <ResourceContextProvider value="roster">
      <ListContextProvider value={list}>
        {phone ? (
          <PhoneList
            name={(row) => `${row.itemName} ${row.slot} ${row.pincode}`}
            primary={(row) => `${row.itemName} · ${row.serviceName}`}
            badge={(row) => <strong>{formatCount(row.quantity)}</strong>}
            lines={(row) => [
              `${row.slot} · ${row.pincode}`,
              translate('app.roster.deliveries_line', { count: formatCount(row.deliveries) }),
            ]}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false} sx={COMPACT_ON_PHONES}>
            <TextField source="serviceName" label={t('service')} />
            <TextField source="itemName" label={t('item')} />
            <TextField source="slot" label={t('slot')} />
            <TextField source="pincode" label={t('pincode')} />
            <FunctionField
              source="deliveries"
              label={t('deliveries')}
              textAlign="right"
              render={count('deliveries')}
            />
            <FunctionField
              source="quantity"
              label={t('quantity')}
              textAlign="right"
              render={count('quantity')}
            />
          </Datagrid>
        )}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
