import { MAX_EVERY_N_DAYS } from '@shared/schedule';

type Values = Record<string, unknown>;

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** A date input not before the date of `field` (the end of a subscription or a pause). */
export const notBefore =
  (field: string) =>
  (value: unknown, all: Values): string | undefined =>
    !blank(value) && !blank(all[field]) && String(value) < String(all[field])
      ? 'app.subscriptions.end_before_start'
      : undefined;

/** Quantity: a whole number, at least 1 (as the server checks). */
export const quantityRule = (value: unknown): string | undefined => {
  if (blank(value)) return 'app.subscriptions.quantity_min';
  const n = Number(value);
  if (!Number.isInteger(n)) return 'app.subscriptions.whole_number';
  return n < 1 ? 'app.subscriptions.quantity_min' : undefined;
};

/** Jars or cylinders to collect: a whole number, 0 or more. */
export const returnQuantityRule = (value: unknown): string | undefined => {
  if (blank(value)) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) return 'app.subscriptions.whole_number';
  return n < 0 ? 'app.subscriptions.return_quantity_min' : undefined;
};

/** Chosen weekdays: at least one, when that is the schedule's kind. */
export const weekdaysRule = (value: unknown, all: Values): string | undefined =>
  (all.schedule as Values | undefined)?.kind === 'weekdays' &&
  (!Array.isArray(value) || value.length === 0)
    ? 'app.subscriptions.weekdays_required'
    : undefined;

/** Every N days: 2..90, when that is the schedule's kind. */
export const everyNDaysRule = (value: unknown, all: Values): string | undefined => {
  if ((all.schedule as Values | undefined)?.kind !== 'everyNDays') return undefined;
  const n = Number(value);
  return blank(value) || !Number.isInteger(n) || n < 2 || n > MAX_EVERY_N_DAYS
    ? 'app.subscriptions.every_n_range'
    : undefined;
};
