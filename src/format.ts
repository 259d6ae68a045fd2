const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = new Date(value as string);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'D, Mon YYYY' in UTC, as the spec's lists show dates ('5, Mar 2025'). */
export function formatDay(value: unknown): string {
  const d = toDate(value);
  return d ? `${d.getUTCDate()}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : '';
}

/** dd-mm-yyyy (UTC). */
export function formatDashedDate(value: unknown): string {
  const d = toDate(value);
  if (!d) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** Indian-locale date with 12-hour time. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  return d
    ? d.toLocaleString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      })
    : '';
}

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

/** Images are stored as server paths; shown from the site host. */
export function imageUrl(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path) return undefined;
  return new URL(path, window.location.origin).href;
}
