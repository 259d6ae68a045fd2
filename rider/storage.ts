import type { RiderLanguage } from '@shared/riderMessages';
import type { Rider, Today } from './types';

/*
 * What the riders' page keeps in localStorage: the session, the language, the last list of
 * stops (shown when the phone starts offline) and the rider's own order of the day's stops.
 * The queue of actions is in IndexedDB (./queueStore.ts).
 */

const SESSION = 'rider.session';
const LANGUAGE = 'rider.language';
const todayKey = (riderId: string) => `rider.today.${riderId}`;
const ORDER_PREFIX = 'rider.stopOrder.';
const orderKey = (riderId: string, day: string) => `${ORDER_PREFIX}${riderId}.${day}`;

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the page works on without remembering.
  }
}

export interface Session {
  token: string;
  rider: Rider;
}

export const loadSession = () => read<Session>(SESSION);
export const saveSession = (session: Session) => write(SESSION, session);
export const clearSession = () => localStorage.removeItem(SESSION);

/** The rider's choice, else Hindi when the phone asks for it first, else English. */
export function loadLanguage(): RiderLanguage {
  const saved = localStorage.getItem(LANGUAGE);
  if (saved === 'hi' || saved === 'en') return saved;
  return navigator.language?.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}
export const saveLanguage = (language: RiderLanguage) => localStorage.setItem(LANGUAGE, language);

export interface SavedToday {
  savedAt: string;
  today: Today;
}
export const loadToday = (riderId: string) => read<SavedToday>(todayKey(riderId));
export const saveToday = (today: Today) =>
  write(todayKey(today.rider.id), { savedAt: new Date().toISOString(), today });

export const loadStopOrder = (riderId: string, day: string) =>
  read<string[]>(orderKey(riderId, day)) ?? [];

/** Keeps the day's order and forgets the rider's earlier days. */
export function saveStopOrder(riderId: string, day: string, orderIds: string[]) {
  const keep = orderKey(riderId, day);
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith(`${ORDER_PREFIX}${riderId}.`) && key !== keep) {
      localStorage.removeItem(key);
    }
  }
  write(keep, orderIds);
}
