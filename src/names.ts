import type { RaRecord } from 'react-admin';
import { familyIdOf } from '@shared/familyId';

/** 'Aarav Sharma'; the inactive list's records carry `fullName` already. */
export function fullName(record: RaRecord): string {
  if (typeof record.fullName === 'string') return record.fullName;
  return [record.firstName, record.lastName].filter(Boolean).join(' ');
}

/** 'AS' for the avatar of a user without a photo. */
export function initials(record: RaRecord): string {
  const letters = [record.firstName, record.lastName]
    .map((part) => (typeof part === 'string' ? part.trim().charAt(0) : ''))
    .join('');
  return letters.toUpperCase() || '?';
}

/**
 * Family ids are cut to 10 characters in tables (spec 001 §9). Ours are UUIDv7, whose first
 * characters are a timestamp shared by users created together, so the table shows the last 10
 * (the random part); the full id is in the tooltip and on the view.
 */
export const shortId = (id: unknown) => familyIdOf(String(id ?? ''));

/** '+91 98765 43210' for a stored 10-digit mobile number. */
export function formatPhone(phone: unknown): string {
  const p = String(phone ?? '');
  return /^\d{10}$/.test(p) ? `+91 ${p.slice(0, 5)} ${p.slice(5)}` : p;
}
