/**
 * Deep pages of the customers list sorted by first name, last name or e-mail start at the bucket
 * of their first two letters from the counts per bucket (customer_sort_buckets) instead of
 * skipping every earlier customer; each page is compared with the same list computed directly in
 * SQL, before and after names, statuses and customers change.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '@server/db/counters';
import { afterBucket } from '@server/lib/bucketSeek';
import { bearer, createTestServer, type TestServer } from './helpers';

const CUSTOMERS = 4_000;
let s: TestServer;

beforeAll(async () => {
  s = await createTestServer();
  // Names in both cases, with accents, in Devanagari, of one letter, and many the same, so that
  // buckets are of every size and ties cross page edges; one in five Blocked, one in seven
  // Inactive.
  await s.db.execute(sql`
    INSERT INTO customers (id, first_name, last_name, email, phone, status, created_at, updated_at)
    SELECT 'c-' || lpad(i::text, 5, '0'),
           (ARRAY['Aarav', 'aditi', 'Ábhay', 'Zoya', 'zara', 'Ökkeş', 'अमित', 'A', 'a', 'Ba', 'bh',
                  'Sharma', 'SHARMA', 'sharma', 'Éa', 'ea', 'Kavya', 'O''Brien', 'Ω'])[1 + i % 19]
             || CASE WHEN i % 4 = 0 THEN '' ELSE chr(97 + (i * 7) % 26) END,
           (ARRAY['Verma', 'verma', 'Rao', 'Iyer', 'Ng', 'N', 'Mehta', 'Das'])[1 + (i * 5) % 8]
             || CASE WHEN i % 3 = 0 THEN '' ELSE chr(65 + (i * 11) % 26) END,
           CASE WHEN i % 2 = 0 THEN 'Z' ELSE 'a' END || chr(97 + i % 26) || i || '@example.in',
           '9' || lpad(i::text, 9, '0'),
           CASE WHEN i % 5 = 0 THEN 'Blocked' WHEN i % 7 = 0 THEN 'Inactive' ELSE 'Active' END,
           '2025-01-01T00:00:00Z'::timestamptz + i * interval '1 hour', now()
    FROM generate_series(1, ${CUSTOMERS}) AS i`);
}, 60_000);

afterAll(() => s?.close());

const COLUMNS = { firstName: 'first_name', lastName: 'last_name', email: 'email' } as const;
type Sort = keyof typeof COLUMNS;

const STATUSES = {
  '': ['Active'],
  'status=All': ['Active', 'Blocked', 'Inactive'],
  'status=Blocked': ['Blocked'],
} as const;
type Filter = keyof typeof STATUSES;

async function expectedIds(
  filter: Filter,
  sort: Sort,
  order: 'asc' | 'desc',
  page: number,
  limit: number,
) {
  const column = sql.raw(COLUMNS[sort]);
  const dir = sql.raw(order);
  const statuses = sql.join(
    STATUSES[filter].map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await s.db.execute<{ id: string }>(sql`
    SELECT id FROM customers WHERE status IN (${statuses})
    ORDER BY lower(${column}) collate "C" ${dir}, id ${dir}
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  return result.rows.map((r) => r.id);
}

async function list(query: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/user/all-users?${query}`,
    headers: bearer(s.superToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    users: { _id: string; firstName: string }[];
    totalRecords: number;
  };
}

/** Every deep page asked of every sort, order and filter is the page skipping would give. */
async function expectDeepPagesRight() {
  for (const sort of Object.keys(COLUMNS) as Sort[]) {
    for (const filter of Object.keys(STATUSES) as Filter[]) {
      for (const order of ['asc', 'desc'] as const) {
        for (const [page, limit] of [
          [101, 10],
          [160, 10],
          [53, 25],
          [250, 10],
        ] as const) {
          const query = `${filter}&sort=${sort}&sortOrder=${order}&page=${page}&limit=${limit}`;
          const result = await list(query);
          expect(
            result.users.map((u) => u._id),
            query,
          ).toEqual(await expectedIds(filter, sort, order, page, limit));
        }
      }
    }
  }
}

describe('deep pages of the customers sorted by name or e-mail', () => {
  it('sorts names without regard to case, so that aditi comes between Aarav and Ba', async () => {
    const result = await list('status=All&sort=firstName&sortOrder=asc&limit=200');
    const names = result.users.map((u) => u.firstName);
    expect(names.some((n) => n.startsWith('A'))).toBe(true);
    expect(names.some((n) => n.startsWith('a'))).toBe(true);
    const lower = names.map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it('answers the same customers as skipping would, for every sort, order and status', async () => {
    await expectDeepPagesRight();
  }, 60_000);

  it('keeps its counts right as customers are renamed, blocked, added and removed', async () => {
    await s.db.execute(sql`UPDATE customers SET first_name = 'Zubin' WHERE id < 'c-00300'`);
    await s.db.execute(sql`UPDATE customers SET last_name = 'ṛṣi', email = 'Q' || email
      WHERE id BETWEEN 'c-01000' AND 'c-01400'`);
    await s.db.execute(sql`UPDATE customers SET status = 'Blocked' WHERE id LIKE 'c-02%'`);
    await s.db.execute(sql`DELETE FROM customers WHERE id BETWEEN 'c-03000' AND 'c-03100'`);
    await s.db.execute(sql`
      INSERT INTO customers (id, first_name, last_name, email, phone, created_at, updated_at)
      SELECT 'n-' || i, 'aa' || i, 'Zz', 'n' || i || '@example.in', '8' || lpad(i::text, 9, '0'),
             now(), now()
      FROM generate_series(1, 200) AS i`);
    expect(await checkCounters(s.db)).toEqual([]);
    await expectDeepPagesRight();
  }, 60_000);

  it('answers an empty page past the end with the real total', async () => {
    const all = await list('status=All&limit=1');
    const result = await list('status=All&sort=lastName&page=9000&limit=10');
    expect(result).toEqual({ ...result, users: [], totalRecords: all.totalRecords });
  });
});

describe('afterBucket', () => {
  it('is the first text past every text of the bucket, code point by code point', () => {
    expect(afterBucket('ab')).toBe('ac');
    expect(afterBucket('a')).toBe('a\u0001');
    expect(afterBucket('')).toBe('\u0001');
    expect(afterBucket('अम')).toBe('अय');
    // Past a character outside the basic plane, and never a lone surrogate.
    expect(afterBucket('a😀')).toBe('a😁');
    expect(afterBucket('a\ud7ff')).toBe('a\ue000');
  });
});
