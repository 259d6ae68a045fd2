import { describe, expect, it } from 'vitest';
import { presetDays, withDateRange } from '@/lists/filters/dateRange';
import { indiaDay } from '@shared/time';

/** 2026-11-25 00:10 in India is still 2026-11-24 in UTC (18:40). */
const JUST_AFTER_INDIAN_MIDNIGHT = new Date('2026-11-24T18:40:00Z');

describe('the date filter periods, in India time', () => {
  it('takes the day from India, not from the browser or UTC', () => {
    expect(indiaDay(JUST_AFTER_INDIAN_MIDNIGHT)).toBe('2026-11-25');
    expect(presetDays('today', JUST_AFTER_INDIAN_MIDNIGHT)).toEqual({
      from: '2026-11-25',
      to: '2026-11-25',
    });
    expect(presetDays('yesterday', JUST_AFTER_INDIAN_MIDNIGHT)).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    });
  });

  it('runs this week from its Monday to today', () => {
    // Wednesday 2026-11-25 in India.
    expect(presetDays('week', JUST_AFTER_INDIAN_MIDNIGHT)).toEqual({
      from: '2026-11-23',
      to: '2026-11-25',
    });
    // A Sunday belongs to the week that began six days before; a Monday starts its own.
    expect(presetDays('week', new Date('2026-11-29T12:00:00+05:30'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(presetDays('week', new Date('2026-11-30T00:30:00+05:30'))).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
    });
    // Across a month and a year.
    expect(presetDays('week', new Date('2027-01-01T09:00:00+05:30'))).toEqual({
      from: '2026-12-28',
      to: '2027-01-01',
    });
  });

  it('sends a named period as its days and a custom one as it is, never the name', () => {
    const sent = withDateRange({ date: 'today', from: '2000-01-01', status: 'Pending' });
    expect(Object.keys(sent).sort()).toEqual(['from', 'status', 'to']);
    expect(sent.from).toBe(sent.to);
    expect(sent.from).toBe(indiaDay());
    expect(withDateRange({ date: 'custom', from: '2026-11-01', to: '2026-11-10', q: 'x' })).toEqual(
      {
        from: '2026-11-01',
        to: '2026-11-10',
        q: 'x',
      },
    );
    expect(withDateRange({ date: 'someday', from: '2026-11-01' })).toEqual({});
    expect(withDateRange({ status: 'Pending' })).toEqual({ status: 'Pending' });
  });
});
