import { Box, Link } from '@mui/material';
import { Datagrid, FunctionField, SimpleList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { NoWrap } from '@/components/NoWrap';
import { formatRupees } from '@/format';
import { FilterBar } from '@/lists/filters/FilterBar';
import { PincodeFilter } from '@/lists/filters/PincodeFilter';
import { useIsPhone } from '@/lists/PhoneList';
import { PathPagedList } from '@/lists/PathPagedList';
import { formatPhone } from '@/names';
import type { LowBalanceRow } from './calls';
import { customerPath } from './DuesList';
import { LowBalanceSetting } from './LowBalanceSetting';

type Row = LowBalanceRow & { id: string };
const FILTERS = ['pincode'] as const;

/** Days to one decimal, as Indian numbers read. */
const formatDays = (days: number) =>
  days.toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function LowBalanceSimpleList() {
  const translate = useTranslate();
  return (
    <SimpleList<Row>
      primaryText={(r) => r.name}
      secondaryText={(r) =>
        [
          translate('app.dues.covered_line', {
            balance: formatRupees(r.balance),
            spend: formatRupees(r.dailySpend),
            days: formatDays(r.daysCovered),
          }),
          formatPhone(r.phone),
        ].join(' · ')
      }
      rowClick={(_id, _resource, r) => customerPath(String(r.userId))}
      rowSx={() => ({ '& .MuiListItemText-secondary': { whiteSpace: 'normal' } })}
      aria-label={translate('app.dues.low_title')}
    />
  );
}

/**
 * /admin-panel/low-balance/{page}: prepaid customers whose balance pays for fewer days of their
 * subscriptions than the setting, the fewest first; the setting editable here by Settings admins.
 */
export function LowBalanceList() {
  const translate = useTranslate();
  const isSmall = useIsPhone();
  return (
    <PathPagedList
      resource="lowBalance"
      title={translate('app.dues.low_title')}
      search
      queryKeys={FILTERS}
      emptyText={translate('app.dues.low_empty')}
      filters={
        <Box>
          <LowBalanceSetting />
          <FilterBar keys={FILTERS}>
            <PincodeFilter />
          </FilterBar>
        </Box>
      }
    >
      {isSmall ? (
        <LowBalanceSimpleList />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField<Row>
            label="app.dues.customer"
            sortable={false}
            render={(r) => (
              <Link component={RouterLink} to={customerPath(r.userId)}>
                {r.name}
              </Link>
            )}
          />
          <FunctionField<Row>
            label="app.dues.phone"
            sortable={false}
            render={(r) => <NoWrap>{formatPhone(r.phone)}</NoWrap>}
          />
          <FunctionField<Row>
            label="app.dues.balance"
            sortable={false}
            textAlign="right"
            render={(r) => <NoWrap>{formatRupees(r.balance)}</NoWrap>}
          />
          <FunctionField<Row>
            label="app.dues.daily_spend"
            sortable={false}
            textAlign="right"
            render={(r) => <NoWrap>{formatRupees(r.dailySpend)}</NoWrap>}
          />
          <FunctionField<Row>
            label="app.dues.days_covered"
            sortable={false}
            textAlign="right"
            render={(r) => formatDays(r.daysCovered)}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
