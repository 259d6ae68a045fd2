import { z } from 'zod';
import { daysBetween } from '@shared/schedule';

/**
 * C0 control characters other than tab, line feed and carriage return. PostgreSQL cannot store
 * NUL in text at all (the database would answer with an error), and the others are never typed:
 * they only hide text or break exports and PDFs. Refused in everything a person types.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** Ids and search terms are one line: no control character at all. */
// eslint-disable-next-line no-control-regex -- as above
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

const controlCharactersMessage = (label: string) => `${label} must not contain control characters.`;

/** A field's message when it is missing or not text (a function can tell the two apart). */
type TextError = string | ((issue: { input?: unknown }) => string);

/** Text in any form field: refused (400) when it carries control characters such as NUL. */
export const plainText = (label: string, error: TextError = `${label} must be text.`) =>
  z
    .string({ error })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: controlCharactersMessage(label) });

/** One line of text (an id, a search term): no control characters at all, tab included. */
export const lineText = (label: string, error: TextError = `${label} must be text.`) =>
  z
    .string({ error })
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), { error: controlCharactersMessage(label) });

/** Field builders whose messages read well in a notification, so handlers never reword them. */
export const requiredText = (label: string, max = 200) =>
  plainText(label, `${label} is required.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const optionalText = (label: string, max = 200) =>
  plainText(label).trim().max(max, `${label} must be at most ${max} characters.`).optional();

/** Ids are uuids or short codes; 100 characters is far beyond any of them. */
const MAX_ID = 100;

/** A record's id in a path, query or body. */
export const requiredId = (label: string) =>
  lineText(label, `${label} is required.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(MAX_ID, `${label} must be at most ${MAX_ID} characters.`);

/** An id that may be left out; blank means "not given". */
export const optionalId = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    lineText(label).trim().max(MAX_ID, `${label} must be at most ${MAX_ID} characters.`).optional(),
  );

export const emailAddress = (label = 'Email') =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .toLowerCase()
    .pipe(z.email({ error: `${label} must be a valid e-mail address.` }));

export const newPassword = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .min(1, `${label} is required.`)
    .min(8, `${label} must be at least 8 characters long.`)
    .max(200, `${label} must be at most 200 characters.`);

/** `config.upload` of a call that takes one image (plugins/bodies.ts). */
export const IMAGE_UPLOAD = { files: 1 };

/** A file part of a multipart body (attachFieldsToBody: 'keyValues' turns it into a Buffer). */
export const imageUpload = (message = 'Please choose an image.') =>
  z.instanceof(Buffer, { error: message });

/** An optional image on edit: a new file replaces the old one; a text value keeps it. */
export const optionalImageUpload = z.union([z.instanceof(Buffer), z.string()]).optional();

/** A million rows at one a page; beyond it a page is surely a mistake. */
export const MAX_PAGE = 1_000_000;

/** The paging query shared by every list; every list is bounded (limit 1..1000). */
export const pagingQuery = {
  page: z.coerce
    .number({ error: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page number should be greater than or equal to 1')
    .max(MAX_PAGE, `Page must be between 1 and ${MAX_PAGE}.`)
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be between 1 and 1000.')
    .max(1000, 'Limit must be between 1 and 1000.')
    .default(10),
  search: plainText('Search').trim().max(100, 'Search must be at most 100 characters.').optional(),
  sortOrder: z
    .string()
    .optional()
    .transform((v) =>
      v && ['desc', '-1', 'descending'].includes(v.toLowerCase()) ? 'desc' : 'asc',
    ),
};

/** What an export takes of a list's query: its search and sort order, no page (lib/csv.ts). */
export const exportQuery = { search: pagingQuery.search, sortOrder: pagingQuery.sortOrder };

/** A list's Active / Inactive filter; anything else (All, empty) means every record. */
export const activeOrInactive = (status: string | undefined) =>
  status === 'Active' || status === 'Inactive' ? status : undefined;

export function pagingResult(total: number, page: number, limit: number) {
  return { totalRecords: total, currentPage: page, totalPages: Math.ceil(total / limit) };
}

/** Form values arrive as text in multipart and URL-encoded bodies; blank means missing. */
function formNumber(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  return typeof value === 'string' ? Number(value.trim()) : value;
}

const numberError = (label: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required.` : `${label} must be a number.`,
});

/** A required number of at least 0, e.g. a price in rupees. */
export const nonNegativeNumber = (label: string) =>
  z.preprocess(formNumber, z.number(numberError(label)).min(0, `${label} must be 0 or more.`));

/** A required whole number of at least 0, e.g. a stock quantity or litres. */
export const nonNegativeInteger = (label: string) =>
  z.preprocess(
    formNumber,
    z
      .number(numberError(label))
      .int(`${label} must be a whole number.`)
      .min(0, `${label} must be 0 or more.`),
  );

// An Indian mobile (10 digits from 6-9, optionally +91 / 0091 / 0 before it) or a landline with
// its STD code after +91 or 0 (10 digits in all, e.g. 080 2345 6789). Checked without the spaces
// and dashes people write between the groups.
const INDIAN_PHONE = /^(?:(?:\+91|0091|0)?[6-9]\d{9}|(?:\+91|0091|0)[1-9]\d{9})$/;

/**
 * A phone number shown to people (the support line): kept as written, with runs of spaces
 * collapsed, once it checks out as an Indian mobile or landline number.
 */
export const phoneNumber = (label = 'Phone') =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(30, `${label} must be at most 30 characters.`)
    .transform((v) => v.replace(/\s+/g, ' '))
    .refine((v) => INDIAN_PHONE.test(v.replace(/[\s-]/g, '')), {
      error: `${label} must be an Indian mobile number (e.g. +91 98765 43210) or a landline with its STD code (e.g. 080 2345 6789).`,
    });

/** A real calendar day written `2026-11-24` (not `2026-02-30`). */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A required day of a query's range, `2026-11-24` (the invoices', notes' and reports' from/to). */
export const requiredDay = (label: string) =>
  z
    .string({ error: `${label} is required: a date such as 2026-11-24.` })
    .trim()
    .refine(isCalendarDay, { error: `${label} must be a date such as 2026-11-24.` });

/** Whole days from `from` to `to`, both included (both YYYY-MM-DD). */
export const daysInRange = (from: string, to: string) => daysBetween(from, to) + 1;
