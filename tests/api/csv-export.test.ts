/**
 * The CSV exports of the lists (docs/api.md, Conventions, "CSV exports"): headers, the byte order
 * mark, RFC 4180 quoting and formula injection, the list's filters, search and sort (compared with
 * the list call itself), more rows than one batch, permissions and refusals before the first byte.
 * The streaming itself (back-pressure, a client that goes away, a failure part way) is checked
 * on server/lib/csv.ts with rows made up in the test, over a real port.
 */
import { get as httpGet, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customersTable } from '@server/db/schema';
import { csvCell, csvLine, sendCsv, type CsvExport } from '@server/lib/csv';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { openTicket } from '@server/modules/supports/openTicket';
import { INDIA_TIME_ZONE } from '@shared/time';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

const BULK = 2500;
const STATUSES = ['Delivered', 'Delivered', 'Cancelled', 'Pending', 'Out for Delivery'];
/** The tricky order: text a spreadsheet would run, quotes, commas, a line break, ₹. */
const INSTRUCTION = '=HYPERLINK("http://evil.example","Click"), ₹50 tip\nRing twice';

let s: TestServer;
let f: OrderFixtures;
let trickyOrderId = '';

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  const customers = f.customers.map((c) => c.id);
  const services = [f.services.water.id, f.services.oxygen.id, f.services.laundry.id];
  // One statement: the counter triggers run for every row as they do for the app's writes.
  await s.db.execute(sql`
    INSERT INTO orders (id, order_id, customer_id, category_id, order_type, price, amount,
                        delivery_charge, total_amount, status, pincode, created_at, updated_at)
    SELECT 'bulk-' || lpad(i::text, 5, '0'),
           'BK' || lpad(i::text, 6, '0'),
           (${sql.param(customers)}::text[])[1 + i % 4],
           (${sql.param(services)}::text[])[1 + (i / 7) % 3],
           CASE WHEN i % 3 = 0 THEN 'fresh' ELSE 'reorder' END,
           90, 90, 30,
           CASE WHEN i % 4 = 0 THEN NULL ELSE 100 + i % 37 END,
           (${sql.param(STATUSES)}::text[])[1 + i % 5],
           '560001',
           '2024-12-31T18:30:00Z'::timestamptz + (i / 2) * interval '43 minutes',
           now()
    FROM generate_series(1, ${BULK}) AS i`);
  // A customer with a name in Devanagari and a phone written with +91, and the tricky order.
  const [radha] = await s.db
    .insert(customersTable)
    .values({
      firstName: 'राधा',
      lastName: 'Kṛṣṇan',
      email: 'radha@example.in',
      phone: '+919800000001',
    })
    .returning();
  const tricky = await f.place({
    kind: 'water',
    customer: { ...f.customers[0]!, id: radha!.id },
    status: 'Delivered',
    totalAmount: 1250.5,
    specialInstruction: INSTRUCTION,
    paymentMethod: '@cash',
    createdAt: new Date('2026-01-15T10:00:00Z'),
  });
  trickyOrderId = tricky.orderId;
}, 120_000);

afterAll(() => s?.close());

const { get } = apiClient(() => s);

/** RFC 4180: fields split on commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error(`the file does not end with CRLF: ${row}${field}`);
  return rows;
}

/** The rows of an export as objects by heading; checks the BOM and the heading row first. */
async function exported(path: string) {
  const res = await get(path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const [heading, ...rows] = parseCsv(res.body.slice(1));
  return {
    res,
    heading: heading!,
    rows: rows.map((r) => Object.fromEntries(heading!.map((h, i) => [h, r[i]!]))),
  };
}

/** Every item of a list call, page by page (1000 a page). */
async function listed<T>(path: string, items: (json: Record<string, unknown>) => T[]) {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get(`${path}${sep}page=${page}&limit=1000`);
    expect(res.statusCode, res.body).toBe(200);
    const got = items(res.json());
    all.push(...got);
    if (got.length < 1000) return all;
  }
}

const orderIds = (json: Record<string, unknown>) =>
  ((json.result as Record<string, { orderId: string }[]>).orders ?? []).map((o) => o.orderId);

const todayInIndia = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: INDIA_TIME_ZONE }).format(new Date());

