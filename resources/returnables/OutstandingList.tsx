import { Datagrid, FunctionField, SimpleList, useTranslate } from 'react-admin';
import { NoWrap } from '@/components/NoWrap';
import { formatCount, formatDay, formatRupees } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { formatPhone } from '@/names';
import { CustomerLink, useCustomerLedgerPath } from './CustomerLink';
import { DaysOutstanding } from './DaysOutstanding';
import { OUTSTANDING_FILTERS, OutstandingFilters } from './OutstandingFilters';
import { useOverdueDays } from './overdue';
import type { OutstandingRow } from './types';
import { useIsPhone } from '@/lists/PhoneList';

type Row = OutstandingRow & { id: string };

/** On a phone: one line per customer and item, opening the customer's jars and cylinders. */
function OutstandingSimpleList({ threshold }: { threshold: number }) {
  const translate = useTranslate();
  const pathOf = useCustomerLedgerPath();
  return (
    <SimpleList<Row>
      primaryText={(r) => r.name}
      secondaryText={(r) =>
        [
          `${r.productName}: ${formatCount(r.outstanding)}`,
          formatPhone(r.phone),
          r.pincode,
          formatRupees(r.deposit),
        ]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(r) => <DaysOutstanding days={r.daysOutstanding} threshold={threshold} />}
      rowClick={(_id, _resource, r) => pathOf(String(r.userId))}
      rowSx={() => ({ '& .MuiListItemText-secondary': { whiteSpace: 'normal' } })}
      aria-label={translate('app.returnables.outstanding_title')}
    />
  );
}

/**
 * /admin-panel/outstanding-returnables/{page}: every customer and item with units out, most
 * overdue first; filtered by days out, service and pin code, searched by name or phone, and
 * exported as CSV with the same filters.
 */
export function OutstandingList() {
  const translate = useTranslate();
  const isSmall = useIsPhone();
  const threshold = useOverdueDays();
  return (
    <PathPagedList
      resource="returnables"
      title={translate('app.returnables.outstanding_title')}
      sort={{ field: 'oldestOutstandingAt', order: 'ASC' }}
      search
      exportable
      queryKeys={OUTSTANDING_FILTERS}
      filters={<OutstandingFilters />}
    >
      {isSmall ? (
        <OutstandingSimpleList threshold={threshold} />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField<Row>
            label="app.returnables.customer"
            sortable={false}
            render={(r) => <CustomerLink userId={r.userId}>{r.name}</CustomerLink>}
          />
          <FunctionField<Row>
            label="app.returnables.phone"
            sortable={false}
            render={(r) => <NoWrap>{formatPhone(r.phone)}</NoWrap>}
          />
          <FunctionField<Row>
            label="app.returnables.pincode"
            sortable={false}
            render={(r) => r.pincode ?? ''}
          />
          <FunctionField<Row>
            label="app.returnables.item"
            sortable={false}
            render={(r) => r.productName}
          />
          <FunctionField<Row>
            label="app.returnables.outstanding"
            sortable={false}
            textAlign="right"
            render={(r) => formatCount(r.outstanding)}
          />
          <FunctionField<Row>
            label="app.returnables.deposit_held"
            sortable={false}
            textAlign="right"
            render={(r) => <NoWrap>{formatRupees(r.deposit)}</NoWrap>}
          />
          <FunctionField<Row>
            source="oldestOutstandingAt"
            label="app.returnables.oldest"
            render={(r) => <NoWrap>{formatDay(r.oldestOutstandingAt)}</NoWrap>}
          />
          <FunctionField<Row>
            label="app.returnables.days"
            sortable={false}
            render={(r) => <DaysOutstanding days={r.daysOutstanding} threshold={threshold} />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
