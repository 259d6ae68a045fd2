import { get, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PDFParse } from 'pdf-parse';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@server/db/client';
import { createPdfTurns } from '@server/lib/pdfTurns';
import * as schema from '@server/db/schema';
import jobSheetRoutes, {
  SHEETS_BUSY,
  type JobSheetRoutesOptions,
} from '@server/modules/orders/jobSheetRoutes';
import { INLINE_SHEET_JOBS, inlineJobSheet } from '@server/modules/orders/jobSheetRows';
import { createOrderRepository } from '@server/modules/orders/repository';
import authPlugin from '@server/plugins/auth';
import errorsPlugin from '@server/plugins/errors';
import { bearer, createTestServer, type TestServer } from './helpers';
import { addCustomer, HINDI, TAMIL } from './indianCustomers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';

let s: TestServer;
let f: OrderFixtures;

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2025-03-01T04:30:00Z');
let hour = 0;

/** Order ids by group, in the order they were placed (oldest first). */
const ids = {
  pin560001: [] as string[],
  pin560034: [] as string[],
  delivered: [] as string[],
  oxygen: [] as string[],
  tiffin: [] as string[],
};
let emergencyId = '';
let withTapsId = '';

async function place(group: keyof typeof ids, opts: PlaceOptions) {
  const row = await f.place({ ...opts, createdAt: new Date(T0 + hour++ * HOUR) });
  ids[group].push(row.orderId);
  return row.orderId;
}

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  // 25 open water jobs at 560001 (more than two pages of 10), one of them a late emergency.
  for (let i = 0; i < 25; i++) {
    const orderId = await place('pin560001', {
      kind: 'water',
      customer: i % 2 === 0 ? 0 : 3,
      pincode: '560001',
      status: i % 4 === 0 ? 'Out for Delivery' : 'Pending',
      quantity: 2,
      returnQuantity: 2,
      isEmergency: i === 20,
      taps: i === 7 ? 2 : 0,
      specialInstruction:
        i === 7 ? 'Ring the bell twice,\nelderly parents at home. ₹50 tip.' : null,
    });
    if (i === 20) emergencyId = orderId;
    if (i === 7) withTapsId = orderId;
  }
  for (let i = 0; i < 5; i++) {
    await place('pin560034', { kind: 'water', customer: 1, pincode: '560034' });
  }
  for (let i = 0; i < 3; i++) {
    await place('delivered', { kind: 'water', customer: 0, status: 'Delivered' });
  }
  for (let i = 0; i < 4; i++) {
    await place('oxygen', { kind: 'oxygen', customer: 0, pincode: '560001' });
  }
  for (let i = 0; i < 3; i++) {
    await place('tiffin', { kind: 'tiffin', customer: 1 });
  }
});
afterAll(() => s.close());

interface JobsAnswer {
  orders: { orderId: string }[];
  totalRecords: number;
  totalPages: number;
  pdf?: string;
}

