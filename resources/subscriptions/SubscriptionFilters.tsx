import { useGetList, useTranslate } from 'react-admin';
import { SUBSCRIPTION_STATUSES } from '@shared/schedule';
import { FilterBar } from '@/lists/filters/FilterBar';
import { PincodeFilter } from '@/lists/filters/PincodeFilter';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { useSlots } from './useSlots';

/** The list's filters kept in the address (`?status=Paused&serviceId=w1&endingWithin=7`). */
export const SUBSCRIPTION_FILTERS = [
  'serviceId',
  'status',
  'pincode',
  'slot',
  'endingWithin',
] as const;

const ENDING_WITHIN = ['7', '15', '30'];

/** The services (categories) to choose from, for the filter and the form. */
export function useServices() {
  const { data = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return data;
}

export function SubscriptionFilters() {
  const translate = useTranslate();
  const services = useServices();
  const slots = useSlots();
  return (
    <FilterBar keys={SUBSCRIPTION_FILTERS}>
      <SelectFilter
        source="serviceId"
        label="app.subscriptions.service"
        choices={services.map((s) => ({ id: String(s.id), name: String(s.name) }))}
      />
      <SelectFilter
        source="status"
        label="app.subscriptions.status"
        choices={SUBSCRIPTION_STATUSES.map((s) => ({
          id: s,
          name: translate(`app.subscriptions.statuses.${s}`),
        }))}
        width={140}
      />
      <PincodeFilter />
      <SelectFilter
        source="slot"
        label="app.subscriptions.slot"
        choices={slots.map((s) => ({ id: s, name: s }))}
      />
      <SelectFilter
        source="endingWithin"
        label="app.subscriptions.ending_within"
        choices={ENDING_WITHIN.map((n) => ({
          id: n,
          name: translate(`app.subscriptions.ending_choices.${n}`),
        }))}
        width={150}
      />
    </FilterBar>
  );
}
