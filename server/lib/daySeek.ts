import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { indiaMidnight } from '@shared/time';
import { groupAt } from './countSeek';

// The days in India are shared/time.ts's; re-exported for the lists that import them from here.

/** Below this many rows to skip, OFFSET through the index is cheaper than asking the counters. */
export const SEEK_FROM_OFFSET = 1000;

/** Where a deep page of a list sorted by date starts (see `seekDay`). */
export interface DaySeek {
  /** Newest first: rows created before this instant; oldest first: from this instant on. */
  boundary: Date;
  /** Rows of the list still to skip from the boundary (at most one day's rows). */
  skip: number;
}

/**
 * A deep page of a list sorted by creation time, found from per-day counters instead of skipping
 * every earlier row: the counters (kept by trigger, `order_day()` days) say on which day the
 * `offset`-th row falls and how many rows come before that day, so the page query starts at that
 * day's edge through its index and skips at most one day's rows.
 *
 * `dayCounts` selects `day` and `n` from a counter table under the list's filter (several rows
 * per day are summed). Answers null when the list has no more than `offset` rows.
 */
export async function seekDay(
  db: Database,
  dayCounts: SQL,
  offset: number,
  order: 'asc' | 'desc',
): Promise<DaySeek | null> {
  const group = await groupAt(db, dayCounts, 'day', offset, order);
  if (!group) return null;
  const start = indiaMidnight(group.key);
  const boundary = order === 'desc' ? new Date(start.getTime() + 24 * 60 * 60 * 1000) : start;
  return { boundary, skip: offset - group.before };
}
