import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsTable } from '@server/db/schema';
import {
  bearer,
  createTestServer,
  multipart,
  tinyPng,
  type FilePart,
  type TestServer,
} from './helpers';

const SEEDED = ['Water', 'Oxygen', 'Laundry', 'Tiffin', 'E-commerce'];
const NO_SERVICE_PERMISSION =
  'You do not have the Service Management permission. Ask the super-admin to grant it.';

interface CategoryDto {
  _id: string;
  name: string;
  title: string;
  description: string;
  image: string;
  kind: string;
  status: string;
  createdAt: string;
}

const png = (data: Buffer, filename = 'photo.png'): FilePart => ({
  filename,
  contentType: 'image/png',
  data,
});

function client(server: () => TestServer) {
  const c = {
    list(query: Record<string, string | number> = {}, token = server().superToken) {
      const qs = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      return server().app.inject({
        method: 'GET',
        url: `/api/category/view-all-categories${qs ? `?${qs}` : ''}`,
        headers: bearer(token),
      });
    },
    async names(query: Record<string, string | number> = {}) {
      const res = await c.list(query);
      expect(res.statusCode).toBe(200);
      return (res.json().result.categories as CategoryDto[]).map((x) => x.name);
    },
    async byName(name: string): Promise<CategoryDto | undefined> {
      const res = await c.list({ search: name, status: 'All', limit: 1000 });
      return (res.json().result.categories as CategoryDto[]).find((x) => x.name === name);
    },
    get(id: string, token = server().superToken) {
      return server().app.inject({
        method: 'GET',
        url: `/api/category/get-category/${encodeURIComponent(id)}`,
        headers: bearer(token),
      });
    },
    send(
      action: 'create-category' | 'edit-category',
      fields: Record<string, string | FilePart>,
      token = server().superToken,
    ) {
      const { payload, headers } = multipart(fields);
      return server().app.inject({
        method: 'POST',
        url: `/api/category/${action}`,
        headers: { ...headers, ...bearer(token) },
        payload,
      });
    },
    uploads: () => server().storedUploads(),
  };
  return c;
}

describe('GET /api/category/view-all-categories', () => {
  let s: TestServer;
  const c = client(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('lists the seeded categories with paging fields', async () => {
    const res = await c.list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      result: { totalRecords: 5, currentPage: 1, totalPages: 1 },
    });
    const categories: CategoryDto[] = body.result.categories;
    expect(categories.map((x) => x.name).sort()).toEqual([...SEEDED].sort());
    for (const category of categories) {
      expect(category).toMatchObject({
        _id: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        status: 'Active',
        createdAt: expect.any(String),
      });
      expect(category.image).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    }
  });

  it('pages through the list', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await c.list({ page, limit: 2 });
      expect(res.statusCode).toBe(200);
      const { categories, ...paging } = res.json().result;
      expect(paging).toEqual({ totalRecords: 5, currentPage: page, totalPages: 3 });
      pages.push(...(categories as CategoryDto[]).map((x) => x.name));
      expect(categories).toHaveLength(page < 3 ? 2 : 1);
    }
    expect(pages.sort()).toEqual([...SEEDED].sort());
    const past = await c.list({ page: 4, limit: 2 });
    expect(past.json().result).toMatchObject({ categories: [], totalRecords: 5, currentPage: 4 });
  });

  it('sorts by name in either order', async () => {
    const ascending = [...SEEDED].sort();
    expect(await c.names({ sort: 'name' })).toEqual(ascending);
    expect(await c.names({ sort: 'name', sortOrder: 'desc' })).toEqual([...ascending].reverse());
    const bad = await c.list({ sort: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Sort must be one of: name, title, createdAt, kind.');
  });

  it('searches names regardless of case, and wildcards are plain text', async () => {
    expect(await c.names({ search: 'WAT' })).toEqual(['Water']);
    expect(await c.names({ search: 'e-com' })).toEqual(['E-commerce']);
    const res = await c.list({ search: 'zz' });
    expect(res.json().result).toMatchObject({ categories: [], totalRecords: 0, totalPages: 0 });
    expect(await c.names({ search: '%' })).toEqual([]);
    expect(await c.names({ search: '_' })).toEqual([]);
  });

  it('bounds the page size to 1..1000 with a readable message', async () => {
    for (const limit of [0, 1001, -5]) {
      const res = await c.list({ limit });
      expect(res.statusCode, String(limit)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message: 'Limit must be between 1 and 1000.' });
    }
    const notNumber = await c.list({ limit: 'ten' });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().message).toMatch(/^Limit must be/);
    expect((await c.list({ limit: 1 })).json().result.categories).toHaveLength(1);
    expect((await c.list({ limit: 1000 })).json().result.categories).toHaveLength(5);
    const page0 = await c.list({ page: 0 });
    expect(page0.statusCode).toBe(400);
    expect(page0.json().message).toBe('Page number should be greater than or equal to 1');
  });

  it('filters by status', async () => {
    const oxygen = await c.byName('Oxygen');
    const res = await c.send('edit-category', {
      categoryId: oxygen!._id,
      title: oxygen!.title,
      description: oxygen!.description,
      status: 'Inactive',
    });
    expect(res.statusCode).toBe(200);

    const active = await c.list({ status: 'Active' });
    expect(active.json().result.totalRecords).toBe(4);
    expect(await c.names({ status: 'Active' })).not.toContain('Oxygen');
    expect(await c.names({ status: 'Inactive' })).toEqual(['Oxygen']);
    expect((await c.names({ status: 'All' })).sort()).toEqual([...SEEDED].sort());
    expect((await c.names({ status: '' })).sort()).toEqual([...SEEDED].sort());
    expect((await c.list({ status: 'Deleted' })).statusCode).toBe(400);
  });

  it('requires a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/category/view-all-categories' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/category/get-category/:id', () => {
  let s: TestServer;
  const c = client(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('answers one category by id', async () => {
    const water = await c.byName('Water');
    const res = await c.get(water!._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, result: { category: water } });
  });

  it('answers 404 with a message for an unknown id', async () => {
    const res = await c.get('01234567-89ab-7def-8123-456789abcdef');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'This category does not exist.' });
  });
});

