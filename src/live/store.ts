import { useSyncExternalStore } from 'react';
import type { StopDone } from './connection';

/** An order the admin has not looked at yet: which service it is for. */
export interface UnseenOrder {
  id: string;
  serviceId: string;
}

/**
 * New orders since the admin last opened each list: for the Orders lists and for the Assigning
 * Jobs lists apart (opening one does not clear the other), and the orders of bulk imports, which
 * come as a count alone.
 */
export interface Unseen {
  orders: UnseenOrder[];
  jobs: UnseenOrder[];
  ordersImported: number;
  jobsImported: number;
}

const EMPTY: Unseen = { orders: [], jobs: [], ordersImported: 0, jobsImported: 0 };
/** Kept for the tab (a reload keeps the badges; signing out clears sessionStorage). */
const UNSEEN_KEY = 'liveUnseen';
/** Beyond this many the badge says 99+ anyway; the oldest are dropped. */
const MOST_KEPT = 500;
/** Remembered by the browser across sessions, like the light or dark theme. */
export const MUTE_KEY = 'liveAlertsMuted';

/** A value, who listens to it, and how it changes. */
function createStore<T>(initial: () => T, save: (value: T) => void) {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const get = () => (value ??= initial());
  return {
    get,
    set(next: T) {
      value = next;
      save(next);
      for (const listener of listeners) listener();
    },
    /** Forgets the value in memory: the next read loads it again. */
    reload() {
      value = undefined;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function readUnseen(): Unseen {
  try {
    const saved = JSON.parse(sessionStorage.getItem(UNSEEN_KEY) ?? 'null') as Unseen | null;
    return saved && Array.isArray(saved.orders) && Array.isArray(saved.jobs) ? saved : EMPTY;
  } catch {
    return EMPTY;
  }
}

const unseenStore = createStore(readUnseen, (value) => {
  try {
    sessionStorage.setItem(UNSEEN_KEY, JSON.stringify(value));
  } catch {
    // storage full or denied: the badges still work for this page
  }
});

const add = (list: UnseenOrder[], order: UnseenOrder) =>
  list.some((o) => o.id === order.id) ? list : [...list, order].slice(-MOST_KEPT);

/** The unseen orders and what changes them. */
export const unseen = {
  get: unseenStore.get,
  subscribe: unseenStore.subscribe,
  placed(order: UnseenOrder) {
    const u = unseenStore.get();
    unseenStore.set({ ...u, orders: add(u.orders, order), jobs: add(u.jobs, order) });
  },
  imported(count: number) {
    const u = unseenStore.get();
    unseenStore.set({
      ...u,
      ordersImported: u.ordersImported + count,
      jobsImported: u.jobsImported + count,
    });
  },
  /** All Orders was opened: every order counted there is seen. */
  seenAllOrders() {
    unseenStore.set({ ...unseenStore.get(), orders: [], ordersImported: 0 });
  },
  /** A service's order list was opened. */
  seenServiceOrders(serviceId: string) {
    const u = unseenStore.get();
    unseenStore.set({ ...u, orders: u.orders.filter((o) => o.serviceId !== serviceId) });
  },
  /** A service's jobs were opened; an import's count (services unknown) goes with any of them. */
  seenJobs(serviceId: string) {
    const u = unseenStore.get();
    unseenStore.set({
      ...u,
      jobs: u.jobs.filter((o) => o.serviceId !== serviceId),
      jobsImported: 0,
    });
  },
  /** One order was opened. */
  seenOrder(id: string) {
    const u = unseenStore.get();
    if (!u.orders.some((o) => o.id === id) && !u.jobs.some((o) => o.id === id)) return;
    unseenStore.set({
      ...u,
      orders: u.orders.filter((o) => o.id !== id),
      jobs: u.jobs.filter((o) => o.id !== id),
    });
  },
  /** Reads the tab's counts again (signing out clears them with sessionStorage). */
  reload: unseenStore.reload,
};

export const useUnseen = () => useSyncExternalStore(unseen.subscribe, unseen.get);

const muteStore = createStore(
  () => localStorage.getItem(MUTE_KEY) === 'true',
  (muted) => {
    try {
      if (muted) localStorage.setItem(MUTE_KEY, 'true');
      else localStorage.removeItem(MUTE_KEY);
    } catch {
      // denied: muted for this page only
    }
  },
);

/** Whether the alert sound is muted, in this browser. */
export const mute = {
  get: muteStore.get,
  set: muteStore.set,
  subscribe: muteStore.subscribe,
  /** Another tab changed it. */
  reload: muteStore.reload,
};

export const useMuted = () => useSyncExternalStore(mute.subscribe, mute.get);

/**
 * New orders as they arrive on the live stream, for the screens that follow them (the
 * dashboard's figures): LiveAlerts publishes, a screen subscribes while it is open.
 */
const orderListeners = new Set<() => void>();
export const liveOrders = {
  /** An order was placed, or an import placed several. */
  publish() {
    for (const listener of orderListeners) listener();
  },
  subscribe(listener: () => void) {
    orderListeners.add(listener);
    return () => {
      orderListeners.delete(listener);
    };
  },
};

/** react-admin's store key (kept in this browser) of the quiet notice for every new order. */
export const NEW_ORDER_NOTICE_KEY = 'live.newOrderNotice';

/**
 * Riders' stops done, as they arrive on the live stream (issue 40), for the dispatch screens that
 * show them (a rider's run, the Assigning Jobs lists): LiveAlerts publishes, a screen subscribes.
 */
const stopListeners = new Set<(stop: StopDone) => void>();
export const liveStops = {
  publish(stop: StopDone) {
    for (const listener of stopListeners) listener(stop);
  },
  subscribe(listener: (stop: StopDone) => void) {
    stopListeners.add(listener);
    return () => {
      stopListeners.delete(listener);
    };
  },
};
