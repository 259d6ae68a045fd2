import { describe, expect, it } from 'vitest';
import { addDays, indiaDay, indiaMidnight, indiaMinuteOfDay, nextDay } from '@shared/time';

describe('a day in India (UTC+05:30 all year)', () => {
  it('turns at midnight IST, 18:30 UTC the day before', () => {
    expect(indiaDay(new Date('2026-11-24T18:29:59Z'))).toBe('2026-11-24');
    expect(indiaDay(new Date('2026-11-24T18:30:00Z'))).toBe('2026-11-25');
    // Across a year, whatever the machine's zone.
    expect(indiaDay(new Date('2026-12-31T18:29:59.999Z'))).toBe('2026-12-31');
    expect(indiaDay(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });

  it('agrees with the Asia/Kolkata zone', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
    for (const at of ['2026-03-31T18:29:59Z', '2026-03-31T18:30:00Z', '2028-02-28T20:00:00Z']) {
      expect(indiaDay(new Date(at))).toBe(zone.format(new Date(at)));
    }
  });

  it('counts the minutes of the day from midnight IST', () => {
    expect(indiaMinuteOfDay(new Date('2026-11-24T18:29:59Z'))).toBe(1439);
    expect(indiaMinuteOfDay(new Date('2026-11-24T18:30:00Z'))).toBe(0);
    expect(indiaMinuteOfDay(new Date('2026-11-25T08:30:00Z'))).toBe(14 * 60);
    // Before 1970 too.
    expect(indiaMinuteOfDay(new Date('1969-12-31T18:30:00Z'))).toBe(0);
  });

  it('starts a day at its midnight IST and steps whole calendar days', () => {
    expect(indiaMidnight('2026-11-25').toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(indiaDay(indiaMidnight('2026-11-25'))).toBe('2026-11-25');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
