import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogTable } from '@server/db/schema';
import { deniedMessage } from '@server/permissions';
import { apiClient, createTestServer, type TestServer } from './helpers';

/**
 * settings/get-business and settings/save-business (issue 16, additions): the seller printed on
 * the tax invoices. The GSTIN is checked by its format and check character and must belong to
 * the state of the address; every refusal says what to fix and saves nothing.
 */
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const api = apiClient(() => s, 'settings');

/** A real-shaped Karnataka GSTIN (29...) with its check character. */
const KARNATAKA_GSTIN = '29AABCU9603R1ZJ';

const details = (extra: Record<string, unknown> = {}) => ({
  legalName: 'Jalasri Water Services Private Limited',
  tradeName: 'Jalasri Water',
  gstin: KARNATAKA_GSTIN,
  address: '14 3rd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
  phone: '080 2345 6789',
  email: 'accounts@jalasri.example.in',
  invoicePrefix: 'JW',
  overdueDays: 45,
  ...extra,
});

describe('settings/get-business', () => {
  it('answers null until the details are saved', async () => {
    const res = await api.get('get-business');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Business details',
      result: { business: null },
    });
  });
});

describe('settings/save-business', () => {
  it.each([
    ['', 'Enter the GSTIN.'],
    ['29AABCU9603R1Z', 'A GSTIN has 15 characters.'],
    [
      '29AABC19603R1ZJ',
      'That is not a GSTIN: 2 digits of the state, the 10-character PAN, the entity number, Z and a check character.',
    ],
    ['99AABCU9603R1ZJ', 'The GSTIN starts with 99, which is not a state code.'],
    ['29AABCU9603R1ZA', "The GSTIN's last character should be J: check it for a typo."],
  ])('refuses the GSTIN %j: %s', async (gstin, message) => {
    const res = await api.post('save-business', details({ gstin }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('refuses a GSTIN of another state than the address', async () => {
    const res = await api.post('save-business', details({ state: 'Maharashtra' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The GSTIN is registered in Karnataka (29), but the address is in Maharashtra.',
    });
  });

  it.each([
    [{ legalName: '  ' }, 'Legal name is required.'],
    [{ address: undefined }, 'Address is required.'],
    [{ state: 'Atlantis' }, 'State must be an Indian state or union territory, such as Karnataka.'],
    [{ pincode: '5600' }, 'Pin code must be 6 digits.'],
    [{ pincode: '056001' }, 'Pin code must be 6 digits.'],
    [{ invoicePrefix: 'JWS1' }, expect.stringMatching(/^Invoice prefix must be 1 to 3 letters/)],
    [{ invoicePrefix: 'J/W' }, expect.stringMatching(/^Invoice prefix must be 1 to 3 letters/)],
    [{ overdueDays: 0 }, 'Overdue days must be a whole number from 1 to 365.'],
    [{ overdueDays: 366 }, 'Overdue days must be a whole number from 1 to 365.'],
    [{ overdueDays: 2.5 }, 'Overdue days must be a whole number from 1 to 365.'],
    [{ email: 'accounts at jalasri' }, 'Email must be a valid e-mail address.'],
  ])('refuses %j', async (extra, message) => {
    const res = await api.post('save-business', details(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('saved nothing while refusing', async () => {
    expect((await api.get('get-business')).json().result.business).toBeNull();
  });

  it('saves the details, tidied, and reads them back', async () => {
    const res = await api.post(
      'save-business',
      details({
        gstin: ` ${KARNATAKA_GSTIN.toLowerCase()} `,
        state: 'karnataka',
        invoicePrefix: 'jw',
      }),
    );
    expect(res.statusCode).toBe(200);
    const business = {
      legalName: 'Jalasri Water Services Private Limited',
      tradeName: 'Jalasri Water',
      gstin: KARNATAKA_GSTIN,
      address: '14 3rd Cross, Jayanagar 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      pincode: '560011',
      phone: '080 2345 6789',
      email: 'accounts@jalasri.example.in',
      invoicePrefix: 'JW',
      overdueDays: 45,
    };
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Business details saved successfully',
      result: { business },
    });
    expect((await api.get('get-business')).json().result.business).toEqual(business);

    // The trail names who saved them.
    const [entry] = await s.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.resource, 'settings'))
      .orderBy(desc(auditLogTable.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'save-business', statusCode: 200 });
  });

  it('saves again over the same details; phone, e-mail and trade name may be left out', async () => {
    const res = await api.post(
      'save-business',
      details({
        gstin: '27AAPFU0939F1ZV',
        state: 'Maharashtra',
        city: 'Mumbai',
        pincode: '400050',
        tradeName: undefined,
        phone: '',
        email: undefined,
        overdueDays: undefined,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((await api.get('get-business')).json().result.business).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      stateCode: '27',
      tradeName: '',
      phone: '',
      email: '',
      overdueDays: 30,
    });
  });

  it('needs a session, and the Settings permission to read or save', async () => {
    expect((await api.get('get-business', null)).statusCode).toBe(401);
    expect((await api.post('save-business', details(), null)).statusCode).toBe(401);
    const orders = await s.createAdmin({ permissions: { orders: true, others: true } });
    const denied = deniedMessage('settings');
    for (const res of [
      await api.get('get-business', orders.token),
      await api.post('save-business', details({ legalName: 'Someone Else' }), orders.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, message: denied });
    }
    expect((await api.get('get-business')).json().result.business.legalName).not.toBe(
      'Someone Else',
    );
    const settings = await s.createAdmin({ permissions: { settings: true } });
    expect((await api.get('get-business', settings.token)).statusCode).toBe(200);
    expect((await api.post('save-business', details(), settings.token)).statusCode).toBe(200);
  });
});
