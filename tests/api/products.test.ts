import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesTable } from '@server/db/schema';
import { seedCatalogue } from '@server/db/seed/catalogue';
import {
  bearer,
  areaClient,
  createTestServer,
  multipart,
  pngPart,
  tinyPng,
  type FilePart,
  type TestServer,
} from './helpers';
import { createOrderFixtures } from './orderFixtures';

const png = pngPart;

let s: TestServer;
const ids: Record<string, string> = {};

const { post, get } = areaClient(() => s, 'product');

const jar = () => ({
  name: '20 L Jar',
  title: 'Drinking water',
  description: 'RO + UV treated.',
  price: '90',
  discountPrice: '80',
  stockQuantity: '100',
  quantity: '20',
});

async function createSub(name: string, categoryId: string) {
  const { payload, headers } = multipart({
    name,
    title: name,
    description: name,
    categoryId,
    image: png(await tinyPng()),
  });
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/subCategory/create-subCategory',
    headers: { ...headers, ...bearer(s.superToken) },
    payload,
  });
  return res.json().result.subCategory._id as string;
}

beforeAll(async () => {
  s = await createTestServer();
  for (const c of await s.db.select().from(categoriesTable)) ids[c.kind] = c.id;
});
afterAll(() => s.close());

describe('POST /api/product/create-product', () => {
  it('creates a water product with litres and answers numbers for money', async () => {
    const res = await post('create-product', {
      ...jar(),
      price: '90.5',
      categoryId: ids.water!,
      image: png(await tinyPng()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { product } = res.json().result;
    expect(res.json().message).toBe('Product 20 L Jar created successfully');
    expect(product).toMatchObject({
      name: '20 L Jar',
      price: 90.5,
      discountPrice: 80,
      stockQuantity: 100,
      quantity: 20,
      subCategoryId: null,
      categoryId: { _id: ids.water, name: 'Water' },
      status: 'Active',
    });
    expect(product.image).toMatch(/^\/uploads\/.+\.png$/);
  });

  it('applies the rules of each field with actionable messages', async () => {
    const image = png(await tinyPng());
    const base = { ...jar(), categoryId: ids.water!, image };
    const cases: [Record<string, string | FilePart>, string][] = [
      [{ ...base, name: '' }, 'Name is required.'],
      [{ ...base, price: '' }, 'Price is required.'],
      [{ ...base, price: 'ninety' }, 'Price must be a number.'],
      [{ ...base, price: '-1' }, 'Price must be 0 or more.'],
      [{ ...base, discountPrice: '-5' }, 'Discount price must be 0 or more.'],
      [{ ...base, stockQuantity: '-1' }, 'Stock quantity must be 0 or more.'],
      [{ ...base, stockQuantity: '1.5' }, 'Stock quantity must be a whole number.'],
      [{ ...base, quantity: '-20' }, 'Litres quantity must be 0 or more.'],
      [{ ...base, quantity: '' }, 'Litres quantity is required for water products.'],
      [{ ...base, discountPrice: '95' }, 'Discount price cannot be more than the price.'],
      [{ ...base, price: '100000000' }, 'Price must be at most ₹1,00,00,000.'],
      [{ ...jar(), categoryId: ids.water! }, 'Please choose an image for the product.'],
      [{ ...jar(), image }, 'Category id is required.'],
    ];
    for (const [fields, message] of cases) {
      const res = await post('create-product', fields);
      expect(res.json(), message).toEqual({ statusCode: 400, message });
    }
  });

  it('applies the kind rules: tiffin refused, litres only for water, sub-category for laundry', async () => {
    const image = png(await tinyPng());
    const shirt = { ...jar(), name: 'Shirt', quantity: '', image };
    const tiffin = await post('create-product', { ...shirt, categoryId: ids.tiffin! });
    expect(tiffin.json()).toEqual({
      statusCode: 400,
      message: 'Tiffin categories sell meal plans, not products. Add a plan under Plans instead.',
    });
    const litres = await post('create-product', {
      ...shirt,
      quantity: '10',
      categoryId: ids.oxygen!,
    });
    expect(litres.json().message).toBe(
      'Litres quantity applies to water products only. Leave it empty.',
    );
    const noSub = await post('create-product', { ...shirt, categoryId: ids.laundry! });
    expect(noSub.json().message).toBe('Please choose a sub category for the laundry product.');
    const unknownSub = await post('create-product', {
      ...shirt,
      categoryId: ids.laundry!,
      subCategoryId: 'nope',
    });
    expect(unknownSub.json()).toEqual({
      statusCode: 404,
      message: 'This sub category does not exist.',
    });
    const washFold = await createSub('Wash & Fold', ids.laundry!);
    const subOnWater = await post('create-product', {
      ...jar(),
      categoryId: ids.water!,
      subCategoryId: washFold,
      image,
    });
    expect(subOnWater.json().message).toBe(
      'Only laundry products have a sub category. Leave it empty.',
    );
    const ok = await post('create-product', {
      ...shirt,
      categoryId: ids.laundry!,
      subCategoryId: washFold,
    });
    expect(ok.json().result.product).toMatchObject({ subCategoryId: washFold, quantity: null });
    const unknown = await post('create-product', { ...shirt, categoryId: 'nope' });
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This category does not exist.' });
  });

  it('refuses a sub-category of another category', async () => {
    // A second laundry-like category cannot exist (one per kind); an 'other' category with a
    // sub-category inserted directly stands in for it.
    const [other] = await s.db
      .insert(categoriesTable)
      .values({ name: 'Shoes', title: 'Shoe care', description: 'x', image: '/x.png' })
      .returning();
    const { subCategoriesTable } = await import('@server/db/schema');
    const [foreign] = await s.db
      .insert(subCategoriesTable)
      .values({ categoryId: other!.id, name: 'Polish', title: 'P', description: 'P', image: '/x' })
      .returning();
    const res = await post('create-product', {
      ...jar(),
      quantity: '',
      categoryId: ids.laundry!,
      subCategoryId: foreign!.id,
      image: png(await tinyPng()),
    });
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The sub category belongs to another category. Choose one of this category.',
    });
  });

  it('leaves no file behind when the image is a text file named .png or the write fails', async () => {
    const uploads = () => s.storedUploads();
    const before = await uploads();
    const text = await post('create-product', {
      ...jar(),
      categoryId: ids.water!,
      image: png(Buffer.from('hello, I am text'), 'jar.png'),
    });
    expect(text.json()).toEqual({
      statusCode: 400,
      message: 'The image must be a JPEG, PNG, WebP or GIF file.',
    });
    expect(await uploads()).toEqual(before);
  });
});

describe('GET /api/product/by-category and get-product', () => {
  it('answers the list in result with the category as {_id, name}', async () => {
    await post('create-product', {
      ...jar(),
      name: '25 L Jar',
      quantity: '25',
      categoryId: ids.water!,
      image: png(await tinyPng({ r: 5, g: 5, b: 5 })),
    });
    const res = await get(`by-category?searchId=${ids.water}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().result as { _id: string; name: string; categoryId: unknown }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((p) => p.name)).toEqual(expect.arrayContaining(['20 L Jar', '25 L Jar']));
    expect(list[0]!.categoryId).toEqual({ _id: ids.water, name: 'Water' });
    const one = await get(`get-product/${list[0]!._id}`);
    expect(one.json().result.product).toMatchObject({ _id: list[0]!._id });
    expect((await get(`by-category?searchId=${ids.water}&limit=1`)).json().result).toHaveLength(1);
  });

  it('answers 400 without a category, for tiffin, and 404 for unknown ids', async () => {
    expect((await get('by-category')).json()).toEqual({
      statusCode: 400,
      message: 'Category id is required.',
    });
    expect((await get(`by-category?searchId=${ids.tiffin}`)).statusCode).toBe(400);
    expect((await get('by-category?searchId=nope')).statusCode).toBe(404);
    expect((await get('get-product/nope')).json()).toEqual({
      statusCode: 404,
      message: 'This product does not exist.',
    });
  });
});

describe('POST /api/product/edit-product and delete-product', () => {
  it('edits a product, keeping the image and category, and checks the rules again', async () => {
    const made = (
      await post('create-product', {
        ...jar(),
        name: 'Edit Me',
        categoryId: ids.water!,
        image: png(await tinyPng({ r: 7, g: 7, b: 7 })),
      })
    ).json().result.product;
    const res = await post('edit-product', {
      ...jar(),
      productId: made._id,
      name: 'Edited',
      price: '100',
      quantity: '25',
      categoryId: ids.water!,
      image: made.image,
    });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Product Edited updated successfully',
      result: { product: { name: 'Edited', price: 100, quantity: 25, image: made.image } },
    });
    const discount = await post('edit-product', {
      ...jar(),
      productId: made._id,
      discountPrice: '500',
    });
    expect(discount.json().message).toBe('Discount price cannot be more than the price.');
    const move = await post('edit-product', {
      ...jar(),
      productId: made._id,
      categoryId: ids.oxygen!,
    });
    expect(move.json().message).toBe(
      'A product cannot move to another category. Add it there instead.',
    );
    const unknown = await post('edit-product', { ...jar(), productId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    const noId = await post('edit-product', jar());
    expect(noId.json().message).toBe('Product id is required.');
  });

  it('deletes a product; a second delete is 404', async () => {
    const made = (
      await post('create-product', {
        ...jar(),
        name: 'Delete Me',
        categoryId: ids.water!,
        image: png(await tinyPng({ r: 3, g: 3, b: 3 })),
      })
    ).json().result.product;
    const res = await post('delete-product', { productId: made._id });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Product Delete Me deleted successfully',
    });
    expect((await post('delete-product', { productId: made._id })).json()).toEqual({
      statusCode: 404,
      message: 'This product does not exist.',
    });
  });

  it('answers 403 to writes without Service Management; reads need only a session', async () => {
    const admin = await s.createAdmin({ permissions: { banners: true } });
    for (const action of ['create-product', 'edit-product', 'delete-product']) {
      expect((await post(action, {}, admin.token)).statusCode, action).toBe(403);
    }
    expect((await get(`by-category?searchId=${ids.water}`, admin.token)).statusCode).toBe(200);
  });
});

describe('seedCatalogue', () => {
  it('fills an empty catalogue once, per kind, with real images', async () => {
    const fresh = await createTestServer();
    try {
      expect(await seedCatalogue(fresh.db, fresh.uploads)).toBe(true);
      expect(await seedCatalogue(fresh.db, fresh.uploads)).toBe(false);
      const cats = await fresh.db.select().from(categoriesTable);
      const id = (kind: string) => cats.find((c) => c.kind === kind)!.id;
      const call = (url: string, payload?: object) =>
        fresh.app.inject({
          method: payload ? 'POST' : 'GET',
          url,
          headers: bearer(fresh.superToken),
          ...(payload ? { payload } : {}),
        });
      const water = (await call(`/api/product/by-category?searchId=${id('water')}`)).json().result;
      expect(water.map((p: { quantity: number }) => p.quantity)).toEqual([20, 25]);
      expect(water[0].price).toBe(90);
      const subs = (await call(`/api/subCategory/by-categoryId/${id('laundry')}`)).json().result
        .subCategories;
      expect(subs.map((x: { name: string }) => x.name)).toEqual([
        'Wash & Fold',
        'Steam Iron',
        'Dry Clean',
      ]);
      const acc = (
        await call('/api/accessory/get-accessories-by-category', { categoryId: id('oxygen') })
      ).json().result.accessories;
      expect(acc.map((a: { type: string }) => a.type)).toContain('regulator');
      expect((await fresh.app.inject({ url: acc[0].imageUrl })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /api/product/delete-product of a product in orders', () => {
  it('answers 409 with the number of orders and keeps the product', async () => {
    const t = await createTestServer();
    try {
      const f = await createOrderFixtures(t.db);
      for (let i = 0; i < 3; i++) await f.place({ kind: 'water' });
      await f.place({ kind: 'oxygen' });
      const remove = (productId: string) => {
        const { payload, headers } = multipart({ productId });
        return t.app.inject({
          method: 'POST',
          url: '/api/product/delete-product',
          headers: { ...headers, ...bearer(t.superToken) },
          payload,
        });
      };
      expect((await remove(f.products.water.id)).json()).toEqual({
        statusCode: 409,
        message: 'This product is in 3 orders and cannot be deleted. Set it Inactive instead.',
      });
      expect((await remove(f.products.oxygen.id)).json()).toEqual({
        statusCode: 409,
        message: 'This product is in 1 order and cannot be deleted. Set it Inactive instead.',
      });
      const kept = await t.app.inject({
        method: 'GET',
        url: `/api/product/get-product/${f.products.water.id}`,
        headers: bearer(t.superToken),
      });
      expect(kept.statusCode).toBe(200);
      // A product no order names still goes.
      expect((await remove(f.products.laundry.id)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('returnable, deposit, HSN/SAC code and GST rate of a product (issue 16)', () => {
  type Fields = Record<string, string | FilePart>;

  /** A water product made with `fields`; answers it as the call does. */
  async function make(fields: Fields = {}) {
    const res = await post('create-product', {
      ...jar(),
      name: `Jar ${Math.random().toString(36).slice(2, 8)}`,
      categoryId: ids.water!,
      image: png(await tinyPng({ r: 40, g: 50, b: 60 })),
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.product as { _id: string; image: string } & Record<string, unknown>;
  }

  const stored = async (id: string) => (await get(`get-product/${id}`)).json().result.product;
  const edit = (id: string, fields: Fields) =>
    post('edit-product', { ...jar(), productId: id, ...fields });

  it('stores them on add and answers them on every read; an edit changes them', async () => {
    const made = await make({
      returnable: 'true',
      deposit: '150.5',
      hsnCode: '2201 10 10',
      gstRate: '18',
    });
    const expected = { returnable: true, deposit: 150.5, hsnCode: '22011010', gstRate: 18 };
    expect(made).toMatchObject(expected);
    expect(await stored(made._id)).toMatchObject(expected);
    const list = (await get(`by-category?searchId=${ids.water}`)).json().result as {
      _id: string;
    }[];
    expect(list.find((p) => p._id === made._id)).toMatchObject(expected);

    const res = await edit(made._id, {
      returnable: 'true',
      deposit: '200',
      hsnCode: '2201',
      gstRate: '0.25',
    });
    expect(res.json().result.product).toMatchObject({
      returnable: true,
      deposit: 200,
      hsnCode: '2201',
      gstRate: 0.25,
    });
    expect(await stored(made._id)).toMatchObject({ deposit: 200, hsnCode: '2201', gstRate: 0.25 });
  });

  it('answers defaults for a product added without them, and an edit without them keeps them', async () => {
    const plain = await make();
    expect(plain).toMatchObject({ returnable: false, deposit: 0, hsnCode: null, gstRate: null });

    const jarWithDeposit = await make({
      returnable: 'true',
      deposit: '100',
      hsnCode: '220110',
      gstRate: '12',
    });
    // A client that knows nothing of the new fields (the pricing screen of old) edits the price.
    const res = await edit(jarWithDeposit._id, { price: '95' });
    expect(res.json().result.product).toMatchObject({
      price: 95,
      returnable: true,
      deposit: 100,
      hsnCode: '220110',
      gstRate: 12,
    });
  });

  it('refuses wrong values with a message saying what to enter, and changes nothing', async () => {
    const made = await make({ returnable: 'true', deposit: '150', hsnCode: '2201', gstRate: '5' });
    const before = await stored(made._id);
    const HSN =
      'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).';
    const cases: [Fields, string][] = [
      [{ returnable: 'true', deposit: '-1' }, 'Deposit must be 0 or more.'],
      [{ returnable: 'true', deposit: '100000.01' }, 'Deposit must be at most ₹1,00,000.'],
      [
        { returnable: 'true', deposit: '10.555' },
        'Deposit can have at most 2 decimals (paise), e.g. 150.50.',
      ],
      [{ returnable: 'true', deposit: 'lots' }, 'Deposit must be a number of rupees, e.g. 150.'],
      [{ returnable: 'maybe', deposit: '10' }, 'Returnable must be true or false.'],
      [
        { returnable: 'true' },
        'Please enter the deposit of a returnable item in rupees (0 if you take none).',
      ],
      [
        { returnable: 'true', deposit: '' },
        'Please enter the deposit of a returnable item in rupees (0 if you take none).',
      ],
      [
        { returnable: 'false', deposit: '50' },
        'Only a returnable item takes a deposit. Mark it returnable, or set the deposit to 0.',
      ],
      [{ hsnCode: '220' }, HSN],
      [{ hsnCode: '22011' }, HSN],
      [{ hsnCode: '22O1' }, HSN],
      [{ hsnCode: '220110101' }, HSN],
      [{ hsnCode: '9954' }, 'A SAC code (a service) is 6 digits starting with 99, e.g. 999712.'],
      [
        { hsnCode: '0022' },
        'HSN/SAC code cannot start with 00: HSN chapters run from 01 to 98, SAC codes start with 99.',
      ],
      [{ gstRate: '7' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.'],
      [{ gstRate: '2.5' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.'],
      [{ gstRate: 'eighteen' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.'],
    ];
    for (const [fields, message] of cases) {
      const res = await edit(made._id, { name: 'Changed', ...fields });
      expect(res.json(), JSON.stringify(fields)).toEqual({ statusCode: 400, message });
    }
    expect(await stored(made._id)).toEqual(before);

    // Nor does an add go through.
    const count = async () =>
      ((await get(`by-category?searchId=${ids.water}`)).json().result as unknown[]).length;
    const n = await count();
    for (const [fields, message] of cases.slice(0, 3)) {
      const res = await post('create-product', {
        ...jar(),
        categoryId: ids.water!,
        image: png(await tinyPng()),
        ...fields,
      });
      expect(res.json()).toEqual({ statusCode: 400, message });
    }
    expect(await count()).toBe(n);
  });

  it('takes a SAC code and a deposit of 0 or ₹1,00,000 exactly', async () => {
    const made = await make({ returnable: 'true', deposit: '0', hsnCode: '999712', gstRate: '0' });
    expect(made).toMatchObject({ returnable: true, deposit: 0, hsnCode: '999712', gstRate: 0 });
    const top = await edit(made._id, { returnable: 'true', deposit: '100000', gstRate: '40' });
    expect(top.json().result.product).toMatchObject({ deposit: 100000, gstRate: 40 });
  });

  it('clears the code and rate when sent empty, and the deposit when no longer returnable', async () => {
    const made = await make({ returnable: 'true', deposit: '150', hsnCode: '2201', gstRate: '18' });
    const cleared = await edit(made._id, { hsnCode: '', gstRate: '' });
    expect(cleared.json().result.product).toMatchObject({
      hsnCode: null,
      gstRate: null,
      returnable: true,
      deposit: 150,
    });
    const off = await edit(made._id, { returnable: 'false' });
    expect(off.json().result.product).toMatchObject({ returnable: false, deposit: 0 });
    expect(await stored(made._id)).toMatchObject({
      returnable: false,
      deposit: 0,
      hsnCode: null,
      gstRate: null,
    });
  });

  it('keeps a product returnable while customers hold some (409); its deposit may change', async () => {
    const t = await createTestServer();
    try {
      const f = await createOrderFixtures(t.db);
      const tClient = areaClient(() => t, 'product');
      const id = f.products.water.id;
      const current = (await tClient.get(`get-product/${id}`)).json().result.product;
      const form = (fields: Fields): Fields => ({
        productId: id,
        name: current.name,
        title: current.title,
        description: current.description,
        price: String(current.price),
        discountPrice: String(current.discountPrice),
        stockQuantity: String(current.stockQuantity),
        quantity: String(current.quantity),
        ...fields,
      });
      const on = await tClient.post('edit-product', form({ returnable: 'true', deposit: '150' }));
      expect(on.json().result.product).toMatchObject({ returnable: true, deposit: 150 });
      await f.place({ kind: 'water', status: 'Delivered', quantity: 2 });
      const off = await tClient.post('edit-product', form({ returnable: 'false' }));
      expect(off.json()).toEqual({
        statusCode: 409,
        message: `Customers still hold 2 of ${current.name}. Collect them, or record corrections under Jars & cylinders, before marking it not returnable.`,
      });
      expect((await tClient.get(`get-product/${id}`)).json().result.product).toMatchObject({
        returnable: true,
        deposit: 150,
      });
      // The deposit may still change while they are out.
      const dearer = await tClient.post(
        'edit-product',
        form({ returnable: 'true', deposit: '200' }),
      );
      expect(dearer.json().result.product.deposit).toBe(200);
    } finally {
      await t.close();
    }
  });
});
