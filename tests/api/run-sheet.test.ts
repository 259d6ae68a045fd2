import { randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_BOUND } from '@server/modules/riders/repository';
import { fileSlug } from '@server/modules/riders/runSheetRoutes';
import { bearer, createTestServer, type TestServer } from './helpers';
import { addCustomer, HINDI, TAMIL } from './indianCustomers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';
import { assignToRider, createRider, indiaDays, type RiderDto } from './riderFixtures';

let s: TestServer;
let f: OrderFixtures;
let ravi: RiderDto;
let other: RiderDto;

const DAY = '2026-03-10';
const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2026-03-09T01:30:00Z');
let hour = 0;

/** The order ids of Ravi's morning run, in the sheet's order. */
const morning: string[] = [];
const ids = { hindi: '', tamil: '', laundry: '', wallet: '', jars: '', evening: '' };
const excluded: string[] = [];
/** The paid amount of the cash-on-delivery jobs of the morning run. */
let cashMorning = 0;
let cashEvening = 0;

async function place(opts: PlaceOptions) {
  const row = await f.place({ createdAt: new Date(T0 + hour++ * HOUR), ...opts });
  const paid = Number(row.totalAmount ?? Number(row.price) + Number(row.deliveryCharge));
  return { id: row.id, orderId: row.orderId, paid };
}

