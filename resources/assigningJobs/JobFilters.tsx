import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { OPEN_ORDER_STATUSES } from '@shared/statuses';
import { DateRangeFilter } from '@/lists/filters/DateRangeFilter';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import type { AppDataProvider } from '../index';

/** The job list's filters kept in the address with the pin code (`?status=Pending&slot=...`). */
export const JOB_FILTERS = ['pincode', 'status', 'date', 'from', 'to', 'slot'] as const;

/** Which open jobs: Pending or Out for Delivery, the days placed, the delivery slot. */
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
    </FilterBar>
  );
}
