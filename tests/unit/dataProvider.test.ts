import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { NETWORK_ERROR } from '@/providers/httpClient';
import type { ResourceDeclaration } from '@/providers/resource';
import { stubApi } from './apiStub';

const { calls, answers } = stubApi();

const provider = createDataProvider(resources);

describe('categories calls', () => {
  it('lists through GET category/view-all-categories with status, paging, search and sort', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: {
          categories: [{ _id: 'c1', name: 'Water' }],
          totalRecords: 21,
          currentPage: 2,
          totalPages: 3,
        },
      },
    });
    const result = await provider.getList('categories', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'wat' },
    });
    const [call] = calls;
    expect(call!.method).toBe('GET');
    expect(call!.url.pathname).toBe('/api/category/view-all-categories');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      status: 'Active',
      page: '2',
      limit: '10',
      search: 'wat',
      sort: 'name',
      sortOrder: 'desc',
    });
    expect(call!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(result).toEqual({ data: [{ _id: 'c1', id: 'c1', name: 'Water' }], total: 21 });
  });

  it('reads one category by id (our addition)', async () => {
    answers.push({
      body: { statusCode: 200, result: { category: { _id: 'c9', name: 'Oxygen' } } },
    });
    const { data } = await provider.getOne('categories', { id: 'c9' });
    expect(calls[0]!.url.pathname).toBe('/api/category/get-category/c9');
    expect(data).toMatchObject({ id: 'c9', name: 'Oxygen' });
  });

  it('creates as multipart with the image file and returns the server message', async () => {
    answers.push({
      body: {
        statusCode: 200,
        message: 'Category Milk created successfully',
        result: { category: { _id: 'new1', name: 'Milk' } },
      },
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'milk.png', { type: 'image/png' });
    const result = await provider.create('categories', {
      data: {
        name: 'Milk',
        title: 'Fresh milk',
        description: 'Daily',
        kind: 'other',
        image: { rawFile: file, src: 'blob:x', title: 'milk.png' },
        unrelated: 'left out',
      },
    });
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/api/category/create-category');
    expect(call.body).toBeInstanceOf(FormData);
    const form = call.body as FormData;
    expect([...form.keys()]).toEqual(['name', 'title', 'description', 'image', 'kind']);
    expect((form.get('image') as File).name).toBe('milk.png');
    expect(result.data.id).toBe('new1');
    expect((result as { meta?: { message?: string } }).meta?.message).toBe(
      'Category Milk created successfully',
    );
  });

  it('edits as multipart, naming the id categoryId and keeping an unchanged image path', async () => {
    await provider.update('categories', {
      id: 'c1',
      data: {
        id: 'c1',
        name: 'Water',
        title: 'Jars',
        description: 'd',
        image: '/uploads/ab/x.png',
      },
      previousData: { id: 'c1' },
    });
    const form = calls[0]!.body as FormData;
    expect(calls[0]!.url.pathname).toBe('/api/category/edit-category');
    expect(Object.fromEntries(form)).toEqual({
      name: 'Water',
      title: 'Jars',
      description: 'd',
      image: '/uploads/ab/x.png',
      categoryId: 'c1',
    });
  });
});

describe('envelopes and errors', () => {
  const demo: ResourceDeclaration = {
    name: 'demo',
    routes: [],
    api: {
      envelope: 'statuscode',
      list: { method: 'GET', path: 'demo/list', paging: 'top' },
      create: { method: 'POST', path: 'demo/add', bodyKind: 'form' },
      delete: { method: 'POST', path: 'demo/delete/:id', bodyKind: 'json', idField: 'bannerId' },
    },
  };
  const plans: ResourceDeclaration = {
    name: 'plans',
    routes: [],
    api: {
      envelope: 'success',
      update: { method: 'POST', path: 'plan/update-plan', idField: 'planId' },
    },
  };
  const p = createDataProvider([demo, plans]);

  it('reads paging at the top level of the answer', async () => {
    answers.push({
      body: { data: [{ _id: 'a' }, { _id: 'b' }], totalRecords: 12, page: 1, totalPage: 2 },
    });
    const result = await p.getList('demo', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'x', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(12);
    expect(result.data.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('sends URL-encoded forms and JSON with the declared id field', async () => {
    await p.create('demo', { data: { title: 'Sale', count: 3 } });
    expect(calls[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(String(calls[0]!.body)).toBe('title=Sale&count=3');
    await p.delete('demo', { id: 'z9', previousData: { id: 'z9' } });
    expect(calls[1]!.url.pathname).toBe('/api/demo/delete/z9');
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ bannerId: 'z9' });
  });

  it('treats a lower-case statuscode other than 200 as a failure with the server message', async () => {
    answers.push({ body: { statuscode: 400, message: 'Title is required.' } });
    await expect(p.create('demo', { data: {} })).rejects.toMatchObject({
      message: 'Title is required.',
      status: 400,
    });
  });

  it('reads the success flag of the plan update', async () => {
    answers.push({ body: { success: false, message: 'Plan not found.' } });
    await expect(
      p.update('plans', { id: 'p1', data: {}, previousData: { id: 'p1' } }),
    ).rejects.toThrow('Plan not found.');
    answers.push({ body: { success: true, message: 'Plan updated.' } });
    await expect(
      p.update('plans', { id: 'p1', data: { name: 'Monthly' }, previousData: { id: 'p1' } }),
    ).resolves.toMatchObject({ data: { id: 'p1', name: 'Monthly' } });
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ name: 'Monthly', planId: 'p1' });
  });

  it('turns an HTTP error into an HttpError with the status and message', async () => {
    answers.push({
      status: 403,
      body: { statusCode: 403, message: 'You do not have the permission.' },
    });
    const error = await provider.getOne('categories', { id: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, message: 'You do not have the permission.' });
  });

  it('reports a network failure with a message a person understands', async () => {
    answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(provider.getOne('categories', { id: 'x' })).rejects.toMatchObject({
      message: NETWORK_ERROR,
      status: 0,
    });
  });

  const shapes: ResourceDeclaration[] = [
    {
      name: 'things',
      routes: [],
      api: {
        list: {
          method: 'GET',
          path: 'thing/by-parent/:parentId',
          paging: 'none',
          resultKey: 'things',
        },
        create: {
          method: 'POST',
          path: 'thing/add',
          bodyKind: 'json',
          fields: ['number', 'kind'],
          fieldNames: { number: 'pinCode' },
          envelope: 'statusCode',
        },
      },
    },
    {
      name: 'parts',
      routes: [],
      api: {
        list: { method: 'POST', path: 'part/by-parent', bodyKind: 'form', resultKey: 'parts' },
      },
    },
  ];
  const s = createDataProvider(shapes);

  it('fills path parameters from the filter and reads a whole list without paging', async () => {
    answers.push({ body: { statusCode: 200, result: { things: [{ _id: 't1' }, { _id: 't2' }] } } });
    const result = await s.getList('things', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { parentId: 'p 1', status: 'Active' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/thing/by-parent/p%201');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ status: 'Active' });
    expect(result.total).toBe(2);
  });

  it('sends a POST list as a body and renames fields the call names otherwise', async () => {
    answers.push({ body: { statusCode: 200, result: { parts: [] } } });
    await s.getList('parts', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { categoryId: 'c1' },
    });
    expect(calls[0]!.method).toBe('POST');
    expect(new URLSearchParams(String(calls[0]!.body)).get('categoryId')).toBe('c1');
    await s.create('things', { data: { number: '560001', kind: 'Home', extra: 1 } });
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ pinCode: '560001', kind: 'Home' });
  });
});
