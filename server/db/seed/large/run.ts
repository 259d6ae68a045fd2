import { sql } from 'drizzle-orm';
import type { Database } from '../../client';

/** The transaction drizzle hands to `db.transaction`, on either driver. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs one statement built by this folder (see expressions.ts) and answers its rows. */
export type Sql = <T = Record<string, unknown>>(statement: string) => Promise<T[]>;

export function runnerOf(db: Database | Transaction): Sql {
  return async <T>(statement: string) => (await db.execute(sql.raw(statement))).rows as T[];
}