describe('the orders export (GET order/export-orders, addition)', () => {
  it('is a UTF-8 CSV download with a BOM, its heading and every order in the list order', async () => {
    const { res, heading, rows } = await exported('order/export-orders');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-${todayInIndia()}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-length']).toBeUndefined();
    expect(heading.slice(0, 6)).toEqual([
      'Order ID',
      'Created (IST)',
      'Customer',
      'Email',
      'Phone',
      'Service',
    ]);
    // More rows than one batch (1000), none lost or repeated, newest first as the list.
    expect(rows).toHaveLength(BULK + 1);
    expect(rows.map((r) => r['Order ID'])).toEqual(await listed('order/view-all-orders', orderIds));
    expect(new Set(rows.map((r) => r['Order ID'])).size).toBe(BULK + 1);
  });

  it('quotes what needs it, defuses formulas and keeps ₹ and Indian names', async () => {
    const { rows } = await exported('order/export-orders?search=radha');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row['Order ID']).toBe(trickyOrderId);
    expect(row.Customer).toBe('राधा Kṛṣṇan');
    expect(row.Phone).toBe("'+919800000001");
    expect(row['Payment method']).toBe("'@cash");
    expect(row['Special instruction']).toBe(`'${INSTRUCTION}`);
    // India time, money with two decimals.
    expect(row['Created (IST)']).toBe('2026-01-15 15:30:00');
    expect(row['Total amount']).toBe('1250.50');
    expect(row.Emergency).toBe('No');
  });

  it('applies the filters and the sort of the list it exports', async () => {
    const water = f.services.water.id;
    const cases = [
      [
        `view-all-orders?serviceId=${water}&status=Delivered`,
        `serviceId=${water}&status=Delivered`,
      ],
      [
        'view-all-orders?sortField=totalAmount&sortOrder=desc',
        'sortField=totalAmount&sortOrder=desc',
      ],
      ['view-all-orders?sortField=status&sortOrder=asc', 'sortField=status&sortOrder=asc'],
      ['view-all-orders?sortField=orderId&sortOrder=asc', 'sortField=orderId&sortOrder=asc'],
      ['view-all-orders?search=Iyer&status=Cancelled', 'search=Iyer&status=Cancelled'],
      [`orders-by-serviceId?serviceId=${water}&search=BK0001`, `serviceId=${water}&search=BK0001`],
    ];
    for (const [list, query] of cases) {
      const { rows } = await exported(`order/export-orders?${query}`);
      expect(rows.length, query).toBeGreaterThan(0);
      expect(
        rows.map((r) => r['Order ID']),
        query,
      ).toEqual(await listed(`order/${list}`, orderIds));
    }
    // by-type: the type as a filter, the list's own key in its answer.
    const fresh = await exported('order/export-orders?type=fresh&sortField=totalAmount');
    expect(fresh.rows.map((r) => r['Order ID'])).toEqual(
      await listed('order/by-type?type=fresh&sortField=totalAmount', (json) =>
        (json.result as { freshOrders: { orderId: string }[] }).freshOrders.map((o) => o.orderId),
      ),
    );
    expect(new Set(fresh.rows.map((r) => r['Order type']))).toEqual(new Set(['fresh']));
  });

  it('exports the open jobs of a service with the pin code, as assign-jobs lists them', async () => {
    const water = f.services.water.id;
    const { rows } = await exported(`order/export-jobs/${water}?pincode=560001&sort=totalAmount`);
    expect(rows.map((r) => r['Order ID'])).toEqual(
      await listed(`order/assign-jobs/${water}?pincode=560001&sort=totalAmount`, orderIds),
    );
    expect(new Set(rows.map((r) => r.Status))).toEqual(new Set(['Pending', 'Out for Delivery']));
    const unknown = await get('order/export-jobs/no-such-service');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This service does not exist.' });
  });

  it('refuses before the first byte with the JSON envelope', async () => {
    const bad = await get('order/export-orders?sortField=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
    expect(bad.headers['content-disposition']).toBeUndefined();
    expect(bad.json()).toEqual({
      statusCode: 400,
      message: 'Sort must be one of: createdAt, orderId, totalAmount, status.',
    });
    expect((await get('order/export-orders?status=Lost')).statusCode).toBe(400);
    expect((await get('order/export-orders?type=old')).json().message).toBe(
      'Type must be fresh or reorder.',
    );

    const clerk = await s.createAdmin({ permissions: { userManagement: true } });
    const refused = await get('order/export-orders', clerk.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json().message).toContain('Orders Management');
    expect((await get('order/export-orders', null)).statusCode).toBe(401);
    const allowed = await s.createAdmin({ permissions: { orders: true } });
    expect((await get('order/export-orders?status=Pending', allowed.token)).statusCode).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await s.app.inject({
      method: 'HEAD',
      url: '/api/order/export-orders',
      headers: { authorization: `Bearer ${s.superToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload).toHaveLength(0);
  });
});

describe('the other lists export with their filters, search and sort', () => {
  it('exports customers by status, search and sort (GET user/export-users)', async () => {
    await s.db.execute(sql`UPDATE customers SET status = 'Blocked' WHERE last_name = 'Mehta'`);
    const ids = (json: Record<string, unknown>) =>
      (json.result as { users: { _id: string }[] }).users.map((u) => u._id);
    for (const query of [
      '',
      'status=All&sort=firstName&sortOrder=asc',
      'status=Blocked',
      'search=Reddy',
    ]) {
      const { res, rows } = await exported(`user/export-users?${query}`);
      expect(res.headers['content-disposition']).toMatch(/filename="users-\d{4}-\d\d-\d\d\.csv"/);
      expect(
        rows.map((r) => r['Family ID']),
        query,
      ).toEqual(await listed(`user/all-users?${query}`, ids));
    }
    const blocked = await exported('user/export-users?status=Blocked');
    expect(new Set(blocked.rows.map((r) => r.Status))).toEqual(new Set(['Blocked']));
    expect(blocked.rows[0]!.Wallet).toBe('0.00');
    // The inactive list exports through the same call with its status.
    expect((await exported('user/export-users?status=Inactive')).rows).toEqual([]);
    const clerk = await s.createAdmin({ permissions: { orders: true } });
    expect((await get('user/export-users', clerk.token)).statusCode).toBe(403);
    expect((await get('user/export-users?status=Gone')).statusCode).toBe(400);
  });

  it('exports return requests (GET return-history/export-return-requests)', async () => {
    for (let i = 1; i <= 6; i++) {
      await requestReturn(s.db, {
        orderId: `bulk-${String(i * 21).padStart(5, '0')}`,
        returnedQuantity: i,
        requestedAt: new Date(Date.UTC(2026, 0, i)),
      });
    }
    const ids = (json: Record<string, unknown>) =>
      (json.data as { order: { orderId: string }[] }[]).map((r) => r.order[0]!.orderId);
    for (const query of ['categoryType=0', 'categoryType=0&sort=returnedQuantity&sortOrder=asc']) {
      const { rows } = await exported(`return-history/export-return-requests?${query}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r['Order ID'])).toEqual(
        await listed(`return-history/get-all-return-requests?${query}`, ids),
      );
    }
    const refused = await get('return-history/export-return-requests');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Category type must be 0 (water) or 1 (oxygen).');
  });

  it('exports the Help list (GET support/export-supports), refusals spelling statuscode', async () => {
    for (const [i, customer] of f.customers.entries()) {
      for (let n = 0; n <= i; n++) {
        await openTicket(s.db, {
          customerId: customer.id,
          supportType: 1,
          description: `Jar leaking, ticket ${n}`,
          createdAt: new Date(Date.UTC(2026, 1, 1 + i, n)),
          status: n === 0 ? 'unresolved' : 'resolved',
        });
      }
    }
    const ids = (json: Record<string, unknown>) =>
      (json.result as { supports: { _id: string }[] }).supports.map((r) => r._id);
    for (const query of [
      '',
      'sort=supportCount&sortOrder=desc',
      'status=resolved',
      'search=Iyer',
    ]) {
      const { rows } = await exported(`support/export-supports?${query}`);
      expect(
        rows.map((r) => r['Family ID']),
        query,
      ).toEqual(await listed(`support/get-all-supports?${query}`, ids));
    }
    const bad = await get('support/export-supports?sort=nope');
    expect(bad.json()).toMatchObject({ statuscode: 400 });
  });

  it('exports the audit log, the admin users and the small lists', async () => {
    const audit = await exported('admin/export-audit-log');
    expect(audit.heading[0]).toBe('When (IST)');
    const clerk = await s.createAdmin({ permissions: { orders: true, others: true } });
    expect((await get('admin/export-audit-log', clerk.token)).statusCode).toBe(403);
    expect((await get('admin/export-audit-log?from=2026-02-01&to=2026-01-01')).json()).toEqual({
      statusCode: 400,
      message: 'From must be before To.',
    });

    const admins = await exported('admin/export-admin-users?status=All&sort=email&sortOrder=asc');
    const emails = (json: Record<string, unknown>) =>
      (json.result as { users: { email: string }[] }).users.map((u) => u.email);
    expect(admins.rows.map((r) => r.Email)).toEqual(
      await listed('admin/view-all-users?status=All&sort=email&sortOrder=asc', emails),
    );

    // More pin codes than one batch, sorted with ties: the desc sort, then the id ascending.
    await s.db.execute(sql`
      INSERT INTO pincodes (id, number, pin_type, created_at, updated_at)
      SELECT 'pin-' || lpad(i::text, 4, '0'), (600000 + i)::text,
             CASE WHEN i % 3 = 0 THEN 'Office' ELSE 'Home' END, now(), now()
      FROM generate_series(1, 1200) AS i`);
    const numbers = (json: Record<string, unknown>) =>
      (json.result as { pincodes: { number: string }[] }).pincodes.map((p) => p.number);
    for (const query of ['status=All&sort=pinType&sortOrder=desc', 'search=6001']) {
      const pincodes = await exported(`pincode/export-pincodes?${query}`);
      expect(pincodes.rows.length).toBeGreaterThan(query.startsWith('status') ? 1000 : 0);
      expect(pincodes.rows.map((r) => r['Pin code'])).toEqual(
        await listed(`pincode/get-paginated-pincodes?${query}`, numbers),
      );
    }
    expect(await exported('pincode/export-pincodes?search=abc')).toMatchObject({ rows: [] });

    const categories = await exported('category/export-categories?status=All&sort=name');
    const names = (json: Record<string, unknown>) =>
      (json.result as { categories: { name: string }[] }).categories.map((c) => c.name);
    expect(categories.rows.map((r) => r.Name)).toEqual(
      await listed('category/view-all-categories?status=All&sort=name', names),
    );
    expect((await exported('plan/export-plans?status=All')).heading).toContain('Duration (days)');
    const home = await exported('banner/export-banners/123456789?status=All');
    expect(home.heading).toEqual(['Title', 'Category ID', 'Images', 'Status', 'Created (IST)']);
    expect((await get('banner/export-banners/no-such-category')).statusCode).toBe(404);
  });
});

