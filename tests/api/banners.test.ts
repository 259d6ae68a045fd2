import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannersTable } from '@server/db/schema';
import { seedBanners } from '@server/db/seed/banners';
import { bearer, createTestServer, tinyPng, type FilePart, type TestServer } from './helpers';

const HOME = '123456789';
const NO_BANNER_PERMISSION =
  'You do not have the Banners Management permission. Ask the super-admin to grant it.';

interface BannerDto {
  _id: string;
  bannerId: string;
  title: string;
  categoryId: string;
  imageUrl: string[];
  status: string;
  createdAt: string;
}

type Field = string | FilePart | FilePart[];

const png = (data: Buffer, filename = 'banner.png'): FilePart => ({
  filename,
  contentType: 'image/png',
  data,
});

/** A multipart body as a browser's FormData sends it, with several files under one name. */
function multipart(fields: Record<string, Field>) {
  const boundary = `----hs-banner-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`,
          ),
        );
      } else {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\n` +
              `Content-Type: ${part.contentType}\r\n\r\n`,
          ),
          part.data,
          Buffer.from('\r\n'),
        );
      }
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let server: TestServer;
let water: string;
let oxygen: string;

function send(
  action: 'create-banner' | 'edit-banner' | 'delete-banner',
  fields: Record<string, Field>,
  token = server.superToken,
) {
  const { payload, headers } = multipart(fields);
  return server.app.inject({
    method: 'POST',
    url: `/api/banner/${action}`,
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

function list(id: string, query: Record<string, string | number> = {}, token = server.superToken) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return server.app.inject({
    method: 'GET',
    url: `/api/banner/by-category/${id}?${qs}`,
    headers: bearer(token),
  });
}

const get = (id: string, token = server.superToken) =>
  server.app.inject({ method: 'GET', url: `/api/banner/get-banner/${id}`, headers: bearer(token) });

const titles = async (id: string, query: Record<string, string | number> = {}) =>
  ((await list(id, query)).json().result.banners as BannerDto[]).map((b) => b.title);

const uploads = () => server.storedUploads();
const bannerCount = async () => (await server.db.select().from(bannersTable)).length;

/** Creates a banner and returns its record from the answer. */
async function create(fields: Record<string, Field>): Promise<BannerDto> {
  const res = await send('create-banner', fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.banner;
}

beforeAll(async () => {
  server = await createTestServer();
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/category/view-all-categories?limit=100',
    headers: bearer(server.superToken),
  });
  const cats = res.json().result.categories as { _id: string; name: string }[];
  water = cats.find((c) => c.name === 'Water')!._id;
  oxygen = cats.find((c) => c.name === 'Oxygen')!._id;
});

afterAll(() => server.close());

describe('POST banner/create-banner', () => {
  it('creates a Home banner with two images, answering statuscode', async () => {
    const res = await send('create-banner', {
      title: 'Summer offer',
      image: [png(await tinyPng({ r: 1, g: 2, b: 3 })), png(await tinyPng({ r: 4, g: 5, b: 6 }))],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statuscode).toBe(200);
    expect(body).not.toHaveProperty('statusCode');
    expect(body.message).toBe('Banner Summer offer created successfully');
    const banner = body.result.banner as BannerDto;
    expect(banner).toMatchObject({
      title: 'Summer offer',
      categoryId: HOME,
      status: 'Active',
      bannerId: banner._id,
    });
    expect(banner.imageUrl).toHaveLength(2);
    for (const url of banner.imageUrl) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      const file = await server.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
    }
    const [row] = await server.db.select().from(bannersTable);
    expect(row!.categoryId).toBeNull();
  });

  it('creates a banner of a category, also with one image and 123456789 meaning Home', async () => {
    const a = await create({
      title: 'Jar week',
      categoryId: water,
      image: png(await tinyPng({ r: 7, g: 8, b: 9 })),
    });
    expect(a.categoryId).toBe(water);
    expect(a.imageUrl).toHaveLength(1);
    const b = await create({
      title: 'Home again',
      categoryId: HOME,
      image: png(await tinyPng({ r: 7, g: 8, b: 10 })),
    });
    expect(b.categoryId).toBe(HOME);
  });

  it('requires a title and at least one image', async () => {
    const noTitle = await send('create-banner', { image: png(await tinyPng()) });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({ statuscode: 400, message: 'Title is required.' });
    const noImage = await send('create-banner', { title: 'No picture' });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toEqual({
      statuscode: 400,
      message: 'Please choose at least one image for the banner.',
    });
    const textImage = await send('create-banner', { title: 'Text', image: 'a path' });
    expect(textImage.json().message).toBe('Please choose at least one image for the banner.');
  });

  it('refuses a text file named .png and leaves no row and no file', async () => {
    const before = { rows: await bannerCount(), files: await uploads() };
    const res = await send('create-banner', {
      title: 'Fake',
      image: [
        png(await tinyPng({ r: 200, g: 1, b: 1 }), 'good.png'),
        png(Buffer.from('just some text, not a picture'), 'fake.png'),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statuscode: 400,
      message: 'The image must be a JPEG, PNG, WebP or GIF file.',
    });
    expect(await bannerCount()).toBe(before.rows);
    expect(await uploads()).toEqual(before.files);
  });

  it('refuses an unknown category with 404 and leaves no file', async () => {
    const before = await uploads();
    const res = await send('create-banner', {
      title: 'Lost',
      categoryId: 'no-such-category',
      image: png(await tinyPng({ r: 201, g: 1, b: 1 })),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().statuscode).toBe(404);
    expect(res.json().message).toMatch(/category does not exist/);
    expect(await uploads()).toEqual(before);
  });

  it('refuses more than 10 images', async () => {
    const images = await Promise.all(
      Array.from({ length: 11 }, (_, i) => tinyPng({ r: i, g: 99, b: 99 }).then((d) => png(d))),
    );
    const res = await send('create-banner', { title: 'Too many', image: images });
    expect(res.statusCode).toBe(413);
    expect(res.json().statuscode).toBe(413);
  });
});

describe('GET banner/by-category/{id}', () => {
  it('lists the Home banners for 123456789 and a category’s banners for its id', async () => {
    const home = await list(HOME, { status: 'Active', page: 1, limit: 10 });
    expect(home.statusCode).toBe(200);
    const body = home.json();
    expect(body.statuscode).toBe(200);
    expect(body.result.banners.map((b: BannerDto) => b.title)).toEqual([
      'Summer offer',
      'Home again',
    ]);
    expect(body.result).toMatchObject({ totalRecords: 2, currentPage: 1, totalPages: 1 });
    expect(body.result.banners.every((b: BannerDto) => b.categoryId === HOME)).toBe(true);
    expect(await titles(water)).toEqual(['Jar week']);
    expect(await titles(oxygen)).toEqual([]);
  });

  it('searches, sorts and pages', async () => {
    expect(await titles(HOME, { search: 'summer' })).toEqual(['Summer offer']);
    expect(await titles(HOME, { sort: 'title', sortOrder: 'desc' })).toEqual([
      'Summer offer',
      'Home again',
    ]);
    const page2 = (await list(HOME, { page: 2, limit: 1 })).json().result;
    expect(page2).toMatchObject({ totalRecords: 2, currentPage: 2, totalPages: 2 });
    expect(page2.banners).toHaveLength(1);
  });

  it('answers 404 for an unknown category and 400 for a bad query, spelled statuscode', async () => {
    const unknown = await list('no-such-category');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().statuscode).toBe(404);
    const bad = await list(HOME, { limit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ statuscode: 400, message: 'Limit must be between 1 and 1000.' });
  });
});

describe('GET banner/get-banner/{id}', () => {
  it('answers one banner, or 404', async () => {
    const [id] = (await list(water)).json().result.banners.map((b: BannerDto) => b._id);
    const res = await get(id);
    expect(res.json()).toMatchObject({
      statuscode: 200,
      result: { banner: { _id: id, bannerId: id, title: 'Jar week', categoryId: water } },
    });
    const missing = await get('no-such-banner');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statuscode: 404, message: 'This banner does not exist.' });
  });
});

describe('POST banner/edit-banner', () => {
  it('changes title and category and keeps the images when none is sent', async () => {
    const banner = await create({
      title: 'Editable',
      image: png(await tinyPng({ r: 9, g: 9, b: 1 })),
    });
    const res = await send('edit-banner', {
      bannerId: banner._id,
      title: 'Edited',
      categoryId: oxygen,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().statuscode).toBe(200);
    expect(res.json().message).toBe('Banner Edited updated successfully');
    const after = (await get(banner._id)).json().result.banner as BannerDto;
    expect(after).toMatchObject({ title: 'Edited', categoryId: oxygen, imageUrl: banner.imageUrl });
    // Back to Home; an empty title keeps the title.
    await send('edit-banner', { bannerId: banner._id, title: '', categoryId: HOME });
    expect((await get(banner._id)).json().result.banner).toMatchObject({
      title: 'Edited',
      categoryId: HOME,
    });
  });

  it('replaces the image list with new files', async () => {
    const banner = await create({
      title: 'Replace',
      image: png(await tinyPng({ r: 9, g: 9, b: 2 })),
    });
    const images = [
      png(await tinyPng({ r: 9, g: 9, b: 3 })),
      png(await tinyPng({ r: 9, g: 9, b: 4 })),
    ];
    const res = await send('edit-banner', { bannerId: banner._id, image: images });
    const after = res.json().result.banner as BannerDto;
    expect(after.imageUrl).toHaveLength(2);
    expect(after.imageUrl).not.toContain(banner.imageUrl[0]);
  });

  it('refuses bad input without changing the banner or leaving files', async () => {
    const banner = await create({
      title: 'Stable',
      image: png(await tinyPng({ r: 9, g: 9, b: 5 })),
    });
    const before = await uploads();
    const fake = await send('edit-banner', {
      bannerId: banner._id,
      image: [png(await tinyPng({ r: 9, g: 9, b: 6 })), png(Buffer.from('text'), 'x.png')],
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().statuscode).toBe(400);
    const badCategory = await send('edit-banner', {
      bannerId: banner._id,
      categoryId: 'nope',
      image: png(await tinyPng({ r: 9, g: 9, b: 7 })),
    });
    expect(badCategory.statusCode).toBe(404);
    expect(await uploads()).toEqual(before);
    expect((await get(banner._id)).json().result.banner).toMatchObject({
      title: 'Stable',
      imageUrl: banner.imageUrl,
      categoryId: HOME,
    });
    const unknown = await send('edit-banner', { bannerId: 'no-such-banner', title: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statuscode: 404, message: 'This banner does not exist.' });
    const noId = await send('edit-banner', { title: 'x' });
    expect(noId.json()).toEqual({ statuscode: 400, message: 'Banner id is required.' });
  });
});

describe('POST banner/delete-banner', () => {
  it('deletes a banner, then answers 404 for it', async () => {
    const banner = await create({
      title: 'Short lived',
      image: png(await tinyPng({ r: 9, g: 9, b: 8 })),
    });
    const res = await send('delete-banner', { bannerId: banner._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statuscode: 200,
      message: 'Banner Short lived deleted successfully',
    });
    expect((await get(banner._id)).statusCode).toBe(404);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/banner/delete-banner',
      headers: bearer(server.superToken),
      payload: { bannerId: banner._id },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().statuscode).toBe(404);
    const none = await send('delete-banner', {});
    expect(none.json()).toEqual({ statuscode: 400, message: 'Banner id is required.' });
  });
});

describe('access', () => {
  it('asks for a session and the banners group on every call', async () => {
    const ordersOnly = await server.createAdmin({ permissions: { orders: true } });
    const bannersAdmin = await server.createAdmin({ permissions: { banners: true } });
    const [some] = (await list(HOME)).json().result.banners as BannerDto[];
    const calls = [
      () => list(HOME, {}, ordersOnly.token),
      () => get(some!._id, ordersOnly.token),
      () => send('create-banner', { title: 'x' }, ordersOnly.token),
      () => send('edit-banner', { bannerId: some!._id }, ordersOnly.token),
      () => send('delete-banner', { bannerId: some!._id }, ordersOnly.token),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statuscode: 403, message: NO_BANNER_PERMISSION });
    }
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `/api/banner/by-category/${HOME}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().statuscode).toBe(401);
    expect((await list(HOME, {}, bannersAdmin.token)).statusCode).toBe(200);
    expect((await get(some!._id, bannersAdmin.token)).statusCode).toBe(200);
  });
});

describe('seedBanners', () => {
  it('seeds Home banners and one wide banner per category, once', async () => {
    const fresh = await createTestServer();
    try {
      expect(await seedBanners(fresh.db, fresh.uploads)).toBe(true);
      expect(await seedBanners(fresh.db, fresh.uploads)).toBe(false);
      const rows = await fresh.db.select().from(bannersTable);
      const home = rows.filter((r) => r.categoryId === null);
      expect(home.length).toBeGreaterThanOrEqual(1);
      expect(rows.length - home.length).toBe(5);
      const first = rows.find((r) => r.imageUrls.length)!.imageUrls[0]!;
      const file = await fresh.app.inject({ method: 'GET', url: first });
      expect(file.statusCode).toBe(200);
      const sharp = (await import('sharp')).default;
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([1200, 400, 'png']);
    } finally {
      await fresh.close();
    }
  });
});
