import { INDIA_TIME_ZONE, indiaWallClock } from '@shared/time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = new Date(value as string);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Every date and time shows in India time, whatever the browser's zone, as the PDFs print them:
 * the business runs in India, and an admin travelling (or a UTC browser) must read the same day.
 */
const indiaDate = new Intl.DateTimeFormat('en-US', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});

/** Day, month (1-12) and year of an instant in India. */
function dayInIndia(d: Date): { day: number; month: number; year: number } {
  const parts = Object.fromEntries(indiaDate.formatToParts(d).map((p) => [p.type, p.value]));
  return { day: Number(parts.day), month: Number(parts.month), year: Number(parts.year) };
}

/** 'D, Mon YYYY' in India, as the spec's lists show dates ('5, Mar 2025'). */
export function formatDay(value: unknown): string {
  const d = toDate(value);
  if (!d) return '';
  const { day, month, year } = dayInIndia(d);
  return `${day}, ${MONTHS[month - 1]} ${year}`;
}

/** dd-mm-yyyy in India. */
export function formatDashedDate(value: unknown): string {
  const d = toDate(value);
  if (!d) return '';
  const { day, month, year } = dayInIndia(d);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(day)}-${pad(month)}-${year}`;
}

const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** Indian-locale date with 12-hour time, in India: '24 Nov 2026, 5:45 pm'. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  return d ? indiaDateTime.format(d) : '';
}

/** The India clock time of an instant, 24-hour: '10:42'. */
export function formatClock(value: unknown): string {
  const d = toDate(value);
  return d ? indiaWallClock(d).toISOString().slice(11, 16) : '';
}

const counts = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A count with Indian digit grouping, as everywhere in the panel: 1,23,456. */
export const formatCount = (value: unknown) => counts.format(Number(value ?? 0) || 0);

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
});

/** ₹ with Indian digit grouping: ₹1,23,456.50. */
export function formatRupees(value: unknown): string {
  const n = Number(value);
  return value === null || value === undefined || value === '' || Number.isNaN(n)
    ? ''
    : rupees.format(n);
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Rupees to the rupee (₹3,08,727): a figure at a glance, where paise would only crowd it. */
export function formatWholeRupees(value: unknown): string {
  const n = Number(value);
  return value === null || value === undefined || value === '' || Number.isNaN(n)
    ? ''
    : wholeRupees.format(n);
}

/** Images are stored as server paths; shown from the site host. */
export function imageUrl(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path) return undefined;
  return new URL(path, window.location.origin).href;
}

const longDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Thursday, 6 Mar 2025': a calendar day (YYYY-MM-DD), the same in every browser zone. */
export const formatCalendarDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
