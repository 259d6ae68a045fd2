import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/providers/types';
import { DEFAULT_ALERT_MINUTES } from './emergencyClock';

/** How often the emergencies' ages on screen move on. */
const TICK_MS = 30_000;

// One clock for every age on screen: one timer however many rows show one.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time now, moving on every 30 s while anything on screen shows an age. */
export const useNow = () => useSyncExternalStore(subscribe, () => now);

/** Under deliverySettings: saving the settings (SettingForm) invalidates it. */
export const ALERT_MINUTES_KEY = ['deliverySettings', 'emergencyAlert'] as const;

/** The emergency alert's minutes as saved (90 until known). */
export function useAlertMinutes(): number {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ALERT_MINUTES_KEY,
    queryFn: async () => (await dataProvider.getDeliveryTimes({})).data ?? null,
    staleTime: 5 * 60_000,
  });
  return data?.emergencyAlertMinutes ?? DEFAULT_ALERT_MINUTES;
}