async function jobs(kind: 'water' | 'tiffin', query: string): Promise<JobsAnswer> {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/order/assign-jobs/${f.services[kind].id}?${query}`,
    headers: bearer(s.superToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

/** The text of a PDF (bytes, or base64 as assign-jobs answers it), and its page count. */
async function readPdf(pdf: string | Buffer | undefined): Promise<{ text: string; pages: number }> {
  expect(pdf).toBeDefined();
  const data = typeof pdf === 'string' ? Buffer.from(pdf, 'base64') : pdf!;
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('the job sheet (assign-jobs with wantPdf=true)', () => {
  it('holds every job of the filter, not only the page, and nothing else', async () => {
    const result = await jobs('water', 'pincode=560001&limit=10&page=1&wantPdf=true');
    expect(result.orders).toHaveLength(10);
    expect(result).toMatchObject({ totalRecords: 25, totalPages: 3 });

    const { text, pages } = await readPdf(result.pdf);
    for (const orderId of ids.pin560001) expect(text).toContain(orderId);
    for (const orderId of [...ids.pin560034, ...ids.delivered, ...ids.oxygen]) {
      expect(text).not.toContain(orderId);
    }
    expect(text).toContain('Job sheet: Water');
    expect(text).toMatch(/Pin code 560001\s+\(25 jobs\)/);
    expect(text).not.toContain('Pin code 560034');
    expect(pages).toBeGreaterThan(1);
    // A streamed sheet cannot know its page total: 'Page n' in every footer.
    expect(text).toMatch(/Page 1\b/);
    expect(text).toMatch(new RegExp(`Page ${pages}\\b`));
    expect(text).not.toMatch(/Page \d+ of/);
  });

  it('groups every pin code in order, emergencies first, then oldest first', async () => {
    const { text } = await readPdf((await jobs('water', 'wantPdf=true')).pdf);
    expect(text).toContain('All pin codes');
    expect(text).toMatch(/30 open jobs/);
    const first = text.indexOf('Pin code 560001');
    const second = text.indexOf('Pin code 560034');
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(text).toMatch(/Pin code 560034\s+\(5 jobs\)/);
    // Every 560001 job comes before the 560034 heading, every 560034 job after it.
    for (const orderId of ids.pin560001) expect(text.indexOf(orderId)).toBeLessThan(second);
    for (const orderId of ids.pin560034) expect(text.indexOf(orderId)).toBeGreaterThan(second);
    // The emergency (placed 21st) leads its pin code; the others follow oldest first.
    const order = ids.pin560001.map((id) => text.indexOf(id));
    const emergencyAt = text.indexOf(emergencyId);
    expect(Math.min(...order)).toBe(emergencyAt);
    const rest = ids.pin560001.filter((id) => id !== emergencyId).map((id) => text.indexOf(id));
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
  });

  it('shows what the delivery person needs for each job', async () => {
    const { text } = await readPdf((await jobs('water', 'pincode=560001&wantPdf=true')).pdf);
    const start = text.indexOf(withTapsId);
    const block = text.slice(start, text.indexOf(ids.pin560001[8]!, start));
    expect(block).toContain('Kavya Reddy, 9012345678');
    expect(block).toContain('9 Hill Road, Bandra West');
    expect(block).toContain('20 L Jar x 2; Tap x 2');
    expect(block).toContain('2 empty jars');
    expect(block).toContain('7:00 AM - 9:00 AM');
    // 2 jars at 90, 2 taps at 60 and 30 delivery, with the rupee sign (Noto Sans has it).
    expect(block).toContain('₹330.00, Cash on Delivery');
    // The note on one line, the rupee sign as typed.
    expect(block.replace(/\s+/g, ' ')).toContain(
      'Ring the bell twice, elderly parents at home. ₹50 tip.',
    );
    expect(text).toContain('EMERGENCY');
  });

  it('shows the plan, dates, kitchen pickup and home drop for tiffin', async () => {
    const { text } = await readPdf((await jobs('tiffin', 'wantPdf=true')).pdf);
    expect(text).toContain('Job sheet: Tiffin');
    for (const orderId of ids.tiffin) expect(text).toContain(orderId);
    expect(text).toMatch(/Pin code 560034\s+\(3 jobs\)/);
    expect(text).toContain('Monthly (30 days) x 1');
    expect(text).toContain('Annapurna Home Kitchen');
    expect(text).toContain('4 80 Feet Road, Koramangala');
    expect(text).toMatch(/Pickup at\s+12:30 PM - 1:30 PM/);
    expect(text).toMatch(/Drop at\s+1:00 PM - 2:00 PM/);
    expect(text).toMatch(/\d{1,2} [A-Z][a-z]{2} 20\d\d to \d{1,2} [A-Z][a-z]{2} 20\d\d/);
    expect(text).toContain('₹4,029.00');
  });

  it('follows the search, and says when nothing matches', async () => {
    const found = await jobs('water', 'search=Iyer&wantPdf=true');
    expect(found.totalRecords).toBe(5);
    const { text } = await readPdf(found.pdf);
    expect(text).toContain('search "Iyer"');
    for (const orderId of ids.pin560034) expect(text).toContain(orderId);
    for (const orderId of ids.pin560001) expect(text).not.toContain(orderId);

    const none = await jobs('water', 'pincode=110001&wantPdf=true');
    expect(none).toMatchObject({ orders: [], totalRecords: 0 });
    const empty = await readPdf(none.pdf);
    expect(empty.text).toContain('No open jobs match this filter.');
    expect(empty.text).toMatch(/Page 1\b/);
  });

  it('is only built when asked, and wantPdf takes true or false', async () => {
    expect(await jobs('water', 'wantPdf=false')).not.toHaveProperty('pdf');
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/order/assign-jobs/${f.services.water.id}?wantPdf=yes`,
      headers: bearer(s.superToken),
    });
    expect(res.json()).toEqual({ statusCode: 400, message: 'wantPdf must be true or false.' });
  });
});