describe('CSV cells (server/lib/csv.ts)', () => {
  it('quotes as RFC 4180 has it and defuses what a spreadsheet would run', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', '', null, 12, true])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,,12,Yes\r\n',
    );
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('-5')).toBe("'-5");
    // Our own numbers are never typed by anyone: a negative number stays a number.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('₹ 50, तुरंत')).toBe('"₹ 50, तुरंत"');
    expect(csvCell(new Date('2026-11-24T00:00:00Z'))).toBe('2026-11-24 05:30:00');
  });
});

/**
 * A small app with one export of `batches` batches of 1000 wide rows, made up as they are asked
 * for, over a real port; `fail` throws when that batch is asked for.
 */
async function streamingServer(opts: { batches: number; fail?: number }) {
  const logs: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void logs.push(JSON.parse(line)) },
    },
  });
  let read = 0;
  let closed = false;
  async function* batches() {
    try {
      for (let b = 1; b <= opts.batches; b++) {
        read = b;
        if (b === opts.fail) throw new Error('Connection terminated unexpectedly');
        await new Promise((resolve) => setImmediate(resolve));
        yield Array.from({ length: 1000 }, (_, i) => ({ n: (b - 1) * 1000 + i }));
      }
    } finally {
      closed = true;
    }
  }
  const wide = 'x'.repeat(1000);
  // The answer's socket and body, to see when the server stops reading for a client that does not.
  let response: ServerResponse | undefined;
  let body: Readable | undefined;
  app.addHook('onSend', async (_request, reply, payload) => {
    response = reply.raw;
    if (payload instanceof Readable) body = payload;
    return payload;
  });
  app.get('/export', async (request, reply) => {
    const file: CsvExport<{ n: number }> = {
      name: 'rows',
      columns: [
        { header: 'N', cell: (r) => r.n },
        { header: 'Text', cell: () => wide },
      ],
      batches: batches(),
    };
    return sendCsv(request, reply, file);
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: `${origin}/export`,
    logs,
    read: () => read,
    closed: () => closed,
    /**
     * The server is held back by the client: its socket refuses more (needs a drain) and the
     * body's buffer is full, so nothing asks for the next batch until the client reads.
     */
    heldBack: () =>
      Boolean(
        response?.writableNeedDrain && body && body.readableLength >= body.readableHighWaterMark,
      ),
    log: app.log as FastifyBaseLogger,
  };
}

