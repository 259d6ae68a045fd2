import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from './helpers';
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

/** The text of the base64 PDF, and its page count. */
async function readPdf(base64: string | undefined): Promise<{ text: string; pages: number }> {
  expect(base64).toEqual(expect.any(String));
  const data = Buffer.from(base64!, 'base64');
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
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
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
    // 2 jars at 90, 2 taps at 60 and 30 delivery; no rupee glyph in the built-in font.
    expect(block).toContain('Rs. 330.00, Cash on Delivery');
    // The note on one line, with the rupee sign the built-in font lacks spelled out.
    expect(block.replace(/\s+/g, ' ')).toContain(
      'Ring the bell twice, elderly parents at home. Rs. 50 tip.',
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
    expect(text).toContain('Rs. 4,029.00');
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
    expect(empty.text).toContain('Page 1 of 1');
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
