import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { runningLate, type OpenEmergency } from '@/orders/emergencyClock';
import { useNow } from '@/orders/useEmergencyClock';
import type { AppDataProvider } from '@/providers/types';
import { playLateAlarm } from './sound';
import { mute } from './store';

/** How often the open emergencies are read again: deliveries come through no stream. */
export const OPEN_EMERGENCIES_POLL_MS = 60_000;
/** How often the alarm sounds again while an emergency runs late unacknowledged. */
export const LATE_ALARM_REPEAT_MS = 30_000;
/** Kept for the tab, as the badges (signing out clears sessionStorage). */
const ACKNOWLEDGED_KEY = 'liveLateAcknowledged';

function readAcknowledged(): Set<string> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(ACKNOWLEDGED_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(saved) ? saved.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function saveAcknowledged(ids: Set<string>) {
  try {
    sessionStorage.setItem(ACKNOWLEDGED_KEY, JSON.stringify([...ids]));
  } catch {
    // storage full or denied: acknowledged for this page only
  }
}

interface Known {
  open: OpenEmergency[];
  alertAfterMinutes: number;
  /** The server's clock less this computer's. */
  offsetMs: number;
}

/**
 * The open emergencies running late (issue 40), worked out in the panel: it reads the open
 * emergencies and the setting (live/open-emergencies) when the alerts start, every minute and
 * when `refresh` is called (an emergency was placed), and counts each one's age on the server's
 * clock. One past the setting stays until acknowledged here or no longer open; while any does,
 * the alarm sounds every 30 s (unless muted), at once when another joins.
 */
export function useRunningLate(allowed: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [known, setKnown] = useState<Known | null>(null);
  const [acknowledged, setAcknowledged] = useState(readAcknowledged);
  const now = useNow();
  const asked = useRef(0);

  const refresh = useCallback(() => {
    const ask = ++asked.current;
    // Through a promise from the start: a provider without the call throws, as a failure.
    Promise.resolve()
      .then(() => dataProvider.openEmergencies({}))
      .then(({ data }) => {
        if (ask !== asked.current) return; // a later answer is on its way
        if (!Array.isArray(data?.emergencies)) return;
        const offsetMs = Date.parse(data.now) - Date.now();
        setKnown({
          open: data.emergencies,
          alertAfterMinutes: data.alertAfterMinutes,
          offsetMs: Number.isFinite(offsetMs) ? offsetMs : 0,
        });
        // Forget the acknowledgements of emergencies no longer open.
        setAcknowledged((ids) => {
          const open = new Set(data.emergencies.map((e) => e._id));
          const kept = new Set([...ids].filter((id) => open.has(id)));
          if (kept.size === ids.size) return ids;
          saveAcknowledged(kept);
          return kept;
        });
      })
      .catch(() => {}); // offline, or refused: the last known stay until the next try
  }, [dataProvider]);

  useEffect(() => {
    if (!allowed) return;
    refresh();
    const timer = setInterval(refresh, OPEN_EMERGENCIES_POLL_MS);
    return () => clearInterval(timer);
  }, [allowed, refresh]);

  const late = useMemo(
    () =>
      allowed && known
        ? runningLate(known.open, now + known.offsetMs, known.alertAfterMinutes, acknowledged)
        : [],
    [allowed, known, now, acknowledged],
  );

  // A new one running late sounds at once (acknowledging one does not); then every 30 s until
  // none is left.
  const lateIds = late.map((o) => o._id).join(',');
  const heard = useRef(new Set<string>());
  useEffect(() => {
    const ids = lateIds ? lateIds.split(',') : [];
    const fresh = ids.some((id) => !heard.current.has(id));
    heard.current = new Set(ids);
    if (!ids.length) return;
    if (fresh && !mute.get()) playLateAlarm();
    const timer = setInterval(() => {
      if (!mute.get()) playLateAlarm();
    }, LATE_ALARM_REPEAT_MS);
    return () => clearInterval(timer);
  }, [lateIds]);

  const acknowledge = useCallback((order: OpenEmergency) => {
    setAcknowledged((ids) => {
      const next = new Set(ids).add(order._id);
      saveAcknowledged(next);
      return next;
    });
  }, []);

  return {
    late,
    alertAfterMinutes: known?.alertAfterMinutes ?? 0,
    /** The server's time now, by which the ages are counted. */
    serverNow: now + (known?.offsetMs ?? 0),
    acknowledge,
    refresh,
  };
}