interface Download {
  status: number;
  bytes: number;
  complete: boolean;
}

/** GET over a socket; `pauseAfterFirstChunk` stops reading, `hangUp` then closes the socket. */
function download(
  url: string,
  opts: { onFirstChunk?: (stop: () => void, pause: () => void) => void } = {},
) {
  return new Promise<Download>((resolve, reject) => {
    const req = httpGet(url, (res) => {
      let bytes = 0;
      let complete = false;
      let first = true;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (first) {
          first = false;
          opts.onFirstChunk?.(
            () => req.destroy(),
            () => res.pause(),
          );
        }
      });
      res.on('end', () => (complete = true));
      res.on('error', () => {});
      res.on('close', () => resolve({ status: res.statusCode!, bytes, complete }));
    });
    req.on('error', (err) => (opts.onFirstChunk ? undefined : reject(err)));
  });
}

describe('streaming an export (server/lib/csv.ts)', () => {
  it('reads only as fast as the client takes the rows, and stops when it goes away', async () => {
    const server = await streamingServer({ batches: 500 });
    try {
      let hangUp = () => {};
      const done = download(server.url, {
        onFirstChunk: (stop, pause) => {
          pause();
          hangUp = stop;
        },
      });
      // A client that reads nothing more: the server reads a few batches ahead (what the socket
      // buffers hold), not the 500 of the whole file (about 500 MB). Checked once the server has
      // stopped asking for batches, not after a guessed delay.
      await vi.waitFor(() => expect(server.heldBack()).toBe(true), { timeout: 10_000 });
      const whilePaused = server.read();
      expect(whilePaused).toBeLessThan(40);
      hangUp();
      const res = await done;
      expect(res).toMatchObject({ status: 200, complete: false });
      await vi.waitFor(() => expect(server.closed()).toBe(true));
      await vi.waitFor(() =>
        expect(server.logs.some((l) => l.msg.includes('the client went away'))).toBe(true),
      );
      expect(server.read()).toBeLessThanOrEqual(whilePaused + 2);
      expect(server.logs.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await server.app.close();
    }
  });

  it('writes every batch for a client that reads them all', async () => {
    const server = await streamingServer({ batches: 30 });
    try {
      const res = await download(server.url);
      expect(res).toMatchObject({ status: 200, complete: true });
      expect(server.read()).toBe(30);
      expect(server.closed()).toBe(true);
    } finally {
      await server.app.close();
    }
  });

  it('answers a failure of the first batch as the JSON envelope', async () => {
    const server = await streamingServer({ batches: 30, fail: 1 });
    try {
      const res = await new Promise<{ status: number; type: string }>((resolve) =>
        httpGet(server.url, (r) =>
          resolve({ status: r.statusCode!, type: String(r.headers['content-type']) }),
        ),
      );
      expect(res.status).toBe(500);
      expect(res.type).toMatch(/^application\/json/);
    } finally {
      await server.app.close();
    }
  });

  it('logs a failure part way and cuts the connection, so the download fails visibly', async () => {
    const server = await streamingServer({ batches: 30, fail: 4 });
    try {
      const res = await download(server.url);
      expect(res.status).toBe(200);
      expect(res.complete).toBe(false);
      await vi.waitFor(() =>
        expect(server.logs.find((l) => l.msg.includes('CSV export failed part way'))?.level).toBe(
          50,
        ),
      );
      expect(server.closed()).toBe(true);
    } finally {
      await server.app.close();
    }
  });
});