const rupees = (value: number) =>
  `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  ravi = await createRider(s, {
    name: 'Ravi Kumar',
    phone: '9845000101',
    vehicle: 'KA01 AB 1234',
    pincodes: ['560001', '560034'],
  });
  other = await createRider(s, { name: 'Other Rider' });
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

  // Ravi's morning run of DAY: two emergencies, then pin codes 110024, 560001, 560034.
  const jars = await place({
    kind: 'water',
    customer: 0,
    pincode: '560034',
    quantity: 2,
    returnQuantity: 2,
    taps: 1,
  });
  const hindiJob = await place({
    kind: 'water',
    customer: hindi,
    returnQuantity: 1,
    specialInstruction: 'घंटी दो बार बजाएँ',
  });
  const tamilJob = await place({
    kind: 'oxygen',
    customer: tamil,
    isEmergency: true,
    returnQuantity: 1,
    paymentMethod: 'Online',
  });
  const wallet = await place({
    kind: 'water',
    customer: 1,
    pincode: '560001',
    paymentMethod: 'Wallet',
  });
  const laundry = await place({
    kind: 'laundry',
    customer: 2,
    pincode: '560034',
    isEmergency: true,
  });
  Object.assign(ids, {
    jars: jars.orderId,
    hindi: hindiJob.orderId,
    tamil: tamilJob.orderId,
    wallet: wallet.orderId,
    laundry: laundry.orderId,
  });
  morning.push(laundry.orderId, tamilJob.orderId, hindiJob.orderId, wallet.orderId, jars.orderId);
  cashMorning = jars.paid + hindiJob.paid + laundry.paid;
  await assignToRider(
    s.db,
    [jars, hindiJob, tamilJob, wallet, laundry].map((o) => o.id),
    ravi._id,
    { date: DAY, shift: 'Morning' },
  );

  // His evening round; another rider's job; his job of another day.
  const evening = await place({ kind: 'water', customer: 3, pincode: '560001', returnQuantity: 3 });
  ids.evening = evening.orderId;
  cashEvening = evening.paid;
  await assignToRider(s.db, [evening.id], ravi._id, { date: DAY, shift: 'Evening' });
  const others = await place({ kind: 'water', customer: 0 });
  await assignToRider(s.db, [others.id], other._id, { date: DAY, shift: 'Morning' });
  const dayAfter = await place({ kind: 'water', customer: 0 });
  await assignToRider(s.db, [dayAfter.id], ravi._id, { date: '2026-03-11', shift: 'Morning' });
  excluded.push(others.orderId, dayAfter.orderId);
});
afterAll(() => s.close());

function runSheet(
  riderId: string,
  query = '',
  headers: Record<string, string> = bearer(s.superToken),
) {
  return s.app.inject({
    method: 'GET',
    url: `/api/rider/run-sheet/${riderId}${query ? `?${query}` : ''}`,
    headers,
  });
}

/** The text of a PDF with its lines joined by spaces, and its page count. */
async function readPdf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** Each id appears exactly once, in this order. */
function expectInOrder(text: string, orderIds: string[]) {
  for (const orderId of orderIds) expect(text.split(orderId).length - 1, orderId).toBe(1);
  const at = orderIds.map((id) => text.indexOf(id));
  expect(at).toEqual([...at].sort((a, b) => a - b));
}

describe('GET rider/run-sheet/{riderId} (addition)', () => {
  it("streams the rider's round as a PDF named after the rider and the day", async () => {
    const res = await runSheet(ravi._id, `date=${DAY}&shift=Morning`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="run-sheet-ravi-kumar-${DAY}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // The fonts are embedded as subsets of the glyphs used: a few tens of kilobytes.
    expect(res.rawPayload.length).toBeLessThan(150_000);

    const { text, pages } = await readPdf(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Run sheet: Ravi Kumar');
    expect(text).toContain('Phone 98450 00101');
    expect(text).toContain('Vehicle KA01 AB 1234');
    expect(text).toContain('Tuesday, 10 Mar 2026');
    expect(text).toContain('Morning round');
    expect(text).toContain('5 jobs | 2 emergencies | 4 pin codes');
    expect(text).toContain('Page 1 of 1');
    // The round only: not the evening job, another rider's or another day's.
    for (const orderId of [ids.evening, ...excluded]) expect(text).not.toContain(orderId);

    // Emergencies first under their own heading, then pin code by pin code.
    expectInOrder(text, morning);
    const heading = (name: string) => text.indexOf(name);
    expect(heading('EMERGENCY (2 jobs)')).toBeGreaterThan(-1);
    expect(heading('EMERGENCY (2 jobs)')).toBeLessThan(text.indexOf(ids.laundry));
    expect(heading('Pin code 110024 (1 job)')).toBeGreaterThan(text.indexOf(ids.tamil));
    expect(heading('Pin code 110024 (1 job)')).toBeLessThan(text.indexOf(ids.hindi));
    expect(heading('Pin code 560001 (1 job)')).toBeLessThan(text.indexOf(ids.wallet));
    expect(heading('Pin code 560034 (1 job)')).toBeLessThan(text.indexOf(ids.jars));
  });

  it('shows each job: customer, address, items, empties to collect, cash, slot and notes', async () => {
    const { text } = await readPdf(
      (await runSheet(ravi._id, `date=${DAY}&shift=Morning`)).rawPayload,
    );
    const block = (orderId: string) => {
      const at = morning.indexOf(orderId);
      const next = morning[at + 1];
      return text.slice(text.indexOf(orderId), next ? text.indexOf(next) : undefined);
    };
    const jars = block(ids.jars);
    expect(jars).toContain('Aarav Sharma, 9876543210');
    expect(jars).toContain('12 MG Road, Shivajinagar, Bengaluru, Karnataka, 560034');
    expect(jars).toContain('20 L Jar x 2; Tap x 1');
    expect(jars).toContain('Collect 2 empty jars');
    expect(jars).toMatch(/Slot (any time|\d{1,2}:\d{2} [AP]M)/);
    expect(jars).toMatch(/Cash Collect ₹[\d,]+\.\d\d/);

    // Hindi and Tamil names and addresses print as written (the Noto fonts).
    const hindi = block(ids.hindi);
    expect(hindi).toContain(`${HINDI.name}, 9811122233`);
    expect(hindi).toContain(`${HINDI.street}, New Delhi, Delhi, 110024`);
    expect(hindi).toContain('Note घंटी दो बार बजाएँ');
    expect(hindi).toContain('1 empty jar');
    const tamil = block(ids.tamil);
    expect(tamil).toContain(`${TAMIL.name}, 9444455566`);
    expect(tamil).toContain(`${TAMIL.street}, Chennai, Tamil Nadu, 600017`);
    expect(tamil).toContain('10 L Cylinder x 1');
    expect(tamil).toContain('Collect 1 empty cylinder');
    expect(tamil).toContain('Paid online');
    expect(tamil).toContain('EMERGENCY');
    expect(block(ids.wallet)).toContain('Paid from wallet');
    // Laundry collects no empties.
    expect(block(ids.laundry)).not.toContain('empty');
  });

  it('ends with the totals and the signature lines', async () => {
    const { text } = await readPdf(
      (await runSheet(ravi._id, `date=${DAY}&shift=Morning`)).rawPayload,
    );
    const totals = text.slice(text.indexOf('Totals'));
    expect(totals).toContain('Jobs 5 (2 emergencies)');
    expect(totals).toContain('Jars to collect 3');
    expect(totals).toContain('Cylinders to collect 1');
    expect(totals).toContain(`Cash to collect ${rupees(cashMorning)} (3 cash-on-delivery jobs)`);
    expect(totals).toContain('Time out');
    expect(totals).toContain('Time back');
    expect(totals).toContain('Cash handed in ₹');
    expect(totals).toContain('Rider signature');
    expect(totals).toContain('Checked by');
  });

  it('holds both rounds without a shift, each job saying its round', async () => {
    const { text } = await readPdf((await runSheet(ravi._id, `date=${DAY}&shift=`)).rawPayload);
    expect(text).toContain('Morning and evening rounds');
    expect(text).toContain('6 jobs');
    expectInOrder(text, [...morning.slice(0, 4), ids.evening, ...morning.slice(4)]);
    expect(text).toMatch(new RegExp(`${ids.evening}.{0,80}Evening, Slot`));
    expect(text).toContain('Jars to collect 6');
    expect(text).toContain(
      `Cash to collect ${rupees(cashMorning + cashEvening)} (4 cash-on-delivery jobs)`,
    );
  });

  it('says when the rider has no jobs for the round, and defaults to today', async () => {
    const res = await runSheet(ravi._id);
    expect(res.statusCode).toBe(200);
    const { today } = indiaDays();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="run-sheet-ravi-kumar-${today}.pdf"`,
    );
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('No jobs assigned for this round.');
    expect(text).toContain('0 jobs');
    expect(text).not.toContain('Totals');

    const evening = await readPdf(
      (await runSheet(other._id, `date=${DAY}&shift=Evening`)).rawPayload,
    );
    expect(evening.text).toContain('Run sheet: Other Rider');
    expect(evening.text).toContain('Evening round');
    expect(evening.text).toContain('No jobs assigned for this round.');
  });

  it("prints a rider's name in Devanagari, and names the file plainly", async () => {
    const sunil = await createRider(s, { name: 'सुनील यादव', pincodes: ['110024'] });
    const job = await place({ kind: 'water', customer: 0, pincode: '110024' });
    await assignToRider(s.db, [job.id], sunil._id, { date: DAY, shift: 'Evening' });
    const res = await runSheet(sunil._id, `date=${DAY}&shift=Evening`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="run-sheet-rider-${DAY}.pdf"`,
    );
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('Run sheet: सुनील यादव');
    expect(text).toContain(job.orderId);
    expect(fileSlug('Élodie  D’Souza')).toBe('elodie-d-souza');
  });

  it(`holds at most ${RUN_BOUND} jobs and says when the run has more`, async () => {
    const big = await createRider(s, { name: 'Busy Rider' });
    const placed: string[] = [];
    for (let i = 0; i < RUN_BOUND + 2; i++) {
      placed.push(
        (await f.place({ kind: 'laundry', customer: i % 4, paymentMethod: 'Online' })).id,
      );
    }
    await assignToRider(s.db, placed, big._id, { date: DAY, shift: 'Morning' });
    const res = await runSheet(big._id, `date=${DAY}&shift=Morning`);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await readPdf(res.rawPayload);
    expect(text).toContain(`This sheet holds the first ${RUN_BOUND} of ${RUN_BOUND + 2} jobs`);
    expect(text).toContain(`Jobs ${RUN_BOUND}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('answers 404 for an unknown rider, 400 for a bad date or shift, 401 and 403 without access', async () => {
    const unknown = await runSheet(randomUUID(), `date=${DAY}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This rider does not exist.' });
    for (const date of ['2026-02-30', '10-03-2026', 'today']) {
      expect((await runSheet(ravi._id, `date=${date}`)).json()).toEqual({
        statusCode: 400,
        message: 'Date must be a day as YYYY-MM-DD.',
      });
    }
    expect((await runSheet(ravi._id, `date=${DAY}&shift=Night`)).json()).toEqual({
      statusCode: 400,
      message: 'Shift must be one of: Morning, Evening.',
    });

    const anonymous = await runSheet(ravi._id, '', {});
    expect(anonymous.statusCode).toBe(401);
    const ordersOnly = await s.createAdmin({ permissions: { orders: true } });
    expect((await runSheet(ravi._id, '', bearer(ordersOnly.token))).statusCode).toBe(403);
    const jobsOnly = await s.createAdmin({ permissions: { assigningJobs: true } });
    const allowed = await runSheet(ravi._id, `date=${DAY}&shift=Morning`, bearer(jobsOnly.token));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toBe('application/pdf');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await s.app.inject({
      method: 'HEAD',
      url: `/api/rider/run-sheet/${ravi._id}?date=${DAY}`,
      headers: bearer(s.superToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload).toHaveLength(0);
  });
});
