import { Box, Link } from '@mui/material';
import { Datagrid, FunctionField, SimpleList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DUE_BUCKETS } from '@shared/account';
import { NoWrap } from '@/components/NoWrap';
import { formatDay, formatRupees } from '@/format';
import { useIsPhone } from '@/lists/PhoneList';
import { PathPagedList } from '@/lists/PathPagedList';
import { formatPhone } from '@/names';
import type { DueRow } from './calls';
import { DUES_FILTERS, DuesFilters } from './DuesFilters';
import { DuesTotals } from './DuesTotals';

type Row = DueRow & { id: string };

/** The customer's view, where their account is. */
export const customerPath = (userId: string) => `/user/view/${userId}`;

function LastPayment({ row }: { row: Row }) {
  const translate = useTranslate();
  return row.lastPayment
    ? translate('app.dues.payment_line', {
        amount: formatRupees(row.lastPayment.amount),
        day: formatDay(row.lastPayment.at),
      })
    : translate('app.dues.no_payment');
}

/** On a phone: a line per customer, opening the customer. */
function DuesSimpleList() {
  const translate = useTranslate();
  return (
    <SimpleList<Row>
      primaryText={(r) => r.name}
      secondaryText={(r) =>
        [
          formatRupees(r.owed),
          translate('app.dues.since_line', {
            day: formatDay(r.owedSince),
            days: translate('app.dues.days_count', { smart_count: r.days }),
          }),
          formatPhone(r.phone),
          r.pincode,
        ]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(r) =>
        r.buckets.d90_plus > 0 ? `90+ ${formatRupees(r.buckets.d90_plus)}` : ''
      }
      rowClick={(_id, _resource, r) => customerPath(String(r.userId))}
      rowSx={() => ({ '& .MuiListItemText-secondary': { whiteSpace: 'normal' } })}
      aria-label={translate('app.dues.title')}
    />
  );
}

/**
 * /admin-panel/dues/{page}: the customers who owe, oldest unpaid charge first, what they owe by
 * the age of each unpaid charge, filtered by days, pin code, rider's area and billing mode,
 * searched by name, phone or Family Id, and exported as CSV with the same filters.
 */
export function DuesList() {
  const translate = useTranslate();
  const isSmall = useIsPhone();
  return (
    <PathPagedList
      resource="dues"
      title={translate('app.dues.title')}
      search
      exportable
      queryKeys={DUES_FILTERS}
      emptyText={translate('app.dues.empty')}
      filters={
        <Box>
          <DuesTotals />
          <DuesFilters />
        </Box>
      }
    >
      {isSmall ? (
        <DuesSimpleList />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField<Row>
            label="app.dues.customer"
            sortable={false}
            render={(r) => (
              // The phone under the name: one column fewer, so the ages fit at 1366 px.
              <Box>
                <Link component={RouterLink} to={customerPath(r.userId)}>
                  {r.name}
                </Link>
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  <NoWrap>{formatPhone(r.phone)}</NoWrap>
                </Box>
              </Box>
            )}
          />
          <FunctionField<Row>
            label="app.dues.pincode"
            sortable={false}
            render={(r) => r.pincode ?? ''}
          />
          <FunctionField<Row>
            label="app.dues.owed"
            sortable={false}
            textAlign="right"
            render={(r) => <NoWrap>{formatRupees(r.owed)}</NoWrap>}
          />
          <FunctionField<Row>
            label="app.dues.since"
            sortable={false}
            render={(r) => (
              <Box>
                <NoWrap>{formatDay(r.owedSince)}</NoWrap>
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {translate('app.dues.days_count', { smart_count: r.days })}
                </Box>
              </Box>
            )}
          />
          {DUE_BUCKETS.map((b) => (
            <FunctionField<Row>
              key={b.key}
              label={b.label}
              sortable={false}
              textAlign="right"
              render={(r) => (
                <NoWrap>{r.buckets[b.key] ? formatRupees(r.buckets[b.key]) : '—'}</NoWrap>
              )}
            />
          ))}
          <FunctionField<Row>
            label="app.dues.last_payment"
            sortable={false}
            render={(r) => <LastPayment row={r} />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
