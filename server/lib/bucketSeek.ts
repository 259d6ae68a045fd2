import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { groupAt } from './countSeek';

/** Where a deep page of a list sorted by a text key starts (see `seekBucket`). */
export interface BucketSeek {
  /** The condition on the sort key that leaves out every earlier bucket. */
  from: SQL;
  /** Rows of the list still to skip from there (at most one bucket's rows). */
  skip: number;
}

/**
 * The smallest text that sorts, code point by code point, after every text starting with
 * `bucket` (a key's first two characters, or the whole key when it is shorter): its last
 * character one code point up when it has two; the key itself followed by U+0001 when it is
 * shorter, since such a bucket holds only that key (PostgreSQL text has no U+0000).
 */
export function afterBucket(bucket: string): string {
  const chars = Array.from(bucket);
  if (chars.length < 2) return `${bucket}\u0001`;
  let next = chars[1]!.codePointAt(0)! + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000; // no surrogates in UTF-8
  return chars[0]! + String.fromCodePoint(next);
}

/**
 * A deep page of a list sorted by a text key in code point order (`key` is `... collate "C"`),
 * found from counts per bucket of the key (its first two characters, kept by trigger) instead of
 * skipping every earlier row: the counts say in which bucket the `offset`-th row falls and how
 * many rows come before it, so the page query starts at that bucket's edge through the sort's
 * index and skips at most one bucket's rows. Every key of a bucket sorts after every key of a
 * smaller bucket in that order, which a language's collation does not promise.
 *
 * `bucketCounts` selects `bucket` and `n` under the list's filter (several rows per bucket are
 * summed). Answers null when the list has no more than `offset` rows.
 */
export async function seekBucket(
  db: Database,
  key: SQL,
  bucketCounts: SQL,
  offset: number,
  order: 'asc' | 'desc',
): Promise<BucketSeek | null> {
  const group = await groupAt(db, bucketCounts, 'bucket', offset, order, 'C');
  if (!group) return null;
  const from =
    order === 'desc' ? sql`${key} < ${afterBucket(group.key)}` : sql`${key} >= ${group.key}`;
  return { from, skip: offset - group.before };
}
