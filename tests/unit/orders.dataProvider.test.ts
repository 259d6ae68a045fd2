import { describe, expect, it } from 'vitest';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import { assigningJobs } from '@resources/assigningJobs';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';

const { calls, answers } = stubApi();
const provider = createDataProvider<AppActions>(resources);

const paging = { totalRecords: 42, currentPage: 2, totalPages: 5 };
const query = (i = 0) => Object.fromEntries(calls[i]!.url.searchParams);
const order = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  orderId: `OD250305${id.toUpperCase()}`,
  ...extra,
});

describe('orders calls (spec 001 §7, docs/api.md)', () => {
  it('lists every order with GET order/view-all-orders, status, serviceId, paging and sortField', async () => {
    answers.push({ body: { statusCode: 200, result: { orders: [order('a1')], ...paging } } });
    const result = await provider.getList('orders', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'totalAmount', order: 'ASC' },
      filter: { status: 'Out for Delivery', serviceId: 'w1' },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/order/view-all-orders');
    expect(query()).toEqual({
      status: 'Out for Delivery',
      serviceId: 'w1',
      page: '2',
      limit: '20',
      sortField: 'totalAmount',
      sortOrder: 'asc',
    });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(result).toEqual({ data: [{ ...order('a1'), id: 'a1' }], total: 42 });
  });

  it('asks GET order/by-type for one page of fresh orders, sorted on the server', async () => {
    answers.push({
      body: { statusCode: 200, result: { freshOrders: [order('f21')], ...paging } },
    });
    const result = await provider.getList('orders', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'totalAmount', order: 'DESC' },
      filter: {},
      meta: { list: 'fresh' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/order/by-type');
    expect(query()).toEqual({
      type: 'fresh',
      page: '3',
      limit: '10',
      sortField: 'totalAmount',
      sortOrder: 'desc',
    });
    expect(result).toEqual({ data: [{ ...order('f21'), id: 'f21' }], total: 42 });
  });

  it('reads the reorder page from result.reorderOrders', async () => {
    answers.push({
      body: { statusCode: 200, result: { reorderOrders: [order('r1'), order('r2')], ...paging } },
    });
    const result = await provider.getList('orders', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
      meta: { list: 'reorder' },
    });
    expect(query()).toMatchObject({ type: 'reorder', page: '1', limit: '10' });
    expect(result.data.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(result.total).toBe(42);
  });

  it('lists one service with GET order/orders-by-serviceId', async () => {
    answers.push({ body: { statusCode: 200, result: { orders: [order('s1')], ...paging } } });
    const result = await provider.getList('orders', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { serviceId: 't1' },
      meta: { list: 'byService' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/order/orders-by-serviceId');
    expect(query()).toEqual({
      serviceId: 't1',
      page: '1',
      limit: '10',
      sortField: 'createdAt',
      sortOrder: 'desc',
    });
    expect(result.total).toBe(42);
  });

  it('refuses a list the declaration does not name', async () => {
    await expect(
      provider.getList('orders', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: '', order: 'ASC' },
        filter: {},
        meta: { list: 'weekly' },
      }),
    ).rejects.toThrow('The orders resource declares no weekly list');
    expect(calls).toHaveLength(0);
  });

  it('reads one order with GET order/get-order/{id} (addition), for orders and jobs alike', async () => {
    const full = order('o9', {
      accessories: [
        { _id: 'x', detail: { _id: 'd', name: 'Jar stand' }, quantity: 2, amount: 150 },
      ],
      statusHistory: [
        { fromStatus: null, toStatus: 'Pending', at: '2025-03-05T10:00:00Z', by: null },
      ],
    });
    answers.push({ body: { statusCode: 200, result: { order: full } } });
    answers.push({ body: { statusCode: 200, result: { order: full } } });
    const { data } = await provider.getOne('orders', { id: 'o9' });
    await provider.getOne('assigningJobs', { id: 'o 9' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/order/get-order/o9');
    expect(calls[1]!.url.pathname).toBe('/api/order/get-order/o%209');
    expect(data).toMatchObject({ id: 'o9', accessories: [{ quantity: 2 }] });
  });

  it('turns an unknown order into an error with the server message', async () => {
    answers.push({ status: 404, body: { statusCode: 404, message: 'This order does not exist.' } });
    await expect(provider.getOne('orders', { id: 'zz' })).rejects.toMatchObject({
      status: 404,
      message: 'This order does not exist.',
    });
  });

  it('updates the status with POST order/update-status as multipart { orderId, status }', async () => {
    answers.push({ body: { statusCode: 200, message: 'Order status updated to Delivered.' } });
    const result = await provider.setOrderStatus({ id: 'o1', status: 'Delivered' });
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/api/order/update-status');
    expect(call.body).toBeInstanceOf(FormData);
    // The `_id`, not the order number, goes as orderId.
    expect(Object.fromEntries((call.body as FormData).entries())).toEqual({
      status: 'Delivered',
      orderId: 'o1',
    });
    expect(result).toMatchObject({ meta: { message: 'Order status updated to Delivered.' } });
  });

  it('updates a job through the same action from the assigning-jobs screens', async () => {
    expect(assigningJobs.api.update).toBeUndefined();
    await provider.setOrderStatus({ id: 'j1', status: 'Out for Delivery' });
    expect(calls[0]!.url.pathname).toBe('/api/order/update-status');
    expect(Object.fromEntries((calls[0]!.body as FormData).entries())).toEqual({
      status: 'Out for Delivery',
      orderId: 'j1',
    });
  });
});

describe('assigning jobs calls', () => {
  it('lists jobs with GET order/assign-jobs/{serviceId}, pincode, search, paging and sort', async () => {
    answers.push({ body: { statusCode: 200, result: { orders: [order('j1')], ...paging } } });
    const result = await provider.getList('assigningJobs', {
      pagination: { page: 2, perPage: 30 },
      sort: { field: 'pincode', order: 'ASC' },
      filter: { serviceId: 'w1', pincode: '560034', q: 'Aarav' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/order/assign-jobs/w1');
    expect(query()).toEqual({
      pincode: '560034',
      page: '2',
      limit: '30',
      search: 'Aarav',
      sort: 'pincode',
      sortOrder: 'asc',
    });
    expect(result.total).toBe(42);
    expect(result.data.map((r) => r.id)).toEqual(['j1']);
  });

  it('hands back no base64 sheet from the list (the job sheet streams from order/job-sheet)', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: { orders: [order('j1')], ...paging, pdf: 'JVBERi0xLjQK' },
      },
    });
    const result = await provider.getList('assigningJobs', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { serviceId: 'w1', pincode: '560034', q: 'OD25', wantPdf: true },
    });
    expect(query()).toEqual({
      pincode: '560034',
      wantPdf: 'true',
      page: '1',
      limit: '10',
      search: 'OD25',
      sort: 'createdAt',
      sortOrder: 'desc',
    });
    expect(result).not.toHaveProperty('meta');
    expect(result.data).toHaveLength(1);
  });
});
