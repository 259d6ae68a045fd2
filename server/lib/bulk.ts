import { z } from 'zod';
import { count } from './responses';
import { requiredId } from './validation';

/** The most records one bulk call changes: a few pages of a list, in one short transaction. */
export const BULK_LIMIT = 500;

/** `1 order`, `3 orders`. */
export const countOf = (n: number, noun: string, plural = `${noun}s`) =>
  `${n} ${n === 1 ? noun : plural}`;

/**
 * The ids a bulk call changes (`orderIds`, `returnIds`, `userIds`): a list of 1..BULK_LIMIT ids,
 * each checked like a single call's id; the same id twice counts once.
 */
export const bulkIds = (label: string, noun: string, plural = `${noun}s`) =>
  z
    .array(requiredId(label), { error: `Send the ${plural} to change as a list of ids.` })
    .min(1, `Choose at least one ${noun}.`)
    .max(BULK_LIMIT, {
      error: (issue) =>
        `At most ${BULK_LIMIT} ${plural} can be changed at once` +
        (Array.isArray(issue.input) ? ` (${issue.input.length} were sent).` : '.'),
    })
    .transform((ids) => [...new Set(ids)]);

/** What a bulk status change answers beside its message. */
export const bulkOutcome = z.object({
  /** Records whose status was changed. */
  updated: count,
  /** Records that already had that status, left as they were. */
  unchanged: count,
});

/** The message of a bulk call refused because some ids are unknown (404, nothing changed). */
export const missingMessage = (missing: number, asked: number, plural: string) =>
  `${missing} of the ${asked} ${plural} ${missing === 1 ? 'was' : 'were'} not found` +
  ' (deleted, or a wrong id). Nothing was changed.';
