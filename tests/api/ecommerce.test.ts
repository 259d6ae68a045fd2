import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesTable, ecommerceProductsTable, subCategoriesTable } from '@server/db/schema';
import { ECOMMERCE_SHELVES, seedEcommerce } from '@server/db/seed/ecommerce';
import { deniedMessage } from '@server/permissions';
import { createTestServer, type TestServer, apiClient, withQuery } from './helpers';

interface ProductDto {
  _id: string;
  title: string;
  brandName: string;
  description: string;
  image: string;
  price: number;
  discountPrice: number;
  stockQuantity: number;
  noOfSolds: number;
  status: string;
  category: { _id: string; name: string };
  createdAt: string;
}

interface EcommCategoryDto {
  _id: string;
  name: string;
  title: string;
  description: string;
  image: string;
  status: string;
  productCount: number;
  createdAt: string;
}

const SHELF_NAMES = [
  'Cleaning Supplies',
  'Home Essentials',
  'Kitchen & Dining',
  'Personal Care',
  'Snacks & Beverages',
];

let s: TestServer;
let seededFirst: boolean;
let seededAgain: boolean;

beforeAll(async () => {
  s = await createTestServer();
  seededFirst = await seedEcommerce(s.db, s.uploads);
  seededAgain = await seedEcommerce(s.db, s.uploads);
}, 60_000);
afterAll(() => s.close());

const api = apiClient(() => s);
const get = (url: string, query: Record<string, string | number> = {}, token?: string | null) =>
  api.get(withQuery(url, query), token);

async function products(query: Record<string, string | number> = {}) {
  const res = await get('e-comm/admin-get-all-products', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    products: ProductDto[];
    totalRecords: number;
    currentPage: number;
    totalPages: number;
  };
}

