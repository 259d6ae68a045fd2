import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { banners } from '@resources/banners';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';

const { calls, answers } = stubApi({ statuscode: 200, message: 'ok' });

const provider = createDataProvider([banners]);
const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const BANNER = {
  _id: 'b1',
  bannerId: 'b1',
  title: 'Summer offer',
  categoryId: '123456789',
  imageUrl: ['/uploads/aa/1.png', '/uploads/bb/2.png'],
  status: 'Active',
};

describe('banner calls', () => {
  it('lists through GET banner/by-category/{id} with status, paging, search and sort', async () => {
    answers.push({
      body: {
        statuscode: 200,
        result: { banners: [BANNER], totalRecords: 11, currentPage: 2, totalPages: 2 },
      },
    });
    const result = await provider.getList('banners', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { categoryId: '123456789', q: 'summer' },
    });
    const [call] = calls;
    expect(call!.method).toBe('GET');
    expect(call!.url.pathname).toBe('/api/banner/by-category/123456789');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      status: 'Active',
      page: '2',
      limit: '10',
      search: 'summer',
      sort: 'createdAt',
      sortOrder: 'asc',
    });
    expect(call!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(result.total).toBe(11);
    expect(result.data[0]).toMatchObject({ id: 'b1', title: 'Summer offer' });
  });

  it('lists a category’s banners by its id', async () => {
    answers.push({ body: { statuscode: 200, result: { banners: [], totalRecords: 0 } } });
    await provider.getList('banners', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { categoryId: 'cat-7' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/banner/by-category/cat-7');
  });

  it('reads one banner through GET banner/get-banner/{id}', async () => {
    answers.push({ body: { statuscode: 200, result: { banner: BANNER } } });
    const { data } = await provider.getOne('banners', { id: 'b1' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/banner/get-banner/b1');
    expect(data).toMatchObject({ id: 'b1', imageUrl: BANNER.imageUrl });
  });

  it('creates with POST banner/create-banner as multipart, several files under `image`', async () => {
    answers.push({
      body: {
        statuscode: 200,
        message: 'Banner Summer offer created successfully',
        result: { banner: BANNER },
      },
    });
    const result = await provider.create('banners', {
      data: {
        title: 'Summer offer',
        categoryId: '123456789',
        image: [{ rawFile: png('one.png') }, { rawFile: png('two.png') }],
        ignored: 'not a field of the call',
      },
    });
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url.pathname).toBe('/api/banner/create-banner');
    const form = call!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['title', 'image', 'image', 'categoryId']);
    expect(form.get('title')).toBe('Summer offer');
    expect(form.get('categoryId')).toBe('123456789');
    expect(form.getAll('image').map((f) => (f as File).name)).toEqual(['one.png', 'two.png']);
    expect((result as { meta?: { message?: string } }).meta?.message).toBe(
      'Banner Summer offer created successfully',
    );
  });

  it('edits with POST banner/edit-banner: bannerId, and no image part when none is chosen', async () => {
    await provider.update('banners', {
      id: 'b1',
      data: { ...BANNER, title: 'Winter offer', categoryId: 'cat-7', image: undefined },
      previousData: { ...BANNER, id: 'b1' },
    });
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url.pathname).toBe('/api/banner/edit-banner');
    const form = call!.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      title: 'Winter offer',
      categoryId: 'cat-7',
      bannerId: 'b1',
    });
  });

  it('edits with new files', async () => {
    await provider.update('banners', {
      id: 'b1',
      data: { title: 'x', image: [{ rawFile: png('new.png') }] },
      previousData: { ...BANNER, id: 'b1' },
    });
    const form = calls[0]!.body as FormData;
    expect(form.getAll('image').map((f) => (f as File).name)).toEqual(['new.png']);
  });

  it('deletes with POST banner/delete-banner {bannerId} as multipart', async () => {
    await provider.delete('banners', { id: 'b1', previousData: { ...BANNER, id: 'b1' } });
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url.pathname).toBe('/api/banner/delete-banner');
    const form = call!.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({ bannerId: 'b1' });
  });

  it('reads the lower-case statuscode: a non-200 code is a failure with the server message', async () => {
    answers.push({
      status: 200,
      body: { statuscode: 404, message: 'This banner does not exist.' },
    });
    const error = await provider.getOne('banners', { id: 'zz' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('This banner does not exist.');
    expect((error as HttpError).status).toBe(404);
  });
});
