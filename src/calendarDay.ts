import { addDays, indiaDay } from '@shared/time';

// Calendar days (YYYY-MM-DD) as the roster and holidays show them: no instant, no zone.

/** Tomorrow in India: the day whose orders the next cut-off makes. */
export const tomorrowInIndia = (now = new Date()) => addDays(indiaDay(now), 1);

const longDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Thursday, 6 Mar 2025': a calendar day, the same in every browser zone. */
export const formatCalendarDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
