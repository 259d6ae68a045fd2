import { describe, expect, it } from 'vitest';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';

/*
 * Subscriptions (issue 35): the exact calls the panel makes for the contract's
 * subscription/* and order/get-customer-orders.
 */

const SUB = { _id: 's1', status: 'Active', customer: { _id: 'u1', name: 'Asha Rao' } };
const { calls, answers } = stubApi({
  statusCode: 200,
  message: 'ok',
  result: {
    subscriptions: [SUB],
    subscription: SUB,
    totalRecords: 1,
    currentPage: 1,
    totalPages: 1,
  },
});
const provider = createDataProvider<AppActions>(resources);
const body = (i = 0) => JSON.parse(String(calls[i]!.body));
const query = (i = 0) => Object.fromEntries(calls[i]!.url.searchParams);

describe('subscription calls (issue 35 contract)', () => {
  it('lists with GET subscription/get-all-subscriptions: page, limit, search and every filter', async () => {
    const { data, total } = await provider.getList('subscriptions', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {
        q: '98765',
        status: 'Paused',
        serviceId: 'w1',
        pincode: '560034',
        slot: '7 AM - 9 AM',
        endingWithin: '7',
        userId: 'u1',
      },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/subscription/get-all-subscriptions');
    expect(query()).toEqual({
      page: '2',
      limit: '20',
      search: '98765',
      status: 'Paused',
      serviceId: 'w1',
      pincode: '560034',
      slot: '7 AM - 9 AM',
      endingWithin: '7',
      userId: 'u1',
    });
    expect(data).toEqual([{ ...SUB, id: 's1' }]);
    expect(total).toBe(1);
  });

  it('exports the list as CSV with GET subscription/export-subscriptions and the same filters', async () => {
    answers.push(
      () =>
        new Response('Customer,Service\n', {
          headers: { 'content-type': 'text/csv' },
        }),
    );
    const { data } = await provider.exportList('subscriptions', {
      filter: { q: 'asha', status: 'Active' },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    expect(calls[0]!.input).toBe(
      '/api/subscription/export-subscriptions?status=Active&search=asha',
    );
    expect(data.fileName).toBe('subscriptions.csv');
  });

  it('reads one with GET subscription/get-subscription/{id}, and its details with history', async () => {
    const { data } = await provider.getOne('subscriptions', { id: 's1' });
    expect(calls[0]!.input).toBe('/api/subscription/get-subscription/s1');
    expect(data).toMatchObject({ id: 's1', status: 'Active' });
    await provider.subscriptionDetails({ id: 's1' });
    expect(calls[1]!.input).toBe('/api/subscription/get-subscription/s1');
  });

  it('adds with POST subscription/create, JSON, leaving out empty inputs', async () => {
    await provider.create('subscriptions', {
      data: {
        userId: 'u1',
        productId: 'p1',
        planId: undefined,
        accessories: [{ accessoryId: 'a1', quantity: 2 }],
        quantity: 2,
        returnQuantity: 2,
        schedule: { kind: 'weekdays', weekdays: [1, 4] },
        slot: '7 AM - 9 AM',
        addressId: undefined,
        startDate: '2025-03-06',
        endDate: null,
        paymentMethod: 'Cash on Delivery',
        specialInstruction: 'Ring twice',
        serviceId: 'w1',
      },
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/subscription/create');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(body()).toEqual({
      userId: 'u1',
      productId: 'p1',
      accessories: [{ accessoryId: 'a1', quantity: 2 }],
      quantity: 2,
      returnQuantity: 2,
      schedule: { kind: 'weekdays', weekdays: [1, 4] },
      slot: '7 AM - 9 AM',
      startDate: '2025-03-06',
      paymentMethod: 'Cash on Delivery',
      specialInstruction: 'Ring twice',
    });
  });

  it('edits with POST subscription/edit { subscriptionId, ... } and hands back madeOrders', async () => {
    const made = [{ _id: 'o1', orderId: 'OD1', deliveryDay: '2025-03-06', status: 'Pending' }];
    answers.push({
      body: {
        statusCode: 200,
        message: 'Subscription updated',
        result: { subscription: SUB, madeOrders: made },
      },
    });
    const { data, meta } = await provider.editSubscription({
      subscriptionId: 's1',
      quantity: 3,
      schedule: { kind: 'everyNDays', everyNDays: 3 },
    });
    expect(calls[0]!.url.pathname).toBe('/api/subscription/edit');
    expect(body()).toEqual({
      subscriptionId: 's1',
      quantity: 3,
      schedule: { kind: 'everyNDays', everyNDays: 3 },
    });
    expect(data.madeOrders).toEqual(made);
    expect(meta.message).toBe('Subscription updated');
  });

  it('pauses, resumes, skips, undoes a skip and cancels a made order with JSON bodies', async () => {
    await provider.pauseSubscription({
      subscriptionId: 's1',
      from: '2025-03-06',
      to: '2025-03-09',
      reason: 'Travelling',
      extendEnd: true,
    });
    expect(calls[0]!.url.pathname).toBe('/api/subscription/pause');
    expect(body(0)).toEqual({
      subscriptionId: 's1',
      from: '2025-03-06',
      to: '2025-03-09',
      reason: 'Travelling',
      extendEnd: true,
    });
    await provider.pauseSubscription({ subscriptionId: 's1', from: '2025-03-06' });
    expect(body(1)).toEqual({ subscriptionId: 's1', from: '2025-03-06' });
    await provider.resumeSubscription({ subscriptionId: 's1' });
    expect(calls[2]!.url.pathname).toBe('/api/subscription/resume');
    expect(body(2)).toEqual({ subscriptionId: 's1' });
    await provider.skipSubscriptionDay({ subscriptionId: 's1', date: '2025-03-07' });
    expect(calls[3]!.url.pathname).toBe('/api/subscription/skip');
    expect(body(3)).toEqual({ subscriptionId: 's1', date: '2025-03-07' });
    await provider.unskipSubscriptionDay({ subscriptionId: 's1', date: '2025-03-07' });
    expect(calls[4]!.url.pathname).toBe('/api/subscription/unskip');
    expect(body(4)).toEqual({ subscriptionId: 's1', date: '2025-03-07' });
    await provider.cancelSubscriptionDayOrder({ subscriptionId: 's1', orderId: 'o1' });
    expect(calls[5]!.url.pathname).toBe('/api/subscription/cancel-day-order');
    expect(body(5)).toEqual({ subscriptionId: 's1', orderId: 'o1' });
    expect(calls.every((c) => c.method === 'POST')).toBe(true);
  });

  it('asks a month of the calendar with GET subscription/calendar/{id}?month=', async () => {
    await provider.subscriptionCalendar({ id: 's1', month: '2025-03' });
    expect(calls[0]!.input).toBe('/api/subscription/calendar/s1?month=2025-03');
  });

  it("lists a customer's orders with GET order/get-customer-orders?userId&page&limit", async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: {
          orders: [{ _id: 'o1', orderId: 'OD1' }],
          totalRecords: 11,
          currentPage: 2,
          totalPages: 2,
        },
      },
    });
    const { data, total } = await provider.getList('orders', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { userId: 'u1' },
      meta: { list: 'byCustomer' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/order/get-customer-orders');
    expect(query()).toEqual({ userId: 'u1', page: '2', limit: '10' });
    expect(data).toEqual([{ _id: 'o1', orderId: 'OD1', id: 'o1' }]);
    expect(total).toBe(11);
  });
});
