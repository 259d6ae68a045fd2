import { z } from 'zod';
import { PIN_CODE_FORMAT_MESSAGE, PIN_CODE_PATTERN } from '@shared/pincode';
import { answers, count, pagingFields, timestamp, nullableTimestamp } from '../../lib/responses';
import { isCalendarDay, pagingQuery, requiredId, requiredText } from '../../lib/validation';

/** A day written YYYY-MM-DD that exists on the calendar. */
const calendarDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isCalendarDay, { error: `${label} must be a date such as 2026-11-24.` });

const optionalDay = (label: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), calendarDay(label).optional());

/** 'HH:MM', 24-hour, India time. */
export const CUTOFF_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

// ---- roster

const rosterRow = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  serviceKind: z.string(),
  itemId: z.string().nullable(),
  itemName: z.string(),
  slot: z.string(),
  pincode: z.string(),
  deliveries: count,
  quantity: count,
});

const rosterAnswer = z.object({
  date: z.string(),
  made: z.boolean(),
  rows: z.array(rosterRow),
  totals: z.object({
    deliveries: count,
    quantity: count,
    byItem: z.array(
      z.object({
        serviceName: z.string(),
        itemName: z.string(),
        deliveries: count,
        quantity: count,
      }),
    ),
    bySlot: z.array(z.object({ slot: z.string(), deliveries: count, quantity: count })),
  }),
});

/** GET roster/get-roster: its query. */
export const getRosterQuery = z.object({
  date: calendarDay('Date'),
  serviceId: z.preprocess((v) => (v === '' ? undefined : v), requiredId('Service').optional()),
});
export const getRosterAnswer = answers(rosterAnswer);

/** GET roster/export-roster: its query. */
export const exportRosterQuery = getRosterQuery.extend({
  format: z.enum(['csv', 'pdf'], { error: 'Format must be csv or pdf.' }).default('csv'),
});

const runDto = z.object({
  _id: z.string(),
  day: z.string(),
  trigger: z.enum(['clock', 'admin']),
  adminName: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  generated: count,
  skipped: z.record(z.string(), count),
  alreadyMade: count,
  error: z.string().nullable(),
  startedAt: timestamp,
  finishedAt: nullableTimestamp,
});

/** POST roster/generate: its body and answer. */
export const generateBody = z.object({ date: calendarDay('Date') });
export const generateAnswer = answers(
  z.object({ run: runDto, generated: count, skipped: z.record(z.string(), count) }),
);

/** GET roster/runs: its query and answer. */
export const runsQuery = z.object({
  page: pagingQuery.page,
  limit: pagingQuery.limit.refine((v) => v <= 100, 'Limit must be between 1 and 100.'),
});
export const runsAnswer = answers(z.object({ runs: z.array(runDto), ...pagingFields }));

const settingsDto = z.object({ cutoff: z.string() });
export const settingsAnswer = answers(z.object({ settings: settingsDto }));

/** POST roster/update-settings: its body. */
export const updateSettingsBody = z.object({
  cutoff: z
    .string({ error: 'Cut-off is required.' })
    .trim()
    .regex(
      CUTOFF_PATTERN,
      'Cut-off must be a time written HH:MM (24-hour, India time), e.g. 21:00.',
    ),
});

// ---- holidays

const holidayDto = z.object({
  _id: z.string(),
  day: z.string(),
  name: z.string(),
  pincodes: z.array(z.string()),
  extendPlans: z.boolean(),
  createdAt: timestamp,
});

/** GET holiday/get-holidays: its query and answer. */
export const getHolidaysQuery = z.object({
  from: optionalDay('From'),
  to: optionalDay('To'),
  page: pagingQuery.page,
  limit: pagingQuery.limit.refine((v) => v <= 100, 'Limit must be between 1 and 100.'),
});
export const getHolidaysAnswer = answers(
  z.object({ holidays: z.array(holidayDto), ...pagingFields }),
);

const pinCode = z
  .string({ error: 'Pin codes must be a list of pin codes.' })
  .trim()
  .regex(PIN_CODE_PATTERN, PIN_CODE_FORMAT_MESSAGE);

/** POST holiday/add: its body and answer. */
export const addHolidayBody = z.object({
  day: calendarDay('Day'),
  name: requiredText('Name', 100),
  pincodes: z
    .array(pinCode, { error: 'Pin codes must be a list of pin codes.' })
    .max(500, 'A holiday can list at most 500 pin codes.')
    .optional(),
  extendPlans: z.boolean({ error: 'Extend plans must be true or false.' }).optional(),
});
export const addHolidayAnswer = answers(z.object({ holiday: holidayDto, extended: count }));

/** POST holiday/delete/{id}. */
export const holidayParams = z.object({ id: requiredId('Holiday id') });
export const deleteHolidayAnswer = answers(z.object({ holiday: holidayDto }));
