import { addDays, indiaDay } from '@shared/time';

/** The named periods of a date filter; 'custom' takes its own `from` and `to`. */
export const DATE_PRESETS = ['today', 'yesterday', 'week', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/**
 * The days of a named period in India, both included: today, yesterday, or this week from its
 * Monday to today. Worked out when the list is fetched, so a bookmarked "Today" is always today.
 */
export function presetDays(preset: Exclude<DatePreset, 'custom'>, now = new Date()) {
  const today = indiaDay(now);
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'yesterday') {
    const yesterday = addDays(today, -1);
    return { from: yesterday, to: yesterday };
  }
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return { from: addDays(today, -((weekday + 6) % 7)), to: today };
}

/**
 * A list's filter as its call takes it: the `date` period (kept in the address by name) turned
 * into the `from` / `to` days the server filters by; a custom period keeps its own days.
 */
export function withDateRange(filter: Record<string, unknown>): Record<string, unknown> {
  if (!('date' in filter)) return filter;
  const { date, from, to, ...rest } = filter;
  if (date === 'custom') return { ...rest, from, to };
  if (date === 'today' || date === 'yesterday' || date === 'week') {
    return { ...rest, ...presetDays(date, new Date()) };
  }
  return rest;
}