async function ecommCategories(query: Record<string, string | number> = {}) {
  const res = await get('category/view-all-categories', { kind: 'ecommerce', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    categories: EcommCategoryDto[];
    totalRecords: number;
    currentPage: number;
    totalPages: number;
  };
}

describe('the demo e-commerce catalogue (seedEcommerce)', () => {
  it('runs once: a second run adds nothing', async () => {
    expect(seededFirst).toBe(true);
    expect(seededAgain).toBe(false);
    const [n] = await s.db.select({ n: count() }).from(ecommerceProductsTable);
    expect(n!.n).toBe(40);
  });

  it('puts five product categories under the E-commerce category, eight products each', async () => {
    const rows = await s.db
      .select({ name: subCategoriesTable.name, kind: categoriesTable.kind })
      .from(subCategoriesTable)
      .innerJoin(categoriesTable, eq(categoriesTable.id, subCategoriesTable.categoryId));
    expect(rows.map((r) => r.name).sort()).toEqual(SHELF_NAMES);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['ecommerce']));
    for (const shelf of ECOMMERCE_SHELVES) expect(shelf.products).toHaveLength(8);
  });

  it('holds realistic Indian products: known brands, rupee prices, offers, sold counts, a few Inactive', async () => {
    const { products: all } = await products({ limit: 100, status: 'All' });
    const brands = new Set(all.map((p) => p.brandName));
    for (const brand of ['Prestige', 'Milton', 'Vim', 'Harpic', 'Dettol', 'Colgate', 'Tata Tea']) {
      expect(brands).toContain(brand);
    }
    expect(brands).toContain("Haldiram's");
    for (const p of all) {
      expect(p.price).toBeGreaterThanOrEqual(50);
      expect(p.price).toBeLessThan(10_000);
      expect(p.discountPrice).toBeGreaterThan(0);
      expect(p.discountPrice).toBeLessThanOrEqual(p.price);
      expect(p.noOfSolds).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(10);
      expect(await s.uploads.info(p.image), p.image).toBeDefined();
    }
    const inactive = all.filter((p) => p.status === 'Inactive');
    expect(inactive.length).toBeGreaterThanOrEqual(3);
    expect(inactive.length).toBeLessThanOrEqual(6);
    // Added over the last six months, not all at one instant.
    const ages = all.map((p) => (Date.now() - new Date(p.createdAt).getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(150);
    expect(Math.max(...ages)).toBeLessThan(190);
    expect(new Set(all.map((p) => p.createdAt)).size).toBe(40);
  });

  it('does nothing without an e-commerce category', async () => {
    const other = await createTestServer();
    try {
      await other.db.delete(categoriesTable).where(eq(categoriesTable.kind, 'ecommerce'));
      expect(await seedEcommerce(other.db, other.uploads)).toBe(false);
      const [n] = await other.db.select({ n: count() }).from(subCategoriesTable);
      expect(n!.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/e-comm/admin-get-all-products', () => {
  it('answers a page of products, newest first, with their category and paging', async () => {
    const result = await products();
    expect(result).toMatchObject({ totalRecords: 40, currentPage: 1, totalPages: 4 });
    expect(result.products).toHaveLength(10);
    const first = result.products[0]!;
    expect(first).toEqual({
      _id: expect.any(String),
      title: expect.any(String),
      brandName: expect.any(String),
      description: expect.any(String),
      image: expect.stringMatching(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/),
      price: expect.any(Number),
      discountPrice: expect.any(Number),
      stockQuantity: expect.any(Number),
      noOfSolds: expect.any(Number),
      status: expect.stringMatching(/^(Active|Inactive)$/),
      category: { _id: expect.any(String), name: expect.any(String) },
      createdAt: expect.any(String),
    });
    expect(SHELF_NAMES).toContain(first.category.name);
    const times = result.products.map((p) => new Date(p.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages through every product once', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const result = await products({ page, limit: 12 });
      expect(result).toMatchObject({ totalRecords: 40, currentPage: page, totalPages: 4 });
      expect(result.products).toHaveLength(page < 4 ? 12 : 4);
      seen.push(...result.products.map((p) => p._id));
    }
    expect(new Set(seen).size).toBe(40);
    expect((await products({ page: 5, limit: 12 })).products).toEqual([]);
  });

  it('searches title and brand, case-insensitively, with wildcards taken literally', async () => {
    const titles = async (search: string) =>
      (await products({ search, limit: 100 })).products.map((p) => p.title).sort();
    // Brand: both Dettol products.
    expect(await titles('dETTOL')).toEqual([
      'Instant Hand Sanitizer 500 ml',
      'Original Bathing Soap 125 g, pack of 4',
    ]);
    // Title: the two pressure cookers (Prestige and Hawkins).
    expect(await titles('pressure cooker')).toEqual([
      'Contura Hard Anodised Pressure Cooker 2 L',
      'Popular Aluminium Pressure Cooker 3 L',
    ]);
    expect(await titles('Tata')).toEqual(['Gold Tea 500 g']);
    // Tata Tea's Gold Tea matches in both columns and is listed once.
    expect(await titles('tea')).toEqual(['Gold Tea 500 g']);
    expect(await titles('%')).toEqual([]);
    expect(await titles('no such thing')).toEqual([]);
    const counted = await products({ search: 'dettol', limit: 1 });
    expect(counted).toMatchObject({ totalRecords: 2, totalPages: 2 });
  });

  it('sorts by title, brand, sold count, price and date in either order', async () => {
    const all = (await products({ limit: 100 })).products;
    const by = async (sort: string, sortOrder?: string) =>
      (await products({ sort, limit: 100, ...(sortOrder ? { sortOrder } : {}) })).products;

    const titleAsc = (await by('title')).map((p) => p.title);
    const caseless = (a: string, b: string) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
    expect(titleAsc).toEqual(all.map((p) => p.title).sort(caseless));
    expect(titleAsc.indexOf('Glass and Surface Cleaner 500 ml')).toBeLessThan(
      titleAsc.indexOf('Glass Mixing Bowl Set of 3'),
    );
    expect((await by('title', 'desc')).map((p) => p.title)).toEqual([...titleAsc].reverse());

    const sold = (await by('noOfSolds', 'desc')).map((p) => p.noOfSolds);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect((await by('noOfSolds', 'desc'))[0]!.title).toBe('2-Minute Masala Noodles, pack of 12');

    const prices = (await by('price')).map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(60);

    const brands = (await by('brandName', 'desc')).map((p) => p.brandName);
    expect(brands[0]).toBe('Vim');
    expect(brands.at(-1)).toBe('Amul');

    const oldest = (await by('createdAt', 'asc')).map((p) => p.createdAt);
    expect(oldest).toEqual(all.map((p) => p.createdAt).reverse());
  });

  it('filters by status', async () => {
    expect((await products({ status: 'Inactive', limit: 100 })).products).toHaveLength(4);
    const active = await products({ status: 'Active', limit: 100 });
    expect(active.totalRecords).toBe(36);
    expect(new Set(active.products.map((p) => p.status))).toEqual(new Set(['Active']));
    expect((await products({ status: 'All' })).totalRecords).toBe(40);
    expect((await products({ status: '' })).totalRecords).toBe(40);
    const inactiveNivea = await products({ status: 'Inactive', search: 'nivea' });
    expect(inactiveNivea.products.map((p) => p.brandName)).toEqual(['Nivea']);
  });

  it('refuses bad queries with a message a person can act on', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ sort: 'password' }, 'Sort must be one of: createdAt, title, brandName, noOfSolds, price.'],
      [{ status: 'Deleted' }, 'Status must be Active, Inactive or All.'],
      [{ page: 0 }, 'Page number should be greater than or equal to 1'],
      [{ limit: 5000 }, 'Limit must be between 1 and 1000.'],
      [{ page: 'two' }, 'Page must be a number.'],
    ];
    for (const [query, message] of cases) {
      const res = await get('e-comm/admin-get-all-products', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message });
    }
  });

  it('is for admins holding Others: 403 without it, 401 without a token', async () => {
    const withoutOthers = await s.createAdmin({
      permissions: { orders: true, serviceManagement: true },
    });
    const denied = await get('e-comm/admin-get-all-products', {}, withoutOthers.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ statusCode: 403, message: deniedMessage('others') });

    const withOthers = await s.createAdmin({ permissions: { others: true } });
    const allowed = await get('e-comm/admin-get-all-products', {}, withOthers.token);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().result.totalRecords).toBe(40);

    expect((await get('e-comm/admin-get-all-products', {}, '')).statusCode).toBe(401);
  });
});

