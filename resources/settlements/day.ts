const shortDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '28 Nov 2026': a settlement line's calendar day (YYYY-MM-DD), short enough for a column. */
export const settlementDay = (day: unknown) =>
  typeof day === 'string' && day ? shortDay.format(new Date(`${day}T00:00:00Z`)) : '';
