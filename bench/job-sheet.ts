/**
 * How long the job sheet takes: places open water orders across pin codes on a fresh database
 * (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL) and times GET order/assign-jobs with
 * and without wantPdf, for every pin code and for one. Prints figures; asserts nothing.
 *
 *   npx tsx bench/job-sheet.ts [orders=5000] [pinCodes=30]
 */
import { performance } from 'node:perf_hooks';
import { bearer, createTestServer } from '../tests/api/helpers';
import { createOrderFixtures } from '../tests/api/orderFixtures';

const ORDERS = Number(process.argv[2] ?? 5000);
const PINS = Number(process.argv[3] ?? 30);
const RUNS = 3;

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

  async function time(label: string, query: string) {
    const times: number[] = [];
    let bytes = 0;
    let pages = 0;
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/order/assign-jobs/${f.services.water.id}?${query}`,
        headers: bearer(s.superToken),
      });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      const result = res.json().result as { pdf?: string; totalRecords: number };
      total = result.totalRecords;
      if (result.pdf) {
        const pdf = Buffer.from(result.pdf, 'base64');
        bytes = pdf.length;
        // Page objects are not compressed by pdfkit, so they can be counted in the raw bytes.
        pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
      }
    }
    const best = Math.min(...times);
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const pdf = bytes ? `, PDF ${(bytes / 1024).toFixed(0)} KB, ${pages} pages` : '';
    console.log(
      `${label.padEnd(34)} ${String(total).padStart(6)} jobs: best ${best.toFixed(0)} ms, median ${median.toFixed(0)} ms${pdf}`,
    );
  }

  await time('page 1 (no PDF), all pin codes', 'limit=10');
  await time('page 1 (no PDF), one pin code', `limit=10&pincode=${pins[0]}`);
  await time('deep page (no PDF), all pin codes', `limit=10&page=${Math.floor(ORDERS / 10)}`);
  await time('search by customer (no PDF)', 'limit=10&search=sharma');
  await time('job sheet, one pin code', `limit=10&pincode=${pins[0]}&wantPdf=true`);
  await time('job sheet, all pin codes', 'limit=10&wantPdf=true');
} finally {
  await s.close();
}
