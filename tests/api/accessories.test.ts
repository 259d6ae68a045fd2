import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categoriesTable, ordersTable } from '@server/db/schema';
import {
  bearer,
  areaClient,
  createTestServer,
  pngPart,
  tinyPng,
  type FilePart,
  type TestServer,
} from './helpers';
import { createOrderFixtures } from './orderFixtures';

const png = pngPart;

let s: TestServer;
const ids: Record<string, string> = {};

const { post } = areaClient(() => s, 'accessory');

const tap = () => ({
  name: 'Jar Tap',
  type: 'tap',
  material: 'plastic',
  price: '120',
  discountPrice: '99',
  stockQuantity: '50',
});

async function create(fields: Record<string, string> = {}) {
  const res = await post('create', {
    ...tap(),
    categoryId: ids.water!,
    image: png(await tinyPng({ r: 10, g: 20, b: 30 })),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.accessory as { _id: string; imageUrl: string; name: string };
}

beforeAll(async () => {
  s = await createTestServer();
  for (const c of await s.db.select().from(categoriesTable)) ids[c.kind] = c.id;
});
afterAll(() => s.close());

describe('POST /api/accessory/create', () => {
  it('creates a water accessory and exposes imageUrl', async () => {
    const res = await post('create', {
      ...tap(),
      categoryId: ids.water!,
      image: png(await tinyPng()),
    });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Accessory Jar Tap created successfully',
      result: {
        accessory: {
          _id: expect.any(String),
          name: 'Jar Tap',
          type: 'tap',
          material: 'plastic',
          price: 120,
          discountPrice: 99,
          stockQuantity: 50,
          categoryId: ids.water,
          imageUrl: expect.stringMatching(/^\/uploads\/.+\.png$/),
          status: 'Active',
        },
      },
    });
  });

  it('checks the type per kind, the material and the numbers', async () => {
    const image = png(await tinyPng());
    const water = { ...tap(), categoryId: ids.water!, image };
    const cases: [Record<string, string | FilePart>, number, string][] = [
      [{ ...water, name: '' }, 400, 'Name is required.'],
      [{ ...water, type: '' }, 400, 'Type is required.'],
      [
        { ...water, type: 'regulator' },
        400,
        'Type must be one of: tap, dispenser, stand, cover, cap, cleaning_brush, other for water accessories.',
      ],
      [{ ...water, material: '' }, 400, 'Material is required.'],
      [
        { ...water, material: 'wood' },
        400,
        'Material must be one of: metal, plastic, rubber, silicone, glass, other.',
      ],
      [{ ...water, price: '-1' }, 400, 'Price must be 0 or more.'],
      [{ ...water, stockQuantity: '' }, 400, 'Stock quantity is required.'],
      [{ ...water, discountPrice: '121' }, 400, 'Discount price cannot be more than the price.'],
      [{ ...tap(), categoryId: ids.water! }, 400, 'Please choose an image for the accessory.'],
      [
        { ...water, categoryId: ids.laundry! },
        400,
        'Accessories are sold only in the water and oxygen categories.',
      ],
      [{ ...water, categoryId: 'nope' }, 404, 'This category does not exist.'],
      [
        { ...water, image: png(Buffer.from('plain text'), 'tap.png') },
        400,
        'The image must be a JPEG, PNG, WebP or GIF file.',
      ],
    ];
    for (const [fields, statusCode, message] of cases) {
      const res = await post('create', fields);
      expect(res.json(), message).toEqual({ statusCode, message });
    }
    const regulator = await post('create', {
      ...water,
      name: 'Regulator',
      type: 'regulator',
      material: 'metal',
      categoryId: ids.oxygen!,
    });
    expect(regulator.statusCode).toBe(200);
  });
});

