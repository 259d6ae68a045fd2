/**
 * How long a CSV export of a large list takes, and what it costs the server in memory: fills a
 * fresh database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL) with the large data
 * set's generator (`seedLarge`), then downloads the exports over a real port, read as they come
 * (gzip counted as sent):
 * every order (the 100 k-row figure of issue 13.10), a filtered and a sorted one, every customer.
 * The server runs in this process, so process.memoryUsage() is the server's: RSS before, the
 * peak while it ran (sampled every 5 ms) and, with --expose-gc, how much the heap kept once
 * collected. Prints figures; asserts nothing. `npm run bench` measures the same calls on the
 * 1 M data set (bench/calls.ts, "export ...").
 *
 *   npx tsx --expose-gc bench/csv-export.ts [orders=100000] [customers=20000] [runs=3]
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { seedLarge } from '@server/db/seed/large';
import { bearer, createTestServer } from '@tests/api/helpers';

const ORDERS = Number(process.argv[2] ?? 100_000);
const CUSTOMERS = Number(process.argv[3] ?? 20_000);
const RUNS = Number(process.argv[4] ?? 3);
const MB = 1024 * 1024;

const s = await createTestServer();
try {
  const seeding = performance.now();
  await seedLarge(s.handle, {
    orders: ORDERS,
    customers: CUSTOMERS,
    tickets: Math.round(CUSTOMERS / 3),
    returns: Math.round(ORDERS / 50),
    audit: 1000,
    dataDir: s.config.dataDir,
    reset: true,
  });
  console.log(
    `${s.kind}: ${ORDERS} orders, ${CUSTOMERS} customers in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  const origin = await s.app.listen({ port: 0, host: '127.0.0.1' });

  interface Answer {
    rows: number;
    bytes: number;
    firstByteMs: number;
  }

  /** One export over HTTP, read as it comes; only its size and line count are kept. */
  function download(path: string, gzip: boolean): Promise<Answer> {
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const headers = { ...bearer(s.superToken), 'accept-encoding': gzip ? 'gzip' : 'identity' };
      const req = http.get(`${origin}/api/${path}`, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
        let bytes = 0;
        let lines = 0;
        let firstByteMs: number | undefined;
        // Gzip is counted as sent; line ends only in plain text.
        res.on('data', (chunk: Buffer) => {
          firstByteMs ??= performance.now() - t0;
          bytes += chunk.length;
          if (!gzip)
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ rows: lines - 1, bytes, firstByteMs: firstByteMs ?? 0 }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }

  async function time(label: string, path: string, gzip = false) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const firstBytes: number[] = [];
    let answer: Answer = { rows: 0, bytes: 0, firstByteMs: 0 };
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const before = process.memoryUsage().rss;
    let peak = before;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      heapPeak = Math.max(heapPeak, now.heapUsed);
    }, 5);
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      answer = await download(path, gzip);
      times.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      firstBytes.push(answer.firstByteMs);
    }
    clearInterval(sampler);
    global.gc?.();
    const heapAfterGc = process.memoryUsage().heapUsed;
    const best = Math.min(...times);
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const rate = gzip ? '' : ` (${Math.round(answer.rows / (best / 1000))} rows/s)`;
    console.log(
      `${label.padEnd(34)} ${gzip ? ''.padStart(12) : `${String(answer.rows).padStart(7)} rows`}: best ${best.toFixed(0)} ms, median ${median.toFixed(0)} ms${rate}, CPU ${Math.min(...cpuTimes).toFixed(0)} ms, first byte ${Math.min(...firstBytes).toFixed(0)} ms; ${(answer.bytes / MB).toFixed(2)} MB`,
    );
    console.log(
      `${''.padEnd(34)} server RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB); heap peak +${((heapPeak - heapBefore) / MB).toFixed(0)} MB, kept after GC ${((heapAfterGc - heapBefore) / MB).toFixed(1)} MB`,
    );
  }

  await time('every order', 'order/export-orders');
  await time('every order, gzip', 'order/export-orders', true);
  await time('orders sort=totalAmount', 'order/export-orders?sortField=totalAmount&sortOrder=desc');
  await time('orders status=Delivered', 'order/export-orders?status=Delivered');
  await time('orders search=Sharma', 'order/export-orders?search=Sharma');
  await time('every customer', 'user/export-users?status=All');
  await time('customers sort=firstName', 'user/export-users?status=All&sort=firstName');
} finally {
  await s.close();
}
