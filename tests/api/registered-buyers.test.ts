import { desc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogTable,
  customerAddressesTable,
  customersTable,
  invoicesTable,
} from '@server/db/schema';
import { gstinCheckChar } from '@shared/gst';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type FixtureCustomer, type OrderFixtures } from './orderFixtures';
import { ensurePincodes, freshPhone } from './riderFixtures';

/**
 * Registered buyers (issue 38): a customer's GSTIN and legal name, checked as the business's
 * (format, state code, check character) and against the state of their default address; printed
 * on the invoices numbered while they are set, never on those numbered before.
 */
let s: TestServer;
let f: OrderFixtures;
const user = apiClient(() => s, 'user');
const order = apiClient(() => s, 'order');
const settings = apiClient(() => s, 'settings');

/** A GSTIN with its right check character. */
const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const KARNATAKA = gstin('29AAFCS4321B1Z');
const DELHI = gstin('07AAGFM7788Q1Z');
/** Karnataka's GSTIN with another last character. */
const MISTYPED = KARNATAKA.slice(0, 14) + (KARNATAKA[14] === 'A' ? 'B' : 'A');

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await ensurePincodes(s.db, [f.customers[0]!.address.pincode]);
  const saved = await settings.post('save-business', {
    legalName: 'Jalasri Water Services Private Limited',
    tradeName: 'Jalasri Water',
    gstin: '29AABCU9603R1ZJ',
    address: '14 3rd Cross, Jayanagar 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560011',
    invoicePrefix: 'JW',
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(() => s.close());

/** update-user as the edit form sends it (multipart), with the customer's own fields. */
const update = (c: FixtureCustomer, extra: Record<string, string>) =>
  user.postMultipart('update-user', {
    userId: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    status: 'Active',
    ...extra,
  });

const stored = async (id: string) => {
  const [row] = await s.db
    .select({ gstin: customersTable.gstin, legalName: customersTable.legalName })
    .from(customersTable)
    .where(eq(customersTable.id, id));
  return row;
};

describe('a customer’s GSTIN and legal name (user/update-user)', () => {
  it('saves a GSTIN as typed, in capitals, with the legal name, and get-user answers them', async () => {
    const aarav = f.customers[0]!;
    const res = await update(aarav, {
      gstin: ` ${KARNATAKA.toLowerCase()} `,
      legalName: ' Sharma Aqua Traders Private Limited ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.user).toMatchObject({
      gstin: KARNATAKA,
      legalName: 'Sharma Aqua Traders Private Limited',
    });
    const got = await user.get(`get-user/${aarav.id}`);
    expect(got.json().result.user).toMatchObject({
      _id: aarav.id,
      gstin: KARNATAKA,
      legalName: 'Sharma Aqua Traders Private Limited',
    });
    const [audit] = await s.db
      .select()
      .from(auditLogTable)
      .orderBy(desc(auditLogTable.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'update-user', recordId: aarav.id });
    expect(audit!.changes).toEqual([
      { field: 'GSTIN', from: null, to: KARNATAKA },
      { field: 'Legal name', from: null, to: 'Sharma Aqua Traders Private Limited' },
    ]);
    expect(audit!.summary).toBe('Edited customer Aarav Sharma');
  });

  it('answers a household’s GSTIN and legal name as null', async () => {
    const got = await user.get(`get-user/${f.customers[1]!.id}`);
    expect(got.json().result.user).toMatchObject({ gstin: null, legalName: null });
  });

  it.each([
    [
      { gstin: MISTYPED, legalName: 'Iyer Stores' },
      `The GSTIN's last character should be ${KARNATAKA[14]}: check it for a typo.`,
    ],
    [{ gstin: '29AAFCS4321B1Z', legalName: 'Iyer Stores' }, 'A GSTIN has 15 characters.'],
    [
      { gstin: '29AAFCS43211Z1Z', legalName: 'Iyer Stores' },
      'That is not a GSTIN: 2 digits of the state, the 10-character PAN, the entity number, Z and a check character.',
    ],
    [
      { gstin: gstin('99AAFCS4321B1Z'), legalName: 'Iyer Stores' },
      'The GSTIN starts with 99, which is not a state code.',
    ],
    [{ gstin: KARNATAKA }, 'Legal name is required with a GSTIN.'],
    [{ gstin: KARNATAKA, legalName: '  ' }, 'Legal name is required with a GSTIN.'],
    [
      { legalName: 'Iyer Stores' },
      'A legal name is kept for a registered buyer only: enter their GSTIN too.',
    ],
  ])('refuses %o, changing nothing', async (fields, message) => {
    const priya = f.customers[1]!;
    const res = await update(priya, { ...fields, lastName: 'Iyer-Rao' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
    expect(await stored(priya.id)).toEqual({ gstin: null, legalName: null });
    const [row] = await s.db
      .select({ lastName: customersTable.lastName })
      .from(customersTable)
      .where(eq(customersTable.id, priya.id));
    expect(row!.lastName).toBe('Iyer');
  });

  it('refuses a GSTIN of another state than the default address, naming both', async () => {
    const rohan = f.customers[2]!; // New Delhi
    const res = await update(rohan, { gstin: KARNATAKA, legalName: 'Mehta Enterprises' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The GSTIN is registered in Karnataka (29), but the customer's default address is in Delhi (07). Check the GSTIN or the address.",
    );
    expect(await stored(rohan.id)).toEqual({ gstin: null, legalName: null });
    const ok = await update(rohan, { gstin: DELHI, legalName: 'Mehta Enterprises' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stored(rohan.id)).toEqual({ gstin: DELHI, legalName: 'Mehta Enterprises' });
  });

  it('takes any state’s GSTIN when the default address names no state', async () => {
    const [c] = await s.db
      .insert(customersTable)
      .values({
        firstName: 'Isha',
        lastName: 'Gupta',
        email: 'isha.gupta@example.in',
        phone: freshPhone(),
      })
      .returning();
    await s.db.insert(customerAddressesTable).values({
      customerId: c!.id,
      fullAddress: 'Flat 3, Lake View Apartments',
      city: '',
      state: '',
      pincode: '',
      isDefault: true,
    });
    const isha = {
      ...f.customers[0]!,
      id: c!.id,
      firstName: 'Isha',
      lastName: 'Gupta',
      email: c!.email,
      phone: c!.phone,
    };
    const res = await update(isha, { gstin: DELHI, legalName: 'Gupta Caterers' });
    expect(res.statusCode, res.body).toBe(200);
    // A new address typed on the form names no state either.
    const moved = await update(isha, {
      gstin: KARNATAKA,
      legalName: 'Gupta Caterers',
      address: '21 Residency Road, Bengaluru',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(c!.id)).toEqual({ gstin: KARNATAKA, legalName: 'Gupta Caterers' });
  });

  it('keeps both when left out, changes the legal name alone, and clears both with an empty GSTIN', async () => {
    const kavya = f.customers[3]!; // Mumbai
    const mumbai = gstin('27AAKFR1234M1Z');
    expect((await update(kavya, { gstin: mumbai, legalName: 'Reddy Foods LLP' })).statusCode).toBe(
      200,
    );
    expect((await update(kavya, { lastName: 'Reddy' })).statusCode).toBe(200);
    expect(await stored(kavya.id)).toEqual({ gstin: mumbai, legalName: 'Reddy Foods LLP' });
    const renamed = await update(kavya, { legalName: 'Reddy Foods and Caterers LLP' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stored(kavya.id)).toEqual({
      gstin: mumbai,
      legalName: 'Reddy Foods and Caterers LLP',
    });
    const noName = await update(kavya, { legalName: '' });
    expect(noName.json()).toEqual({
      statusCode: 400,
      message: 'Legal name is required with a GSTIN.',
    });
    const cleared = await update(kavya, { gstin: '', legalName: 'Reddy Foods and Caterers LLP' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().result.user).toMatchObject({ gstin: null, legalName: null });
    expect(await stored(kavya.id)).toEqual({ gstin: null, legalName: null });
    // JSON's null is the same as an empty box.
    await update(kavya, { gstin: mumbai, legalName: 'Reddy Foods LLP' });
    const json = await user.post('update-user', {
      userId: kavya.id,
      email: kavya.email,
      firstName: kavya.firstName,
      lastName: kavya.lastName,
      phone: kavya.phone,
      status: 'Active',
      gstin: null,
      legalName: null,
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(await stored(kavya.id)).toEqual({ gstin: null, legalName: null });
  });
});

describe('a registered caller added by phone (user/add-user)', () => {
  const caller = (extra: Record<string, unknown>) => ({
    firstName: 'Meera',
    lastName: 'Nair',
    phone: freshPhone(),
    address: '7 16th Main, BTM 2nd Stage',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: f.customers[0]!.address.pincode,
    ...extra,
  });

  it('adds them with the GSTIN and legal name', async () => {
    const res = await user.post(
      'add-user',
      caller({ gstin: KARNATAKA.toLowerCase(), legalName: 'Nair Offices' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.user).toMatchObject({ gstin: KARNATAKA, legalName: 'Nair Offices' });
    expect(await stored(res.json().result.user._id)).toEqual({
      gstin: KARNATAKA,
      legalName: 'Nair Offices',
    });
  });

  it('adds a household without them', async () => {
    const res = await user.post('add-user', caller({ gstin: '', legalName: '' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.user).toMatchObject({ gstin: null, legalName: null });
  });

  it.each([
    [
      { gstin: MISTYPED, legalName: 'Nair Offices' },
      `The GSTIN's last character should be ${KARNATAKA[14]}: check it for a typo.`,
    ],
    [{ gstin: KARNATAKA }, 'Legal name is required with a GSTIN.'],
    [
      { gstin: DELHI, legalName: 'Nair Offices' },
      'The GSTIN is registered in Delhi (07), but the address is in Karnataka (29). Check the GSTIN or the address.',
    ],
  ])('refuses %o, adding no one', async (fields, message) => {
    const body = caller(fields);
    const res = await user.post('add-user', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
    const same = await s.db
      .select()
      .from(customersTable)
      .where(eq(customersTable.phone, body.phone));
    expect(same).toEqual([]);
  });
});

/** The text of a PDF with its lines joined by spaces. */
async function pdfText(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: pdf });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('the invoices of registered buyers', () => {
  const deliver = async (c: FixtureCustomer) => {
    const placed = await f.place({ kind: 'water', customer: c });
    const res = await order.post('update-status', { orderId: placed.id, status: 'Delivered' });
    expect(res.statusCode, res.body).toBe(200);
    return placed;
  };
  const invoiceText = async (orderId: string) => {
    const res = await order.get(`invoice/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload);
  };
  const buyerOf = async (orderId: string) => {
    const [row] = await s.db
      .select({ gstin: invoicesTable.buyerGstin, legalName: invoicesTable.buyerLegalName })
      .from(invoicesTable)
      .where(eq(invoicesTable.orderId, orderId));
    return row;
  };

  it('prints a registered buyer’s legal name and GSTIN, the place of supply from the address', async () => {
    const aarav = f.customers[0]!;
    expect(await stored(aarav.id)).toEqual({
      gstin: KARNATAKA,
      legalName: 'Sharma Aqua Traders Private Limited',
    });
    const placed = await deliver(aarav);
    const text = await invoiceText(placed.id);
    for (const part of [
      'BILL TO / SHIP TO Sharma Aqua Traders Private Limited',
      'Contact: Aarav Sharma',
      '12 MG Road, Shivajinagar, Bengaluru, Karnataka, 560001',
      `GSTIN: ${KARNATAKA}`,
      'Place of supply Karnataka (29)',
      'State: Karnataka, code 29',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('unregistered');
  });

  it('prints a household as unregistered, with no GSTIN of theirs', async () => {
    const placed = await deliver(f.customers[1]!);
    const text = await invoiceText(placed.id);
    expect(text).toContain('BILL TO / SHIP TO Priya Iyer');
    expect(text).toContain('GSTIN: unregistered');
    expect(text).not.toContain('Contact:');
    // The seller's GSTIN is the only one on it.
    expect(text.match(/GSTIN: [0-9A-Z]{15}/g)).toEqual(['GSTIN: 29AABCU9603R1ZJ']);
  });

  it('keeps the buyer an invoice was numbered with, whatever the customer record says later', async () => {
    const priya = f.customers[1]!;
    // Numbered as a household, downloaded only after Priya registers: still a household's.
    const before = await deliver(priya);
    const registered = await update(priya, {
      gstin: gstin('29AACFI5555K1Z'),
      legalName: 'Iyer Stores',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await buyerOf(before.id)).toEqual({ gstin: null, legalName: null });
    const text = await invoiceText(before.id);
    expect(text).toContain('GSTIN: unregistered');
    expect(text).not.toContain('Iyer Stores');

    // Numbered while registered, downloaded after the GSTIN is cleared: still the B2B invoice.
    const after = await deliver(priya);
    expect(await update(priya, { gstin: '', legalName: '' })).toMatchObject({ statusCode: 200 });
    const b2b = await invoiceText(after.id);
    expect(b2b).toContain('BILL TO / SHIP TO Iyer Stores');
    expect(b2b).toContain(`GSTIN: ${gstin('29AACFI5555K1Z')}`);
  });
});
