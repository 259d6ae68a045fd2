/**
 * Deep pages of the customers lists start at the right day from the per-day counters
 * (customer_day_counts) instead of skipping every newer customer; each page is compared with
 * the same list computed directly in SQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from './helpers';

/** One more than a search may match (SEARCH_MATCH_LIMIT), all named '... Surname'. */
const CUSTOMERS = 10_001;
let s: TestServer;

beforeAll(async () => {
  s = await createTestServer();
  // Three a day across Indian midnights (18:30 UTC), two at each instant; one in six Blocked.
  await s.db.execute(sql`
    INSERT INTO customers (id, first_name, last_name, email, phone, status, created_at, updated_at)
    SELECT 'c-' || lpad(i::text, 5, '0'), 'Name' || i, 'Surname', 'c' || i || '@example.in',
           '9' || lpad(i::text, 9, '0'),
           CASE WHEN i % 6 = 0 THEN 'Blocked' ELSE 'Active' END,
           '2025-01-01T17:00:00Z'::timestamptz + (i / 2) * interval '8 hours',
           now()
    FROM generate_series(1, ${CUSTOMERS}) AS i`);
  await s.db.execute(sql`
    INSERT INTO customers (id, first_name, last_name, email, phone, created_at, updated_at)
    VALUES ('kavya', 'Kavya', 'Verma', 'kavya.verma@example.in', '9812345678', now(), now()),
           ('akash', 'Akash', 'Rao', 'akash.rao@example.in', '9712345678', now(), now())`);
}, 60_000);

afterAll(() => s?.close());

async function expectedIds(where: ReturnType<typeof sql>, order: 'asc' | 'desc', page: number) {
  const dir = sql.raw(order);
  const result = await s.db.execute<{ id: string }>(sql`
    SELECT id FROM customers WHERE ${where}
    ORDER BY created_at ${dir}, id ${dir} LIMIT 10 OFFSET ${(page - 1) * 10}`);
  return result.rows.map((r) => r.id);
}

async function list(query: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/user/all-users?${query}`,
    headers: bearer(s.superToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json().result as { users: { _id: string }[]; totalRecords: number };
}

describe('deep pages of the customers lists', () => {
  it('answers the same customers as skipping would, for a status and for all', async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      ['status=Active', sql`status = 'Active'`],
      ['status=All', sql`true`],
    ];
    for (const [filter, where] of cases) {
      for (const page of [1, 101, 150, 200, 800]) {
        const result = await list(`${filter}&page=${page}&limit=10`);
        expect(
          result.users.map((u) => u._id),
          `${filter} page ${page}`,
        ).toEqual(await expectedIds(where, 'desc', page));
      }
      const asc = await list(`${filter}&page=130&limit=10&sort=createdAt&sortOrder=asc`);
      expect(asc.users.map((u) => u._id)).toEqual(await expectedIds(where, 'asc', 130));
    }
  });

  it('answers an empty page past the end with the real total', async () => {
    const result = await list('status=Blocked&page=900&limit=10');
    expect(result).toEqual(
      expect.objectContaining({ users: [], totalRecords: Math.floor(CUSTOMERS / 6) }),
    );
  });
});

describe('searching customers', () => {
  it('matches short text at the start of a name, e-mail or phone', async () => {
    const result = await list('search=Ka');
    expect(result.users.map((u) => u._id)).toEqual(['kavya']);
    const phones = await list('search=97');
    expect(phones.users.map((u) => u._id)).toEqual(['akash']);
  });

  it('matches longer text anywhere, with an exact total', async () => {
    const result = await list('search=Name1234&status=All');
    expect(result.users.map((u) => u._id)).toEqual(['c-01234']);
    expect(result.totalRecords).toBe(1);
    expect((await list('search=kash')).users.map((u) => u._id)).toEqual(['akash']);
  });

  it('asks to narrow a search that matches too many customers, and lists nothing', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/user/all-users?search=Surname&status=All',
      headers: bearer(s.superToken),
    });
    expect(res.json()).toEqual({
      statusCode: 400,
      message:
        'More than 10,000 customers match "Surname". Type more of the name, e-mail or phone.',
    });
  });
});
