import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesTable, productsTable } from '@server/db/schema';
import {
  bearer,
  areaClient,
  createTestServer,
  pngPart,
  tinyPng,
  type FilePart,
  type TestServer,
} from './helpers';

const png = pngPart;

let s: TestServer;
const ids: Record<string, string> = {};

const { post, get } = areaClient(() => s, 'subCategory');

async function create(name = 'Wash & Fold', categoryId = ids.laundry!) {
  const res = await post('create-subCategory', {
    name,
    title: `${name} service`,
    description: 'Washed, dried and folded.',
    image: png(await tinyPng()),
    categoryId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.subCategory as { _id: string; name: string; image: string };
}

beforeAll(async () => {
  s = await createTestServer();
  for (const c of await s.db.select().from(categoriesTable)) ids[c.kind] = c.id;
});
afterAll(() => s.close());

describe('POST /api/subCategory/create-subCategory', () => {
  it('creates a laundry sub-category with its image and answers the record', async () => {
    const res = await post('create-subCategory', {
      name: 'Steam Iron',
      title: 'Crisp ironing',
      description: 'Steam pressed.',
      image: png(await tinyPng({ r: 1, g: 2, b: 3 })),
      categoryId: ids.laundry!,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      message: 'Sub Category Steam Iron created successfully',
      result: {
        subCategory: {
          _id: expect.any(String),
          name: 'Steam Iron',
          title: 'Crisp ironing',
          categoryId: ids.laundry,
          status: 'Active',
        },
      },
    });
    expect(body.result.subCategory.image).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    expect((await s.app.inject({ url: body.result.subCategory.image })).statusCode).toBe(200);
  });

  it('names the missing field', async () => {
    const image = png(await tinyPng());
    const base = { name: 'A', title: 'B', description: 'C', categoryId: ids.laundry! };
    const cases: [Record<string, string | FilePart>, string][] = [
      [{ ...base, name: '', image }, 'Name is required.'],
      [{ ...base, title: ' ', image }, 'Title is required.'],
      [{ name: 'A', title: 'B', categoryId: ids.laundry!, image }, 'Description is required.'],
      [base, 'Please choose an image for the sub category.'],
      [{ name: 'A', title: 'B', description: 'C', image }, 'Category id is required.'],
    ];
    for (const [fields, message] of cases) {
      const res = await post('create-subCategory', fields);
      expect(res.json(), message).toEqual({ statusCode: 400, message });
    }
  });

  it('refuses other kinds, unknown categories and a text file named .png, leaving no file', async () => {
    const before = await s.storedUploads();
    const fields = { name: 'A', title: 'B', description: 'C' };
    const water = await post('create-subCategory', {
      ...fields,
      categoryId: ids.water!,
      image: png(await tinyPng({ r: 9, g: 9, b: 9 })),
    });
    expect(water.json()).toEqual({
      statusCode: 400,
      message: 'Only laundry categories have sub-categories.',
    });
    const unknown = await post('create-subCategory', {
      ...fields,
      categoryId: 'nope',
      image: png(await tinyPng({ r: 8, g: 8, b: 8 })),
    });
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This category does not exist.' });
    const text = await post('create-subCategory', {
      ...fields,
      categoryId: ids.laundry!,
      image: png(Buffer.from('just some text'), 'notes.png'),
    });
    expect(text.json()).toEqual({
      statusCode: 400,
      message: 'The image must be a JPEG, PNG, WebP or GIF file.',
    });
    expect(await s.storedUploads()).toEqual(before);
  });

  it('also accepts a JSON body (without a file it asks for the image)', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/subCategory/create-subCategory',
      headers: bearer(s.superToken),
      payload: { name: 'A', title: 'B', description: 'C', categoryId: ids.laundry },
    });
    expect(res.json().message).toBe('Please choose an image for the sub category.');
  });
});

