/**
 * How long the job sheet takes, and what it costs the server in memory: places open water orders
 * across pin codes on a fresh database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL),
 * then times GET order/assign-jobs (pages, and the bounded base64 sheet of wantPdf=true) and the
 * streamed GET order/job-sheet over a real port, for one pin code and for every pin code. The
 * server runs in this process, so process.memoryUsage() is the server's: RSS before and after
 * each call, the peak while it ran (sampled every 5 ms) and, with --expose-gc, how much the heap
 * kept once collected. Prints figures; asserts nothing.
 *
 *   npx tsx --expose-gc bench/job-sheet.ts [orders=5000] [pinCodes=30] [runs=3]
 */
import { performance } from 'node:perf_hooks';
import { bearer, createTestServer } from '@tests/api/helpers';
import { createOrderFixtures } from '@tests/api/orderFixtures';

const ORDERS = Number(process.argv[2] ?? 5000);
const PINS = Number(process.argv[3] ?? 30);
const RUNS = Number(process.argv[4] ?? 3);
const MB = 1024 * 1024;

const s = await createTestServer();
try {
  const f = await createOrderFixtures(s.db);
  const pins = Array.from({ length: PINS }, (_, i) => String(560001 + i * 3));
  const instructions = [null, 'Call before delivery.', 'Leave it with the security guard.'];

  const placing = performance.now();
  const start = Date.now() - ORDERS * 60_000;
  for (let i = 0; i < ORDERS; i++) {
    await f.place({
      kind: 'water',
      customer: i % f.customers.length,
      pincode: pins[i % PINS],
      status: i % 4 === 0 ? 'Out for Delivery' : 'Pending',
      quantity: 1 + (i % 3),
      returnQuantity: i % 3,
      isEmergency: i % 17 === 0,
      taps: i % 5 === 0 ? 1 : 0,
      specialInstruction: instructions[i % instructions.length],
      createdAt: new Date(start + i * 60_000),
    });
  }
  const placedMs = performance.now() - placing;
  console.log(
    `${s.kind}: placed ${ORDERS} open orders over ${PINS} pin codes in ${(placedMs / 1000).toFixed(1)} s`,
  );
  const origin = await s.app.listen({ port: 0, host: '127.0.0.1' });
  const service = f.services.water.id;

  /** What one call answered: its size, and the pages of its PDF if any. */
  interface Answer {
    jobs: number;
    bytes: number;
    pages: number;
    firstByteMs?: number;
  }

  /** Page objects are not compressed by pdfkit, so they can be counted in the raw bytes. */
  const countPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

  async function assignJobs(query: string): Promise<Answer> {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/order/assign-jobs/${service}?${query}`,
      headers: bearer(s.superToken),
    });
    if (res.statusCode !== 200) throw new Error(`assign-jobs: ${res.statusCode} ${res.body}`);
    const result = res.json().result as { pdf?: string; totalRecords: number };
    const pdf = result.pdf ? Buffer.from(result.pdf, 'base64') : undefined;
    return {
      jobs: result.totalRecords,
      bytes: res.rawPayload.length,
      pages: pdf ? countPages(pdf) : 0,
    };
  }

  /** The streamed sheet over HTTP, read as it comes; only a page count is kept. */
  async function jobSheet(query: string): Promise<Answer> {
    const t0 = performance.now();
    const res = await fetch(`${origin}/api/order/job-sheet/${service}?${query}`, {
      headers: bearer(s.superToken),
    });
    if (res.status !== 200 || !res.body) throw new Error(`job-sheet: ${res.status}`);
    let bytes = 0;
    let pages = 0;
    let firstByteMs: number | undefined;
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - t0;
      bytes += chunk.length;
      pages += countPages(Buffer.from(chunk));
    }
    return { jobs: Number(res.headers.get('x-job-count')), bytes, pages, firstByteMs };
  }

  async function time(label: string, call: () => Promise<Answer>) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const firstBytes: number[] = [];
    let answer: Answer = { jobs: 0, bytes: 0, pages: 0 };
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      answer = await call();
      times.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      if (answer.firstByteMs !== undefined) firstBytes.push(answer.firstByteMs);
    }
    clearInterval(sampler);
    const after = process.memoryUsage().rss;
    global.gc?.();
    const heapAfterGc = process.memoryUsage().heapUsed;
    peak = Math.max(peak, after);
    const best = Math.min(...times);
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const size =
      answer.bytes > 50 * 1024
        ? `${(answer.bytes / MB).toFixed(2)} MB`
        : `${(answer.bytes / 1024).toFixed(0)} KB`;
    const pdf = answer.pages ? `, ${answer.pages} pages` : '';
    const cpu = `, CPU ${Math.min(...cpuTimes).toFixed(0)} ms`;
    const ttfb = firstBytes.length ? `, first byte ${Math.min(...firstBytes).toFixed(0)} ms` : '';
    console.log(
      `${label.padEnd(38)} ${String(answer.jobs).padStart(6)} jobs: best ${best.toFixed(0)} ms, median ${median.toFixed(0)} ms${cpu}${ttfb}; ${size}${pdf}`,
    );
    console.log(
      `${''.padEnd(38)} server RSS before ${(before / MB).toFixed(0)} MB, after ${(after / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB); heap kept after GC ${((heapAfterGc - heapBefore) / MB).toFixed(1)} MB`,
    );
  }

  await time('page 1 (no PDF), all pin codes', () => assignJobs('limit=10'));
  await time('page 1 (no PDF), one pin code', () => assignJobs(`limit=10&pincode=${pins[0]}`));
  await time('deep page (no PDF), all pin codes', () =>
    assignJobs(`limit=10&page=${Math.floor(ORDERS / 10)}`),
  );
  await time('search by customer (no PDF)', () => assignJobs('limit=10&search=sharma'));
  await time('wantPdf=true (bounded), one pin code', () =>
    assignJobs(`limit=10&pincode=${pins[0]}&wantPdf=true`),
  );
  await time('wantPdf=true (bounded), all pin codes', () => assignJobs('limit=10&wantPdf=true'));
  await time('job-sheet (streamed), one pin code', () => jobSheet(`pincode=${pins[0]}`));
  await time('job-sheet (streamed), all pin codes', () => jobSheet(''));
  await time('job-sheet (streamed), search', () => jobSheet('search=sharma'));
} finally {
  await s.close();
}
