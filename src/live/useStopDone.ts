import { useEffect, useRef } from 'react';
import type { StopDone } from './connection';
import { liveStops } from './store';

/**
 * Calls `listener` for each stop a rider reports (the live stream's `stop-done`) while the
 * screen is open; the latest `listener` is called, so it may read the screen's current data.
 */
export function useStopDone(listener: (stop: StopDone) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => liveStops.subscribe((stop) => latest.current(stop)), []);
}
