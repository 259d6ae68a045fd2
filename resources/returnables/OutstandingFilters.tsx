import { useGetList, useTranslate } from 'react-admin';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { useFilterValue } from '@/lists/filters/useFilterValue';
import { PincodeFilter } from '@/lists/filters/PincodeFilter';

/** The outstanding list's filters kept in the address (`?minDays=30&pincode=560034`). */
export const OUTSTANDING_FILTERS = ['minDays', 'serviceId', 'pincode'] as const;

/** The choices of 'Days outstanding'; the overdue threshold joins them when it is another. */
const DAY_STEPS = [7, 15, 30, 60, 90];

/** The services whose items go out and come back. */
const RETURNABLE_KINDS = ['water', 'oxygen'];

function DaysFilter() {
  const translate = useTranslate();
  const [value] = useFilterValue('minDays');
  const asked = Number(value);
  const steps =
    Number.isInteger(asked) && asked > 0 && !DAY_STEPS.includes(asked)
      ? [...DAY_STEPS, asked].sort((a, b) => a - b)
      : DAY_STEPS;
  return (
    <SelectFilter
      source="minDays"
      label="app.returnables.days_outstanding"
      allLabel="app.returnables.any_days"
      choices={steps.map((days) => ({
        id: String(days),
        name: translate('app.returnables.days_or_more', { days }),
      }))}
      width={170}
    />
  );
}

function ServiceFilter() {
  const { data: categories = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: {},
  });
  return (
    <SelectFilter
      source="serviceId"
      label="app.returnables.service"
      allLabel="app.returnables.all_services"
      choices={categories
        .filter((c) => RETURNABLE_KINDS.includes(c.kind))
        .map((c) => ({ id: String(c.id), name: String(c.name) }))}
      width={160}
    />
  );
}

export function OutstandingFilters() {
  return (
    <FilterBar keys={OUTSTANDING_FILTERS}>
      <DaysFilter />
      <ServiceFilter />
      <PincodeFilter />
    </FilterBar>
  );
}
