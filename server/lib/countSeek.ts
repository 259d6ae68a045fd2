import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The group a deep page starts in (see `groupAt`). */
export interface GroupAt {
  /** The group's key as text (a day, YYYY-MM-DD, or a bucket). */
  key: string;
  /** Rows of the list in the groups before it. */
  before: number;
}

/**
 * Where the `offset`-th row of a list falls among the groups its counters count (kept by
 * trigger): the first group, in the list's order, whose running total passes `offset`, and how
 * many rows come before it. `counts` selects the column `column` and `n` under the list's filter
 * (several rows per group are summed); `collate` is the order of that column when it is not its
 * own (a bucket of text, in code point order). Answers null when the list has no more than
 * `offset` rows. The seeks of server/lib/daySeek.ts and bucketSeek.ts stand on this.
 */
export async function groupAt(
  db: Database,
  counts: SQL,
  column: 'day' | 'bucket',
  offset: number,
  order: 'asc' | 'desc',
  collate?: 'C',
): Promise<GroupAt | null> {
  const key = sql.raw(column);
  const keyOrder = sql.raw(`${column}${collate ? ` collate "${collate}"` : ''}`);
  const direction = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  const result = await db.execute<{ key: string; before: string }>(sql`
    SELECT ${key}::text AS key, (upto - n)::bigint AS before FROM (
      SELECT ${key}, n,
        sum(n) OVER (ORDER BY ${keyOrder} ${direction} ROWS UNBOUNDED PRECEDING) AS upto
      FROM (SELECT ${key}, sum(n) AS n FROM (${counts}) counts GROUP BY ${key}) per_group
    ) running
    WHERE upto > ${offset}
    ORDER BY ${keyOrder} ${direction}
    LIMIT 1`);
  const row = result.rows[0];
  return row ? { key: row.key, before: Number(row.before) } : null;
}