describe('the job sheet prints Indian scripts (Noto fonts)', () => {
  it('prints Hindi and Tamil names and addresses, and the rupee sign, as typed', async () => {
    // Oxygen jobs on pin codes of their own: the water sheets above do not change.
    const hindi = await addCustomer(
      s.db,
      HINDI.firstName,
      HINDI.lastName,
      '9811122233',
      HINDI.address,
    );
    const tamil = await addCustomer(
      s.db,
      TAMIL.firstName,
      TAMIL.lastName,
      '9444455566',
      TAMIL.address,
    );
    const hindiJob = await f.place({
      kind: 'oxygen',
      customer: hindi,
      returnQuantity: 1,
      specialInstruction: 'घंटी दो बार बजाएँ, ₹20 छुट्टे रखें',
    });
    const tamilJob = await f.place({ kind: 'oxygen', customer: tamil, isEmergency: true });

    const res = await jobSheet('', undefined, f.services.oxygen.id);
    expect(res.statusCode).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`${hindiJob.orderId} Pending`);
    expect(flat).toContain(`${HINDI.name}, 9811122233`);
    expect(flat).toContain(`${HINDI.street}, New Delhi, Delhi, 110024`);
    expect(flat).toContain('घंटी दो बार बजाएँ, ₹20 छुट्टे रखें');
    expect(flat).toContain('1 empty cylinder');
    expect(flat).toContain(`${TAMIL.name}, 9444455566`);
    expect(flat).toContain(`${TAMIL.street}, Chennai, Tamil Nadu, 600017`);
    expect(flat).toMatch(new RegExp(`${tamilJob.orderId}.{0,60}EMERGENCY`));
    // The fonts are embedded (subsets): Noto Sans for Latin and Hindi, Noto Sans Tamil.
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil-Regular/);
    expect(pdf).not.toContain('Helvetica');
  });
});

/** The 560001 jobs in the sheet's order: the emergency first, then oldest first. */
const sheetOrder560001 = () => [emergencyId, ...ids.pin560001.filter((id) => id !== emergencyId)];

/** Each id appears exactly once, in this order. */
function expectInOrder(text: string, orderIds: string[]) {
  for (const orderId of orderIds) expect(text.split(orderId).length - 1, orderId).toBe(1);
  const at = orderIds.map((id) => text.indexOf(id));
  expect(at).toEqual([...at].sort((a, b) => a - b));
}

async function jobSheet(
  query: string,
  headers: Record<string, string> = bearer(s.superToken),
  serviceId?: string,
) {
  return s.app.inject({
    method: 'GET',
    url: `/api/order/job-sheet/${serviceId ?? f.services.water.id}?${query}`,
    headers,
  });
}

