import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError, type RiderApi } from './api';
import { useI18n } from './i18n';
import type { ActionQueue, FlushReport, QueuedAction } from './queue';
import type { Session } from './storage';
import { loadToday, saveToday } from './storage';
import type { Stop, Today } from './types';

/** How often waiting actions are tried again (and emergency ages move on). */
export const RETRY_MS = 30_000;
/** How often the list is asked for again, for stops dispatch adds during the day. */
const RELOAD_MS = 120_000;

export interface StopsState {
  today: Today | null;
  /** Set when the list shown is the one kept from an earlier load (offline). */
  keptFrom: string | null;
  loadError: string | null;
  waiting: QueuedAction[];
  /** Actions the server refused for good, by order id: its message, shown on the stop. */
  rejected: Record<string, string>;
  sending: boolean;
  now: number;
}

const replaceStop = (today: Today, stop: Stop): Today => ({
  ...today,
  stops: today.stops.map((old) => (old.orderId === stop.orderId ? stop : old)),
});

/**
 * Today's stops and the queue of what the rider did: loads the list (or shows the kept one when
 * offline), sends waiting actions on start, when the phone comes online, every 30 s and after
 * each tap, and folds the server's answers into the list.
 */
export function useStops(session: Session, api: RiderApi, queue: ActionQueue) {
  const { t } = useI18n();
  const riderId = session.rider.id;
  const [state, setState] = useState<StopsState>(() => {
    const kept = loadToday(riderId);
    return {
      today: kept?.today ?? null,
      keptFrom: kept?.savedAt ?? null,
      loadError: null,
      waiting: [],
      rejected: {},
      sending: false,
      now: Date.now(),
    };
  });
  const messageOf = useCallback(
    (error: unknown) =>
      error instanceof NetworkError
        ? t('error.network')
        : (error instanceof ApiError && error.message) || t('error.server'),
    [t],
  );
  const messageRef = useRef(messageOf);
  useEffect(() => {
    messageRef.current = messageOf;
  }, [messageOf]);

  const reload = useCallback(async () => {
    try {
      const today = await api.today();
      saveToday(today);
      setState((old) => ({ ...old, today, keptFrom: null, loadError: null }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      const kept = loadToday(riderId);
      setState((old) => ({
        ...old,
        today: old.today ?? kept?.today ?? null,
        keptFrom: old.keptFrom ?? kept?.savedAt ?? new Date().toISOString(),
        loadError: messageRef.current(error),
      }));
    }
  }, [api, riderId]);

  const applyReport = useCallback(
    async (report: FlushReport) => {
      const waiting = await queue.waiting(riderId);
      setState((old) => {
        let today = old.today;
        for (const { stop } of report.sent) if (today) today = replaceStop(today, stop);
        if (today && today !== old.today) saveToday(today);
        const rejected = { ...old.rejected };
        for (const { action, message } of report.rejected) {
          rejected[action.orderId] = message || messageRef.current(null);
        }
        return { ...old, today, waiting, rejected, sending: false };
      });
    },
    [queue, riderId],
  );

  const send = useCallback(async () => {
    setState((old) => ({ ...old, sending: true, now: Date.now() }));
    const report = await queue.flush(riderId);
    await applyReport(report);
    return report;
  }, [queue, riderId, applyReport]);

  /** Keeps what the rider did at a door, shows it at once, and tries to send it. */
  const act = useCallback(
    async (actions: QueuedAction[]) => {
      await queue.add(actions);
      const waiting = await queue.waiting(riderId);
      setState((old) => {
        const rejected = { ...old.rejected };
        for (const action of actions) delete rejected[action.orderId];
        return { ...old, waiting, rejected };
      });
      void send();
    },
    [queue, riderId, send],
  );

  useEffect(() => {
    let alive = true;
    void (async () => {
      const waiting = await queue.waiting(riderId);
      if (alive) setState((old) => ({ ...old, waiting }));
      await send();
      if (alive) await reload();
    })();
    const onOnline = () => void send().then(reload);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void send();
    };
    const retry = setInterval(() => void send(), RETRY_MS);
    const refresh = setInterval(() => void reload(), RELOAD_MS);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      clearInterval(retry);
      clearInterval(refresh);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queue, riderId, send, reload]);

  return { ...state, reload, send, act };
}
