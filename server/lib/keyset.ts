import { and, asc, desc, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

export type SortOrder = 'asc' | 'desc';

/** One key of a list's order; the last key of an order is unique (the id tie-break). */
export interface SortKey {
  key: SQLWrapper;
  order: SortOrder;
}

/** The ORDER BY of these keys. */
export const orderBy = (keys: SortKey[]): SQL[] =>
  keys.map((k) => (k.order === 'desc' ? desc(k.key) : asc(k.key)));

/**
 * The rows that come after the row `afterId` in the order of `keys`: the next batch of a keyset
 * walk, whatever the list's sort. The keys of that row are read from the row itself (exact to the
 * microsecond, which a Date in JavaScript is not): the same key expressions in scalar
 * subqueries over the same table, where the table's name stands for that row.
 *
 * The keys must never be NULL (a comparison with NULL would end the walk early): every sort of
 * the lists is over NOT NULL columns or expressions. A row deleted between two batches, when it
 * was the last one read, ends the walk there (the large lists' records are rarely deleted).
 *
 * Keys all in one direction compare as one row, `(status, created_at, id) < (...)`, which the
 * index holding them serves; mixed directions (the small lists: a desc sort, asc id) are spelt
 * out key by key.
 */
export function afterRow(
  table: PgTable,
  id: AnyPgColumn,
  keys: SortKey[],
  afterId: string | number,
): SQL {
  const last = (key: SQLWrapper) => sql`(select ${key} from ${table} where ${id} = ${afterId})`;
  const beyond = (order: SortOrder) => sql.raw(order === 'desc' ? '<' : '>');
  const order = keys[0]!.order;
  if (keys.every((k) => k.order === order)) {
    const own = sql.join(
      keys.map((k) => sql`${k.key}`),
      sql`, `,
    );
    const its = sql.join(
      keys.map((k) => last(k.key)),
      sql`, `,
    );
    return sql`(${own}) ${beyond(order)} (${its})`;
  }
  return or(
    ...keys.map((k, i) =>
      and(
        ...keys.slice(0, i).map((before) => sql`${before.key} = ${last(before.key)}`),
        sql`${k.key} ${beyond(k.order)} ${last(k.key)}`,
      ),
    ),
  )!;
}

/**
 * A list read `batchSize` rows at a time: `read(after, limit)` answers the `limit` rows after the
 * row `after` (the first ones without it), a keyset query through `afterRow`. The next batch is
 * read while the caller writes the current one; stopping the loop (return, break) reads nothing
 * more.
 */
export async function* keysetBatches<Row>(
  read: (after: Row | undefined, limit: number) => Promise<Row[]>,
  batchSize: number,
): AsyncGenerator<Row[]> {
  /** A read that may be abandoned (the loop stopped): its failure then goes nowhere. */
  const start = (after: Row | undefined) => {
    const reading = read(after, batchSize);
    reading.catch(() => {});
    return reading;
  };
  let next: Promise<Row[]> | undefined = start(undefined);
  while (next) {
    const rows: Row[] = await next;
    next = rows.length === batchSize ? start(rows.at(-1)) : undefined;
    if (rows.length) yield rows;
  }
}

/**
 * The rows of one table matching `where`, in the order of `keys` (the last one its id), a batch
 * at a time: the keyset walk of a list read from a single table (customers, the audit log, the
 * small lists of the catalogue).
 */
export function tableBatches<Row extends { id: string | number }>(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  keys: SortKey[],
  batchSize: number,
): AsyncGenerator<Row[]> {
  const id = (table as unknown as { id: AnyPgColumn }).id;
  return keysetBatches(
    async (after: Row | undefined, limit) =>
      (await db
        .select()
        .from(table)
        .where(and(where, after ? afterRow(table, id, keys, after.id) : undefined))
        .orderBy(...orderBy(keys))
        .limit(limit)) as Row[],
    batchSize,
  );
}
