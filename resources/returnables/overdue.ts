import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/providers/types';
import { SUMMARY_KEY } from './calls';

/** Days after which units still out are overdue, until Business details say otherwise. */
export const DEFAULT_OVERDUE_DAYS = 30;

/**
 * The overdue threshold of Business details, read from the summary for admins who may (Return
 * Management); the default otherwise.
 */
export function useOverdueDays(): number {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'returnables', action: 'list' });
  const summary = useQuery({
    queryKey: SUMMARY_KEY,
    queryFn: async () => (await dataProvider.returnableSummary({})).data ?? null,
    enabled: canAccess === true,
  });
  return summary.data?.overdueDays ?? DEFAULT_OVERDUE_DAYS;
}

/**
 * Whether units out this long are overdue. The server's `daysOutstanding` counts whole days
 * gone, and overdue means out for longer than the threshold: from that many whole days on, as
 * the list's `minDays` filter counts them.
 */
export const isOverdue = (days: number | null | undefined, threshold: number) =>
  typeof days === 'number' && days >= threshold;
