import { indiaDay } from '@shared/time';
import type { RunShift } from './types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day from the address, or today in India. */
export const dayOr = (value: string | null, fallback = indiaDay()): string =>
  value && DAY.test(value) ? value : fallback;

/** A round from the address; '' for both. */
export const roundOf = (value: string | null): RunShift | '' =>
  value === 'Morning' || value === 'Evening' ? value : '';
