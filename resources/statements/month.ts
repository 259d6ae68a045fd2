import { indiaDay } from '@shared/time';

/** Months a statement can be asked for: this one (a draft) and the 24 before it, newest first. */
export const MONTHS_OFFERED = 25;

/** The month it is in India: '2026-11'. */
export const thisMonth = (now = new Date()) => indiaDay(now).slice(0, 7);

/** The month `back` months before `month`. */
export function monthBefore(month: string, back: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
}

const label = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** '2026-11' -> 'November 2026'. */
export const monthLabel = (month: string) => label.format(new Date(`${month}-01T00:00:00Z`));

/** This month and the ones before it, newest first. */
export function monthChoices(now = new Date()): string[] {
  const current = thisMonth(now);
  return Array.from({ length: MONTHS_OFFERED }, (_, i) => monthBefore(current, i));
}

/** A month from the address if it is one offered, else last month (the one to send out). */
export function chosenMonth(value: string | null, now = new Date()): string {
  const choices = monthChoices(now);
  return value && choices.includes(value) ? value : choices[1]!;
}
