import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { OPEN_ORDER_STATUSES } from '@shared/statuses';
import { DateRangeFilter } from '@/lists/filters/DateRangeFilter';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import type { AppDataProvider } from '@/providers/types';

/**
 * The job list's filters kept in the address with the pin code (`?status=Pending&slot=...`);
 * `rider` is a rider's id or `none` for the unassigned jobs.
 */
export const JOB_FILTERS = ['pincode', 'status', 'date', 'from', 'to', 'slot', 'rider'] as const;

/** Riders fill the dropdown up to this many (the call's limit; a business has a few hundred). */
const RIDER_DROPDOWN_SIZE = 1000;

/** 'All riders', 'Unassigned only' or one rider, as the list's `rider` filter. */
export function RiderFilter() {
  const translate = useTranslate();
  const { data: riders = [] } = useGetList('riders', {
    pagination: { page: 1, perPage: RIDER_DROPDOWN_SIZE },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <SelectFilter
      source="rider"
      label="app.assigningJobs.rider"
      allLabel="app.assigningJobs.all_riders"
      choices={[
        { id: 'none', name: translate('app.assigningJobs.unassigned_only') },
        ...riders.map((r) => ({ id: String(r.id), name: String(r.name) })),
      ]}
      width={200}
    />
  );
}

/** Which open jobs: Pending or Out for Delivery, the days placed, the delivery slot, the rider. */
export function JobFilters({ serviceId }: { serviceId: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: slots = [] } = useQuery({
    queryKey: ['assigningJobs', 'jobSlots', serviceId],
    queryFn: () => dataProvider.jobSlots({ serviceId }).then(({ data }) => data.slots),
  });
  return (
    <FilterBar keys={JOB_FILTERS.filter((key) => key !== 'pincode')}>
      <SelectFilter
        source="status"
        label="app.orders.status"
        allLabel="app.assigningJobs.all_open"
        choices={OPEN_ORDER_STATUSES.map((s) => ({ id: s, name: s }))}
      />
      <DateRangeFilter />
      <SelectFilter
        source="slot"
        label="app.assigningJobs.slot"
        choices={slots.map(({ slot, jobs }) => ({ id: slot, name: `${slot} (${jobs})` }))}
        width={220}
      />
      <RiderFilter />
    </FilterBar>
  );
}
