import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { FilterBar } from '@/lists/filters/FilterBar';
import { PincodeFilter } from '@/lists/filters/PincodeFilter';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { BILLING_MODES } from '@shared/account';

/** The Dues list's filters kept in the address (`?minDays=90&pincode=560034`). */
export const DUES_FILTERS = ['minDays', 'pincode', 'riderId', 'billingMode'] as const;

const DAY_STEPS = [7, 30, 60, 90];

function DaysFilter() {
  const translate = useTranslate();
  return (
    <SelectFilter
      source="minDays"
      label="app.dues.min_days"
      allLabel="app.dues.any_days"
      choices={DAY_STEPS.map((days) => ({
        id: String(days),
        name: translate('app.dues.days_or_more', { days }),
      }))}
      width={170}
    />
  );
}

/** The riders, for admins who may see them (Assigning Jobs): a rider's area is their pin codes. */
function RiderFilter() {
  const { canAccess } = useCanAccess({ resource: 'riders', action: 'list' });
  return canAccess ? <RiderChoices /> : null;
}

function RiderChoices() {
  const { data: riders = [] } = useGetList('riders', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <SelectFilter
      source="riderId"
      label="app.dues.rider"
      allLabel="app.dues.all_riders"
      choices={riders.map((r) => ({ id: String(r.id), name: String(r.name) }))}
      width={190}
    />
  );
}

function BillingModeFilter() {
  const translate = useTranslate();
  return (
    <SelectFilter
      source="billingMode"
      label="app.dues.billing_mode"
      allLabel="app.dues.all_modes"
      choices={BILLING_MODES.map((mode) => ({
        id: mode,
        name: translate(`app.dues.modes.${mode}`),
      }))}
      width={200}
    />
  );
}

export function DuesFilters() {
  return (
    <FilterBar keys={DUES_FILTERS}>
      <DaysFilter />
      <PincodeFilter />
      <RiderFilter />
      <BillingModeFilter />
    </FilterBar>
  );
}