describe('the streamed job sheet (GET order/job-sheet/{serviceId}, addition)', () => {
  it('streams every job of the filter as orders.pdf, and nothing else', async () => {
    const res = await jobSheet('pincode=560001', {
      ...bearer(s.superToken),
      'accept-encoding': 'gzip',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-job-count']).toBe('25');
    // Streamed as written (pdfkit compresses its pages; gzip on top would gain nothing).
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();

    const { text, pages } = await readPdf(res.rawPayload);
    expectInOrder(text, sheetOrder560001());
    for (const orderId of [...ids.pin560034, ...ids.delivered, ...ids.oxygen, ...ids.tiffin]) {
      expect(text).not.toContain(orderId);
    }
    expect(text).toContain('Job sheet: Water');
    expect(text).toMatch(/Pin code 560001\s+\|\s+25 open jobs/);
    expect(text).toMatch(/Pin code 560001\s+\(25 jobs\)/);
    expect(text).toMatch(/Pin code 560001\s+\(25 jobs\), continued/);
    expect(text).toContain('Kavya Reddy, 9012345678');
    expect(text).toContain('20 L Jar x 2; Tap x 2');
    expect(text).toContain('EMERGENCY');
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) expect(text).toMatch(new RegExp(`Page ${page}\\b`));
    expect(text).not.toMatch(/Page \d+ of/);
  });

  it('holds every pin code in order, and follows the search', async () => {
    const all = await readPdf((await jobSheet('')).rawPayload);
    expect(all.text).toContain('All pin codes');
    expect(all.text).toMatch(/30 open jobs/);
    expectInOrder(all.text, [...sheetOrder560001(), ...ids.pin560034]);
    expect(all.text).toMatch(/Pin code 560034\s+\(5 jobs\)/);

    const res = await jobSheet('search=Iyer');
    expect(res.headers['x-job-count']).toBe('5');
    const found = await readPdf(res.rawPayload);
    expect(found.text).toContain('search "Iyer"');
    expectInOrder(found.text, ids.pin560034);
    for (const orderId of ids.pin560001) expect(found.text).not.toContain(orderId);

    const tiffin = await readPdf((await jobSheet('', undefined, f.services.tiffin.id)).rawPayload);
    expectInOrder(tiffin.text, ids.tiffin);
    expect(tiffin.text).toContain('Monthly (30 days) x 1');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await s.app.inject({
      method: 'HEAD',
      url: `/api/order/job-sheet/${f.services.water.id}?pincode=560001`,
      headers: bearer(s.superToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-job-count']).toBe('25');
    expect(res.rawPayload).toHaveLength(0);
  });

  it('says when nothing matches', async () => {
    const res = await jobSheet('pincode=110001');
    expect(res.headers['x-job-count']).toBe('0');
    const { text, pages } = await readPdf(res.rawPayload);
    expect(text).toContain('No open jobs match this filter.');
    expect(text).toMatch(/0 open jobs/);
    expect(pages).toBe(1);
    expect(text).toMatch(/Page 1\b/);
  });

  it('answers 400 for a bad query, 404 for an unknown service, 401 without a token, 403 without the permission', async () => {
    expect((await jobSheet('pincode=5600')).json()).toEqual({
      statusCode: 400,
      message: 'Pin code must be 6 digits.',
    });
    expect((await jobSheet(`search=${'x'.repeat(101)}`)).json()).toEqual({
      statusCode: 400,
      message: 'Search must be at most 100 characters.',
    });
    const unknown = await jobSheet('', undefined, 'no-such-service');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This service does not exist.' });

    const anonymous = await jobSheet('', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/json/);

    const ordersOnly = await s.createAdmin({ permissions: { orders: true } });
    expect((await jobSheet('', bearer(ordersOnly.token))).statusCode).toBe(403);
    const jobsOnly = await s.createAdmin({ permissions: { assigningJobs: true } });
    const allowed = await jobSheet('pincode=560034', bearer(jobsOnly.token));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toBe('application/pdf');
  });
});

describe('the base64 sheet of assign-jobs is bounded', () => {
  it('holds at most INLINE_SHEET_JOBS jobs and says so when it is cut', async () => {
    expect(INLINE_SHEET_JOBS).toBe(1000);
    const repo = createOrderRepository(s.db);
    const filter = { categoryId: f.services.water.id, statuses: 'open' as const };
    const pdf = await inlineJobSheet(repo, { name: 'Water', kind: 'water' }, filter, { limit: 10 });
    const { text } = await readPdf(pdf);
    const sheet = [...sheetOrder560001(), ...ids.pin560034];
    expectInOrder(text, sheet.slice(0, 10));
    for (const orderId of sheet.slice(10)) expect(text).not.toContain(orderId);
    expect(text).toMatch(/30 open jobs/);
    expect(text).toContain('First 10 of 30 jobs — download the full sheet from the panel');
    expect(text).toContain('20 more jobs not shown: download the full sheet from the panel.');
    // Under the bound the sheet is whole and says nothing of the kind.
    const whole = await readPdf(
      await inlineJobSheet(repo, { name: 'Water', kind: 'water' }, filter, { limit: 30 }),
    );
    expectInOrder(whole.text, sheet);
    expect(whole.text).not.toContain('download the full sheet');
  });
});

/**
 * A second app serving only the job sheet, over a real port, on the same data: batches of two
 * jobs (so a sheet crosses many), and a database handle whose batch queries (their SQL names
 * `sheet_ids`; the first is number 1) pass through `gate` first, to hold or fail them.
 */
async function sheetServer(
  gate: (batchQuery: number) => unknown = () => {},
  routeOptions: JobSheetRoutesOptions = {},
) {
  const client = (s.db as unknown as { $client: object }).$client;
  let batchQueries = 0;
  const gated = new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop !== 'query') return value.bind(target);
      return async (...args: unknown[]) => {
        const sql =
          typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
        if (sql.includes('"sheet_ids"')) await gate(++batchQueries);
        return value.apply(target, args);
      };
    },
  });
  const db = (s.kind === 'pglite'
    ? drizzlePglite({ client: gated as PGlite, schema })
    : drizzlePg({ client: gated as pg.Pool, schema })) as unknown as Database;
  const logs: { level: number; msg: string; err?: { message: string } }[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void logs.push(JSON.parse(line)) },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', s.config);
  app.decorate('db', db);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(jobSheetRoutes, { prefix: '/api/order', batchSize: 2, ...routeOptions });
  // The server's side of the first connection closing: when it has seen a client hang up.
  const firstConnectionClosed = new Promise<void>((resolve) =>
    app.server.once('connection', (socket: Socket) => socket.once('close', () => resolve())),
  );
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin, logs, batchQueries: () => batchQueries, firstConnectionClosed };
}