describe('POST /api/accessory/get-accessories-by-category and GET get-accessory', () => {
  it('lists by category (multipart or JSON) and reads one by id', async () => {
    const made = await create({ name: 'Dispenser', type: 'dispenser' });
    const res = await post('get-accessories-by-category', { categoryId: ids.water! });
    const names = (res.json().result.accessories as { name: string }[]).map((a) => a.name);
    expect(names).toContain('Dispenser');
    const json = await s.app.inject({
      method: 'POST',
      url: '/api/accessory/get-accessories-by-category',
      headers: bearer(s.superToken),
      payload: { categoryId: ids.oxygen },
    });
    expect(json.statusCode).toBe(200);
    const one = await s.app.inject({
      url: `/api/accessory/get-accessory/${made._id}`,
      headers: bearer(s.superToken),
    });
    expect(one.json().result.accessory).toMatchObject({ _id: made._id, type: 'dispenser' });
  });

  it('answers 400 for other kinds and 404 for unknown ids', async () => {
    expect(
      (await post('get-accessories-by-category', { categoryId: ids.tiffin! })).statusCode,
    ).toBe(400);
    expect((await post('get-accessories-by-category', {})).json().message).toBe(
      'Category id is required.',
    );
    expect((await post('get-accessories-by-category', { categoryId: 'x' })).statusCode).toBe(404);
    const missing = await s.app.inject({
      url: '/api/accessory/get-accessory/nope',
      headers: bearer(s.superToken),
    });
    expect(missing.json()).toEqual({ statusCode: 404, message: 'This accessory does not exist.' });
  });
});

describe('POST /api/accessory/edit-accessory and delete-accessory', () => {
  it('edits with the kind rules and keeps the image unless replaced', async () => {
    const made = await create({ name: 'Old Stand', type: 'stand' });
    const res = await post('edit-accessory', {
      ...tap(),
      accessoryId: made._id,
      name: 'Steel Stand',
      type: 'stand',
      material: 'metal',
      image: made.imageUrl,
    });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Accessory Steel Stand updated successfully',
      result: { accessory: { name: 'Steel Stand', material: 'metal', imageUrl: made.imageUrl } },
    });
    const wrongType = await post('edit-accessory', {
      ...tap(),
      accessoryId: made._id,
      type: 'mask',
    });
    expect(wrongType.statusCode).toBe(400);
    const replaced = await post('edit-accessory', {
      ...tap(),
      accessoryId: made._id,
      image: png(await tinyPng({ r: 90, g: 0, b: 90 })),
    });
    expect(replaced.json().result.accessory.imageUrl).not.toBe(made.imageUrl);
    expect((await post('edit-accessory', { ...tap(), accessoryId: 'nope' })).statusCode).toBe(404);
    expect((await post('edit-accessory', tap())).json().message).toBe('Accessory id is required.');
  });

  it('deletes; a second delete is 404; writes need Service Management', async () => {
    const made = await create({ name: 'Cap', type: 'cap' });
    const reader = await s.createAdmin({ permissions: { orders: true } });
    const denied = await post('delete-accessory', { accessoryId: made._id }, reader.token);
    expect(denied.statusCode).toBe(403);
    expect((await post('create', {}, reader.token)).statusCode).toBe(403);
    expect(
      (await post('get-accessories-by-category', { categoryId: ids.water! }, reader.token))
        .statusCode,
    ).toBe(200);
    const res = await post('delete-accessory', { accessoryId: made._id });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Accessory Cap deleted successfully',
    });
    expect((await post('delete-accessory', { accessoryId: made._id })).statusCode).toBe(404);
  });
});

