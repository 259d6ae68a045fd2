import { useGetList, useTranslate } from 'react-admin';
import { ORDER_STATUSES } from '@shared/statuses';
import { DateRangeFilter } from '@/lists/filters/DateRangeFilter';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { SwitchFilter } from '@/lists/filters/SwitchFilter';
import { PincodeFilter } from '@/lists/filters/PincodeFilter';

/**
 * The orders lists' filters kept in the address (`?status=Pending&date=today`); `date` stands
 * for `from` / `to` (src/lists/filters/dateRange.ts).
 */
export const ORDER_FILTERS = [
  'status',
  'serviceId',
  'type',
  'date',
  'from',
  'to',
  'emergency',
  'pincode',
] as const;

interface OrderFiltersProps {
  /** Offer the service (the all-orders and by-type lists; a service's own list has one). */
  service?: boolean;
  /** Offer fresh / reorder (not on the lists of one type). */
  type?: boolean;
}

/** Status, service, type, date, emergency only and pin code above an orders list. */
export function OrderFilters({ service = false, type = false }: OrderFiltersProps) {
  const translate = useTranslate();
  const { data: categories = [] } = useGetList(
    'categories',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: {},
    },
    { enabled: service },
  );
  return (
    <FilterBar keys={ORDER_FILTERS}>
      <SelectFilter
        source="status"
        label="app.orders.status"
        choices={ORDER_STATUSES.map((s) => ({ id: s, name: s }))}
      />
      {service && (
        <SelectFilter
          source="serviceId"
          label="app.orders.service"
          choices={categories.map((c) => ({ id: String(c.id), name: String(c.name) }))}
        />
      )}
      {type && (
        <SelectFilter
          source="type"
          label="app.orders.order_type"
          choices={[
            { id: 'fresh', name: translate('app.orders.fresh') },
            { id: 'reorder', name: translate('app.orders.reorder') },
          ]}
          width={150}
        />
      )}
      <DateRangeFilter />
      <PincodeFilter />
      <SwitchFilter source="emergency" label="app.orders.emergency_only" />
    </FilterBar>
  );
}