describe('GET /api/subCategory/by-categoryId and get-subCategory', () => {
  it('lists the laundry sub-categories and reads one by id', async () => {
    const made = await create('Dry Clean');
    const res = await get(`by-categoryId/${ids.laundry}`);
    expect(res.statusCode).toBe(200);
    const names = (res.json().result.subCategories as { name: string }[]).map((x) => x.name);
    expect(names).toContain('Dry Clean');
    const one = await get(`get-subCategory/${made._id}`);
    expect(one.json()).toMatchObject({
      statusCode: 200,
      result: { subCategory: { _id: made._id, name: 'Dry Clean' } },
    });
  });

  it('answers 400 for other kinds and 404 for unknown ids', async () => {
    expect((await get(`by-categoryId/${ids.oxygen}`)).json()).toEqual({
      statusCode: 400,
      message: 'Only laundry categories have sub-categories.',
    });
    expect((await get('by-categoryId/unknown')).statusCode).toBe(404);
    expect((await get('get-subCategory/unknown')).json()).toEqual({
      statusCode: 404,
      message: 'This sub category does not exist.',
    });
    expect((await get(`by-categoryId/${ids.laundry}?limit=1001`)).statusCode).toBe(400);
  });
});

describe('POST /api/subCategory/edit-subCategory', () => {
  it('updates the text and keeps the image unless a new one is sent', async () => {
    const made = await create('Starch');
    const res = await post('edit-subCategory', {
      subCategoryId: made._id,
      name: 'Starch & Iron',
      title: 'Starched',
      description: 'Cotton starched and ironed.',
      image: made.image,
    });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Sub Category Starch & Iron updated successfully',
      result: { subCategory: { name: 'Starch & Iron', image: made.image } },
    });
    const replaced = await post('edit-subCategory', {
      subCategoryId: made._id,
      name: 'Starch & Iron',
      title: 'Starched',
      description: 'Cotton starched and ironed.',
      image: png(await tinyPng({ r: 200, g: 0, b: 0 })),
    });
    expect(replaced.json().result.subCategory.image).not.toBe(made.image);
  });

  it('answers 404 for an unknown id and 400 for missing fields', async () => {
    const unknown = await post('edit-subCategory', {
      subCategoryId: 'nope',
      name: 'A',
      title: 'B',
      description: 'C',
    });
    expect(unknown.statusCode).toBe(404);
    const made = await create('Fold Only');
    const noName = await post('edit-subCategory', {
      subCategoryId: made._id,
      title: 'B',
      description: 'C',
    });
    expect(noName.json()).toEqual({ statusCode: 400, message: 'Name is required.' });
  });
});

describe('POST /api/subCategory/delete-subCategory', () => {
  it('deletes an unused sub-category', async () => {
    const made = await create('Temporary');
    const res = await post('delete-subCategory', { subCategoryId: made._id });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Sub Category Temporary deleted successfully',
    });
    expect((await get(`get-subCategory/${made._id}`)).statusCode).toBe(404);
    expect((await post('delete-subCategory', { subCategoryId: made._id })).statusCode).toBe(404);
    expect((await post('delete-subCategory', {})).json()).toEqual({
      statusCode: 400,
      message: 'Sub category id is required.',
    });
  });

  it('answers 409 naming how many products still use it', async () => {
    const made = await create('In Use');
    for (const name of ['Shirt', 'Saree']) {
      await s.db.insert(productsTable).values({
        categoryId: ids.laundry!,
        subCategoryId: made._id,
        name,
        title: name,
        description: name,
        image: made.image,
        price: '30.00',
        discountPrice: '25.00',
      });
    }
    const res = await post('delete-subCategory', { subCategoryId: made._id });
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'This sub category is used by 2 products. Move or delete them first.',
    });
    expect((await get(`get-subCategory/${made._id}`)).statusCode).toBe(200);
  });
});

describe('sub-category permissions', () => {
  it('answers 403 to writes without Service Management, but lets such admins read', async () => {
    const made = await create('Guarded');
    const admin = await s.createAdmin({ permissions: { orders: true } });
    const denied = await post(
      'create-subCategory',
      {
        name: 'X',
        title: 'Y',
        description: 'Z',
        categoryId: ids.laundry!,
        image: png(await tinyPng()),
      },
      admin.token,
    );
    expect(denied.json()).toEqual({
      statusCode: 403,
      message:
        'You do not have the Service Management permission. Ask the super-admin to grant it.',
    });
    expect(
      (await post('delete-subCategory', { subCategoryId: made._id }, admin.token)).statusCode,
    ).toBe(403);
    expect((await get(`by-categoryId/${ids.laundry}`, admin.token)).statusCode).toBe(200);
    const manager = await s.createAdmin({ permissions: { serviceManagement: true } });
    expect(
      (await post('delete-subCategory', { subCategoryId: made._id }, manager.token)).statusCode,
    ).toBe(200);
    expect((await get(`by-categoryId/${ids.laundry}`, '')).statusCode).toBe(401);
  });
});