describe('returnable, deposit, HSN/SAC code and GST rate of an accessory (issue 16)', () => {
  type Fields = Record<string, string | FilePart>;
  const read = async (id: string) =>
    (
      await s.app.inject({
        url: `/api/accessory/get-accessory/${id}`,
        headers: bearer(s.superToken),
      })
    ).json().result.accessory;
  const edit = (id: string, fields: Fields) =>
    post('edit-accessory', { ...tap(), accessoryId: id, ...fields });

  it('stores them on add, answers them on every read and changes them on edit', async () => {
    const made = await create({
      name: 'Spare cylinder cap',
      type: 'cap',
      returnable: 'true',
      deposit: '75.25',
      hsnCode: '3923 50',
      gstRate: '18',
    });
    const expected = { returnable: true, deposit: 75.25, hsnCode: '392350', gstRate: 18 };
    expect(made).toMatchObject(expected);
    expect(await read(made._id)).toMatchObject(expected);
    const list = (await post('get-accessories-by-category', { categoryId: ids.water! })).json()
      .result.accessories as { _id: string }[];
    expect(list.find((a) => a._id === made._id)).toMatchObject(expected);

    const res = await edit(made._id, {
      type: 'cap',
      returnable: 'true',
      deposit: '80',
      gstRate: '12',
    });
    expect(res.json().result.accessory).toMatchObject({
      deposit: 80,
      gstRate: 12,
      hsnCode: '392350',
    });
    // A client that does not send them keeps them.
    const kept = await edit(made._id, { type: 'cap', price: '110' });
    expect(kept.json().result.accessory).toMatchObject({
      price: 110,
      returnable: true,
      deposit: 80,
      hsnCode: '392350',
      gstRate: 12,
    });
  });

  it('answers defaults for an accessory added without them', async () => {
    const plain = await create({ name: 'Plain tap' });
    expect(plain).toMatchObject({ returnable: false, deposit: 0, hsnCode: null, gstRate: null });
  });

  it('refuses wrong values with a message saying what to enter, and changes nothing', async () => {
    const made = await create({ name: 'Checked tap', returnable: 'true', deposit: '50' });
    const before = await read(made._id);
    const cases: [Fields, string][] = [
      [{ returnable: 'true', deposit: '100001' }, 'Deposit must be at most ₹1,00,000.'],
      [{ returnable: 'true', deposit: '-5' }, 'Deposit must be 0 or more.'],
      [
        { returnable: 'true', deposit: '1.999' },
        'Deposit can have at most 2 decimals (paise), e.g. 150.50.',
      ],
      [
        { returnable: 'true' },
        'Please enter the deposit of a returnable item in rupees (0 if you take none).',
      ],
      [
        { returnable: 'false', deposit: '20' },
        'Only a returnable item takes a deposit. Mark it returnable, or set the deposit to 0.',
      ],
      [{ returnable: 'yes please' }, 'Returnable must be true or false.'],
      [
        { hsnCode: '12345' },
        'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).',
      ],
      [
        { hsnCode: '99871234' },
        'A SAC code (a service) is 6 digits starting with 99, e.g. 999712.',
      ],
      [{ gstRate: '15' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.'],
    ];
    for (const [fields, message] of cases) {
      const res = await edit(made._id, { name: 'Renamed', ...fields });
      expect(res.json(), JSON.stringify(fields)).toEqual({ statusCode: 400, message });
    }
    expect(await read(made._id)).toEqual(before);
    const refused = await post('create', {
      ...tap(),
      name: 'Never added',
      categoryId: ids.water!,
      image: png(await tinyPng()),
      returnable: 'true',
    });
    expect(refused.statusCode).toBe(400);
    const list = (await post('get-accessories-by-category', { categoryId: ids.water! })).json()
      .result.accessories as { name: string }[];
    expect(list.map((a) => a.name)).not.toContain('Never added');
  });

  it('clears the code and rate when sent empty, and the deposit when no longer returnable', async () => {
    const made = await create({
      name: 'Clearable tap',
      returnable: 'true',
      deposit: '30',
      hsnCode: '8481',
      gstRate: '18',
    });
    const cleared = await edit(made._id, { hsnCode: '', gstRate: '', returnable: 'false' });
    expect(cleared.json().result.accessory).toMatchObject({
      hsnCode: null,
      gstRate: null,
      returnable: false,
      deposit: 0,
    });
    expect(await read(made._id)).toMatchObject({ hsnCode: null, gstRate: null, deposit: 0 });
  });

  it('keeps an accessory returnable while customers hold some (409)', async () => {
    const t = await createTestServer();
    try {
      const f = await createOrderFixtures(t.db);
      const tPost = areaClient(() => t, 'accessory').post;
      const current = (
        await t.app.inject({
          url: `/api/accessory/get-accessory/${f.tap.id}`,
          headers: bearer(t.superToken),
        })
      ).json().result.accessory;
      const form = (fields: Fields): Fields => ({
        accessoryId: f.tap.id,
        name: current.name,
        type: current.type,
        material: current.material,
        price: String(current.price),
        discountPrice: String(current.discountPrice),
        stockQuantity: String(current.stockQuantity),
        ...fields,
      });
      const on = await tPost('edit-accessory', form({ returnable: 'true', deposit: '40' }));
      expect(on.json().result.accessory).toMatchObject({ returnable: true, deposit: 40 });
      // Placed, then delivered (the status change issues the order's accessories).
      const order = await f.place({ kind: 'water', taps: 3 });
      await t.db
        .update(ordersTable)
        .set({ status: 'Delivered' })
        .where(eq(ordersTable.id, order.id));
      const off = await tPost('edit-accessory', form({ returnable: 'false' }));
      expect(off.json()).toEqual({
        statusCode: 409,
        message: `Customers still hold 3 of ${current.name}. Collect them, or record corrections under Jars & cylinders, before marking it not returnable.`,
      });
    } finally {
      await t.close();
    }
  });
});
