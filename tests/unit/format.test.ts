import { describe, expect, it } from 'vitest';
import { formatDashedDate, formatDateTime, formatDay } from '@/format';

describe('dates and times show in India time, whatever the zone of the browser', () => {
  it('shows an instant at its time in India (UTC+05:30)', () => {
    expect(formatDateTime('2026-11-24T12:15:00.000Z')).toBe('24 Nov 2026, 5:45 pm');
  });

  it('shows the day it was in India, even when UTC was still on the day before', () => {
    // 8:00 pm UTC on 4 March is 1:30 am on 5 March in India.
    expect(formatDay('2025-03-04T20:00:00.000Z')).toBe('5, Mar 2025');
    expect(formatDashedDate('2025-03-04T20:00:00.000Z')).toBe('05-03-2025');
    expect(formatDay('2025-03-04T18:00:00.000Z')).toBe('4, Mar 2025');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