describe('POST /api/category/create-category', () => {
  let s: TestServer;
  const c = client(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('creates a category from multipart form data and serves its image with a long cache', async () => {
    const image = await tinyPng({ r: 200, g: 10, b: 10 });
    const res = await c.send('create-category', {
      name: 'Gas',
      title: 'Cooking gas cylinders',
      description: 'LPG cylinders delivered to your door.',
      image: png(image),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Category Gas created successfully',
    });

    const gas = await c.byName('Gas');
    expect(res.json().result.category).toEqual(gas);
    expect(gas).toMatchObject({
      name: 'Gas',
      title: 'Cooking gas cylinders',
      description: 'LPG cylinders delivered to your door.',
      status: 'Active',
      kind: 'other',
    });
    expect(gas!.image).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);

    expect(await s.readUpload(gas!.image)).toEqual(image);

    const served = await s.app.inject({ method: 'GET', url: gas!.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(image);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('refuses a file that is not an image even when named .png, and writes nothing', async () => {
    const before = await c.uploads();
    const res = await c.send('create-category', {
      name: 'Fake',
      title: 'Fake image',
      description: 'A text file renamed to .png',
      image: png(Buffer.from('this is plain text, not a picture\n'.repeat(20)), 'fake.png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The image must be a JPEG, PNG, WebP or GIF file.',
    });
    expect(await c.byName('Fake')).toBeUndefined();
    expect(await c.uploads()).toEqual(before);
  });

  it('refuses a file with a PNG signature that does not decode', async () => {
    const before = await c.uploads();
    const real = await tinyPng();
    const broken = Buffer.concat([real.subarray(0, 8), Buffer.alloc(64, 7)]);
    const res = await c.send('create-category', {
      name: 'Broken',
      title: 'Broken image',
      description: 'Only the PNG signature is real',
      image: png(broken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The image/);
    expect(await c.byName('Broken')).toBeUndefined();
    expect(await c.uploads()).toEqual(before);
  });

  it('refuses an image over 5 MB with 413 and writes nothing', async () => {
    const before = await c.uploads();
    const real = await tinyPng();
    const huge = Buffer.concat([real, Buffer.alloc(5 * 1024 * 1024 + 1, 0)]);
    const res = await c.send('create-category', {
      name: 'Huge',
      title: 'Huge image',
      description: 'Too big',
      image: png(huge),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, message: 'The image must be 5 MB or smaller.' });
    expect(await c.byName('Huge')).toBeUndefined();
    expect(await c.uploads()).toEqual(before);
  });

  it('names the missing field with 400', async () => {
    const image = png(await tinyPng());
    const full = { name: 'Milk', title: 'Fresh milk', description: 'Daily milk delivery', image };
    const cases: [Record<string, string | FilePart>, string][] = [
      [{ ...full, name: '' }, 'Name is required.'],
      [{ title: full.title, description: full.description, image }, 'Name is required.'],
      [{ ...full, title: '   ' }, 'Title is required.'],
      [{ name: full.name, title: full.title, image }, 'Description is required.'],
      [
        { name: full.name, title: full.title, description: full.description },
        'Please choose an image for the category.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await c.send('create-category', fields);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message });
    }
    expect(await c.byName('Milk')).toBeUndefined();
  });

  it('refuses a duplicate name, whatever its case, with 409 and leaves no new file', async () => {
    const before = await c.uploads();
    const res = await c.send('create-category', {
      name: 'water',
      title: 'Another water',
      description: 'Duplicate of the seeded Water category',
      image: png(await tinyPng({ r: 1, g: 2, b: 3 })),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'A category with this name already exists. Choose another name.',
    });
    expect(await c.names({ search: 'water', status: 'All' })).toEqual(['Water']);
    expect(await c.uploads()).toEqual(before);
  });

  it('refuses a second category of a service kind with 409', async () => {
    const res = await c.send('create-category', {
      name: 'More water',
      title: 'Second water',
      description: 'A second category of kind water',
      kind: 'water',
      image: png(await tinyPng({ r: 4, g: 5, b: 6 })),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'There is already a category of this kind. Each service kind has one category.',
    );
  });
});

describe('POST /api/category/edit-category', () => {
  let s: TestServer;
  const c = client(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('changes title and description and keeps the image when none is sent', async () => {
    const water = await c.byName('Water');
    const res = await c.send('edit-category', {
      categoryId: water!._id,
      name: 'Water',
      title: 'Mineral water jars',
      description: 'Now with 10 litre jars too.',
      image: water!.image,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Category Water updated successfully',
    });
    const after = (await c.get(water!._id)).json().result.category;
    expect(res.json().result.category).toEqual(after);
    expect(after).toMatchObject({
      name: 'Water',
      title: 'Mineral water jars',
      description: 'Now with 10 litre jars too.',
      image: water!.image,
    });
  });

  it('replaces the image when a new one is sent', async () => {
    const laundry = await c.byName('Laundry');
    const image = await tinyPng({ r: 0, g: 200, b: 0 });
    const res = await c.send('edit-category', {
      categoryId: laundry!._id,
      title: laundry!.title,
      description: laundry!.description,
      image: png(image),
    });
    expect(res.statusCode).toBe(200);
    const after: CategoryDto = (await c.get(laundry!._id)).json().result.category;
    expect(after.image).not.toBe(laundry!.image);
    expect(await s.readUpload(after.image)).toEqual(image);
    const served = await s.app.inject({ method: 'GET', url: after.image });
    expect(served.statusCode).toBe(200);
  });

  it('also accepts a JSON body without an image', async () => {
    const tiffin = await c.byName('Tiffin');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/category/edit-category',
      headers: bearer(s.superToken),
      payload: { categoryId: tiffin!._id, title: 'Meal plans', description: 'Lunch and dinner.' },
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get(tiffin!._id)).json().result.category).toMatchObject({
      title: 'Meal plans',
      image: tiffin!.image,
    });
  });

  it('refuses to rename a category', async () => {
    const oxygen = await c.byName('Oxygen');
    const res = await c.send('edit-category', {
      categoryId: oxygen!._id,
      name: 'Air',
      title: oxygen!.title,
      description: oxygen!.description,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The category name cannot be changed.',
    });
    expect((await c.get(oxygen!._id)).json().result.category.name).toBe('Oxygen');
  });

  it('answers 404 for an unknown category and 400 for missing fields', async () => {
    const unknown = await c.send('edit-category', {
      categoryId: 'no-such-category',
      title: 'x',
      description: 'y',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This category does not exist.' });

    const water = await c.byName('Water');
    const noTitle = await c.send('edit-category', { categoryId: water!._id, description: 'y' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Title is required.');
    const noId = await c.send('edit-category', { title: 'x', description: 'y' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe('Category id is required.');
  });

  it('refuses a non-image as the new image and keeps the old one', async () => {
    const water = await c.byName('Water');
    const res = await c.send('edit-category', {
      categoryId: water!._id,
      title: 'Changed?',
      description: water!.description,
      image: png(Buffer.from('%PDF-1.4 not an image'), 'doc.png'),
    });
    expect(res.statusCode).toBe(400);
    const after = (await c.get(water!._id)).json().result.category;
    expect(after.image).toBe(water!.image);
    expect(after.title).toBe(water!.title);
  });
});

describe('category permissions', () => {
  let s: TestServer;
  const c = client(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('lets an admin without Service Management list and read, but not create or edit', async () => {
    const admin = await s.createAdmin({ permissions: { orders: true, banners: true } });
    const list = await c.list({}, admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().result.totalRecords).toBe(5);
    const water = await c.byName('Water');
    expect((await c.get(water!._id, admin.token)).statusCode).toBe(200);

    const before = await c.uploads();
    const create = await c.send(
      'create-category',
      {
        name: 'Denied',
        title: 't',
        description: 'd',
        image: png(await tinyPng({ r: 9, g: 9, b: 9 })),
      },
      admin.token,
    );
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ statusCode: 403, message: NO_SERVICE_PERMISSION });
    expect(await c.byName('Denied')).toBeUndefined();
    expect(await c.uploads()).toEqual(before);

    const edit = await c.send(
      'edit-category',
      { categoryId: water!._id, title: 'Hijacked', description: 'd' },
      admin.token,
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(NO_SERVICE_PERMISSION);
    expect((await c.get(water!._id)).json().result.category.title).toBe(water!.title);
  });

  it('lets an admin with Service Management create and edit', async () => {
    const admin = await s.createAdmin({ permissions: { serviceManagement: true } });
    const create = await c.send(
      'create-category',
      {
        name: 'Groceries',
        title: 'Daily groceries',
        description: 'Staples delivered weekly.',
        image: png(await tinyPng({ r: 90, g: 60, b: 30 })),
      },
      admin.token,
    );
    expect(create.statusCode).toBe(200);
    const groceries = await c.byName('Groceries');
    const edit = await c.send(
      'edit-category',
      { categoryId: groceries!._id, title: 'Weekly groceries', description: 'Staples.' },
      admin.token,
    );
    expect(edit.statusCode).toBe(200);
    expect((await c.get(groceries!._id)).json().result.category.title).toBe('Weekly groceries');
  });

  it('applies a permission change written into the database within a moment, with the same token', async () => {
    const admin = await s.createAdmin({ permissions: {} });
    const water = await c.byName('Water');
    const fields = { categoryId: water!._id, title: water!.title, description: 'Granted later.' };
    expect((await c.send('edit-category', fields, admin.token)).statusCode).toBe(403);

    await s.db
      .update(adminsTable)
      .set({ permissions: { serviceManagement: true } })
      .where(eq(adminsTable.id, admin.id));
    // Written straight into the database: the server hears of it within a moment.
    const within = { timeout: 1000, interval: 20 };
    await expect
      .poll(async () => (await c.send('edit-category', fields, admin.token)).statusCode, within)
      .toBe(200);

    await s.db.update(adminsTable).set({ permissions: {} }).where(eq(adminsTable.id, admin.id));
    await expect
      .poll(async () => (await c.send('edit-category', fields, admin.token)).statusCode, within)
      .toBe(403);
  });

  it('lets the super-admin create, whatever its stored permissions map says', async () => {
    await s.db
      .update(adminsTable)
      .set({ permissions: {} })
      .where(eq(adminsTable.role, 'super-admin'));
    const res = await c.send('create-category', {
      name: 'Pharmacy',
      title: 'Medicines',
      description: 'Prescription delivery.',
      image: png(await tinyPng({ r: 250, g: 250, b: 250 })),
    });
    expect(res.statusCode).toBe(200);
    expect(await s.readUpload((await c.byName('Pharmacy'))!.image)).toBeDefined();
  });
});

describe('GET /api/category/view-all-categories?kind=ecommerce (e-commerce product categories)', () => {
  let s: TestServer;
  const c = client(() => s);
  beforeAll(async () => {
    s = await createTestServer();
    const { seedEcommerce } = await import('@server/db/seed/ecommerce');
    await seedEcommerce(s.db, s.uploads);
  }, 60_000);
  afterAll(() => s.close());

  it('lists the sub-categories of the E-commerce category with product counts; without kind, the categories', async () => {
    const res = await c.list({ kind: 'ecommerce', sort: 'name' });
    expect(res.statusCode).toBe(200);
    const { categories, ...paging } = res.json().result;
    expect(paging).toEqual({ totalRecords: 5, currentPage: 1, totalPages: 1 });
    expect(categories.map((x: { name: string }) => x.name)).toEqual([
      'Cleaning Supplies',
      'Home Essentials',
      'Kitchen & Dining',
      'Personal Care',
      'Snacks & Beverages',
    ]);
    expect(categories[0]).toMatchObject({ productCount: 8, status: 'Active' });
    expect(categories[0]).not.toHaveProperty('kind');
    expect((await c.names({ sort: 'name' })).sort()).toEqual([...SEEDED].sort());
  });
});

describe('HSN/SAC code and GST rate of a category (issue 16)', () => {
  let s: TestServer;
  const c = client(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  const editWater = async (fields: Record<string, string>) => {
    const water = (await c.byName('Water'))!;
    return c.send('edit-category', {
      categoryId: water._id,
      title: water.title,
      description: water.description,
      ...fields,
    });
  };

  it('answers null for both on a category added without them, on the list and by id', async () => {
    const made = await c.send('create-category', {
      name: 'Milk',
      title: 'Milk packets',
      description: 'Morning delivery.',
      image: png(await tinyPng({ r: 9, g: 9, b: 9 })),
    });
    expect(made.json().result.category).toMatchObject({ hsnCode: null, gstRate: null });
    expect(await c.byName('Milk')).toMatchObject({ hsnCode: null, gstRate: null });
    const one = await c.get(made.json().result.category._id);
    expect(one.json().result.category).toMatchObject({ hsnCode: null, gstRate: null });
  });

  it('stores them on add and edit, answers them on every read, and keeps them when left out', async () => {
    const made = await c.send('create-category', {
      name: 'Laundry Plus',
      title: 'Dry cleaning',
      description: 'Dry cleaning and pressing.',
      image: png(await tinyPng({ r: 1, g: 2, b: 3 })),
      hsnCode: '999712',
      gstRate: '18',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().result.category).toMatchObject({ hsnCode: '999712', gstRate: 18 });
    expect(await c.byName('Laundry Plus')).toMatchObject({ hsnCode: '999712', gstRate: 18 });

    const edited = await editWater({ hsnCode: '2201', gstRate: '12' });
    expect(edited.json().result.category).toMatchObject({ hsnCode: '2201', gstRate: 12 });
    const id = edited.json().result.category._id;
    expect((await c.get(id)).json().result.category).toMatchObject({
      hsnCode: '2201',
      gstRate: 12,
    });
    // A client that does not send them (the form of old) keeps them.
    const kept = await editWater({ title: 'Jars and cans' });
    expect(kept.json().result.category).toMatchObject({
      title: 'Jars and cans',
      hsnCode: '2201',
      gstRate: 12,
    });
  });

  it('refuses a wrong code or rate with a message saying what to enter, and changes nothing', async () => {
    await editWater({ hsnCode: '2201', gstRate: '18' });
    const water = (await c.byName('Water'))!;
    const before = (await c.get(water._id)).json().result.category;
    const cases: [Record<string, string>, string][] = [
      [
        { hsnCode: '22-01' },
        'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).',
      ],
      [{ hsnCode: '9997' }, 'A SAC code (a service) is 6 digits starting with 99, e.g. 999712.'],
      [{ gstRate: '10' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.'],
      [{ gstRate: '-18' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.'],
    ];
    for (const [fields, message] of cases) {
      const res = await editWater({ title: 'Changed', ...fields });
      expect(res.json(), JSON.stringify(fields)).toEqual({ statusCode: 400, message });
    }
    expect((await c.get(water._id)).json().result.category).toEqual(before);

    const refused = await c.send('create-category', {
      name: 'Refused',
      title: 'Refused',
      description: 'Refused',
      image: png(await tinyPng()),
      gstRate: '19',
    });
    expect(refused.statusCode).toBe(400);
    expect(await c.byName('Refused')).toBeUndefined();
  });

  it('clears them when sent empty', async () => {
    await editWater({ hsnCode: '2201', gstRate: '18' });
    const cleared = await editWater({ hsnCode: '', gstRate: '' });
    expect(cleared.json().result.category).toMatchObject({ hsnCode: null, gstRate: null });
    expect(await c.byName('Water')).toMatchObject({ hsnCode: null, gstRate: null });
  });
});