describe('GET /api/category/view-all-categories?kind=ecommerce', () => {
  it('answers the e-commerce product categories with their product counts', async () => {
    const result = await ecommCategories({ sort: 'name' });
    expect(result).toMatchObject({ totalRecords: 5, currentPage: 1, totalPages: 1 });
    expect(result.categories.map((c) => c.name)).toEqual(SHELF_NAMES);
    for (const c of result.categories) {
      expect(c).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        image: expect.stringMatching(/^\/uploads\//),
        status: 'Active',
        productCount: 8,
        createdAt: expect.any(String),
      });
    }
    // The products list names the same categories.
    const { products: all } = await products({ limit: 100 });
    const ids = new Set(result.categories.map((c) => c._id));
    for (const p of all) expect(ids).toContain(p.category._id);
  });

  it('counts a new product in its category, and leaves out sub-categories of other services', async () => {
    const [kitchen] = await s.db
      .select()
      .from(subCategoriesTable)
      .where(eq(subCategoriesTable.name, 'Kitchen & Dining'));
    const [water] = await s.db
      .select()
      .from(categoriesTable)
      .where(eq(categoriesTable.kind, 'water'));
    const [laundryLike] = await s.db
      .insert(subCategoriesTable)
      .values({
        categoryId: water!.id,
        name: 'Dispensers',
        title: 'Water dispensers',
        description: 'Not an e-commerce shelf.',
        image: kitchen!.image,
      })
      .returning();
    const [added] = await s.db
      .insert(ecommerceProductsTable)
      .values({
        subCategoryId: kitchen!.id,
        title: 'Steel Lunch Box, 3 containers',
        brandName: 'Milton',
        image: kitchen!.image,
        price: '650.00',
        discountPrice: '549.00',
      })
      .returning();
    try {
      const { categories } = await ecommCategories({ limit: 100 });
      expect(categories.map((c) => c.name)).not.toContain('Dispensers');
      expect(categories.find((c) => c.name === 'Kitchen & Dining')!.productCount).toBe(9);
      expect(categories.find((c) => c.name === 'Personal Care')!.productCount).toBe(8);
    } finally {
      await s.db.delete(ecommerceProductsTable).where(eq(ecommerceProductsTable.id, added!.id));
      await s.db.delete(subCategoriesTable).where(eq(subCategoriesTable.id, laundryLike!.id));
    }
  });

  it('pages, searches, sorts and filters by status', async () => {
    const pageTwo = await ecommCategories({ page: 2, limit: 2, sort: 'name' });
    expect(pageTwo).toMatchObject({ totalRecords: 5, currentPage: 2, totalPages: 3 });
    expect(pageTwo.categories.map((c) => c.name)).toEqual(['Kitchen & Dining', 'Personal Care']);

    expect((await ecommCategories({ sort: 'name', sortOrder: 'desc' })).categories[0]!.name).toBe(
      'Snacks & Beverages',
    );
    expect((await ecommCategories({ search: 'CARE' })).categories.map((c) => c.name)).toEqual([
      'Personal Care',
    ]);

    await s.db
      .update(subCategoriesTable)
      .set({ status: 'Inactive' })
      .where(eq(subCategoriesTable.name, 'Home Essentials'));
    try {
      const active = await ecommCategories({ status: 'Active' });
      expect(active.totalRecords).toBe(4);
      const inactive = await ecommCategories({ status: 'Inactive' });
      expect(inactive.categories.map((c) => [c.name, c.status])).toEqual([
        ['Home Essentials', 'Inactive'],
      ]);
      expect((await ecommCategories({ status: 'All' })).totalRecords).toBe(5);
    } finally {
      await s.db
        .update(subCategoriesTable)
        .set({ status: 'Active' })
        .where(eq(subCategoriesTable.name, 'Home Essentials'));
    }
  });

  it('refuses a sort sub-categories do not have, and another kind', async () => {
    const bySort = await get('category/view-all-categories', { kind: 'ecommerce', sort: 'kind' });
    expect(bySort.statusCode).toBe(400);
    expect(bySort.json().message).toBe('Sort must be one of: name, title, createdAt.');
    const byKind = await get('category/view-all-categories', { kind: 'water' });
    expect(byKind.statusCode).toBe(400);
    expect(byKind.json().message).toBe('Kind must be ecommerce, or left out.');
  });

  it('leaves the plain categories list as it was (no kind, or an empty kind)', async () => {
    for (const query of [{}, { kind: '' }] as Record<string, string>[]) {
      const res = await get('category/view-all-categories', query);
      expect(res.statusCode).toBe(200);
      const { categories, totalRecords } = res.json().result;
      expect(totalRecords).toBe(5);
      expect(categories.map((c: { kind: string }) => c.kind).sort()).toEqual([
        'ecommerce',
        'laundry',
        'oxygen',
        'tiffin',
        'water',
      ]);
    }
  });

  it('is open to any signed-in admin, like the categories list', async () => {
    const nobody = await s.createAdmin({ permissions: {} });
    const res = await get('category/view-all-categories', { kind: 'ecommerce' }, nobody.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.totalRecords).toBe(5);
    expect((await get('category/view-all-categories', { kind: 'ecommerce' }, '')).statusCode).toBe(
      401,
    );
  });
});
