import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveOrders, liveStops } from '@/live/store';

/**
 * How long after the first of a burst of new orders the figures are read again: an import or a
 * busy minute makes one refetch, not one per order.
 */
export const LIVE_REFRESH_MS = 2_000;

/**
 * The dashboard follows the live stream: a new order (or an import), or a stop a rider reports
 * (a delivery moves the figures and the dispatch summary), reloads its figures, recent orders
 * and tickets, chart and dispatch summary, at most once per `LIVE_REFRESH_MS`. Only the queries
 * on screen are read again (react-query's invalidation).
 */
export function useLiveFigures(waitMs = LIVE_REFRESH_MS) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['riders', 'dispatchSummary'] });
    };
    const soon = () => {
      timer ??= setTimeout(refresh, waitMs);
    };
    const unsubscribe = [liveOrders.subscribe(soon), liveStops.subscribe(soon)];
    return () => {
      unsubscribe.forEach((stop) => stop());
      clearTimeout(timer);
    };
  }, [queryClient, waitMs]);
}