interface Download {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The answer ended normally (not cut off). */
  complete: boolean;
}

/** GET over a socket; `stopAfterFirstChunk` hangs up as soon as the first bytes arrive. */
function download(url: string, opts: { stopAfterFirstChunk?: boolean } = {}): Promise<Download> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: bearer(s.superToken) }, (res) => {
      const chunks: Buffer[] = [];
      let complete = false;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (opts.stopAfterFirstChunk) req.destroy();
      });
      res.on('end', () => (complete = true));
      res.on('error', () => {});
      res.on('close', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks),
          complete,
        }),
      );
    });
    req.on('error', (err) => (opts.stopAfterFirstChunk ? undefined : reject(err)));
  });
}

/** One turn of the event loop: what the server does on an event (a closed socket) has run. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the streamed job sheet, batch by batch', () => {
  it('reads the sheet in keyset batches without losing or repeating a job', async () => {
    const server = await sheetServer();
    try {
      const res = await download(`${server.origin}/api/order/job-sheet/${f.services.water.id}`);
      expect(res).toMatchObject({ status: 200, complete: true });
      const { text } = await readPdf(res.body);
      expectInOrder(text, [...sheetOrder560001(), ...ids.pin560034]);
      // 30 jobs, 2 a batch: 15 batches, and one that finds nothing.
      expect(server.batchQueries()).toBe(16);
    } finally {
      await server.app.close();
    }
  });

  it('lays out a bounded number of sheets at once: more wait their turn, beyond that 503', async () => {
    let open = () => {};
    const held = new Promise<void>((resolve) => (open = resolve));
    // The first sheet's second batch is held, so it keeps its turn until the test lets it go.
    const server = await sheetServer((n) => (n === 2 ? held : undefined), {
      turns: createPdfTurns({ atOnce: 1, waiting: 1 }),
    });
    try {
      const url = `${server.origin}/api/order/job-sheet/${f.services.water.id}`;
      const first = download(url);
      await vi.waitFor(() => expect(server.batchQueries()).toBe(2));
      const second = download(url);
      await vi.waitFor(() =>
        expect(server.logs.map((l) => l.msg)).toContain('job sheet: waiting for a turn'),
      );
      const third = await download(url);
      expect(third.status).toBe(503);
      expect(JSON.parse(third.body.toString())).toEqual({ statusCode: 503, message: SHEETS_BUSY });

      open();
      for (const sheet of await Promise.all([first, second])) {
        expect(sheet.status).toBe(200);
        expect(sheet.complete).toBe(true);
        const { text } = await readPdf(sheet.body);
        expectInOrder(text, [...sheetOrder560001(), ...ids.pin560034]);
      }
    } finally {
      open();
      await server.app.close();
    }
  });

  it('stops reading when the client goes away, without an error', async () => {
    // The second batch waits until the server has seen the client hang up.
    const server: Awaited<ReturnType<typeof sheetServer>> = await sheetServer((n) =>
      n === 2 ? server.firstConnectionClosed.then(nextTurn) : undefined,
    );
    try {
      const res = await download(`${server.origin}/api/order/job-sheet/${f.services.water.id}`, {
        stopAfterFirstChunk: true,
      });
      expect(res).toMatchObject({ status: 200, complete: false });
      // Logged once the reading loop has ended: no batch can be read after it.
      await vi.waitFor(() =>
        expect(server.logs.some((l) => l.msg.includes('the client went away'))).toBe(true),
      );
      // The held batch and at most the one read ahead of it; not the 16 a whole sheet takes.
      expect(server.batchQueries()).toBeLessThanOrEqual(3);
      expect(server.logs.filter((l) => l.level >= 50)).toEqual([]);
      // The server goes on serving.
      const again = await download(
        `${server.origin}/api/order/job-sheet/${f.services.water.id}?pincode=560034`,
      );
      expect(again).toMatchObject({ status: 200, complete: true });
    } finally {
      await server.app.close();
    }
  });

  it('answers a failure before the first byte as the JSON envelope', async () => {
    const server = await sheetServer((n) => {
      if (n === 1) throw new Error('Connection terminated unexpectedly');
    });
    try {
      const res = await download(`${server.origin}/api/order/job-sheet/${f.services.water.id}`);
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toEqual({
        statusCode: 500,
        message: 'Something went wrong on our side. Please try again.',
      });
    } finally {
      await server.app.close();
    }
  });

  it('logs a database failure part way and cuts the connection, so the download fails visibly', async () => {
    const server = await sheetServer((n) => {
      if (n === 4) throw new Error('Connection terminated unexpectedly');
    });
    try {
      const res = await download(`${server.origin}/api/order/job-sheet/${f.services.water.id}`);
      expect(res.status).toBe(200);
      expect(res.complete).toBe(false);
      expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.body.toString('latin1')).not.toContain('%%EOF');
      const failed = () => server.logs.find((l) => l.msg.includes('job sheet failed part way'));
      await vi.waitFor(() => expect(failed()).toBeDefined());
      const failure = failed();
      expect(failure?.level).toBe(50);
      expect(failure?.err?.message).toContain('Connection terminated unexpectedly');
      const again = await download(
        `${server.origin}/api/order/job-sheet/${f.services.water.id}?pincode=560034`,
      );
      expect(again).toMatchObject({ status: 200, complete: true });
    } finally {
      await server.app.close();
    }
  });
});
