import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  HttpError,
  TestMemoryRouter,
  testDataProvider,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { App } from '@/App';
import { formatDateTime, formatRupees } from '@/format';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import {
  accessDecided,
  fakeAuthProvider,
  headers,
  heading,
  renderPanel,
  SEEDED_CATEGORIES,
  SLOW,
} from './helpers';

const LAUNDRY = { ...SEEDED_CATEGORIES[0]!, id: 'l1', _id: 'l1', name: 'Laundry', kind: 'laundry' };
const CATEGORIES = [...SEEDED_CATEGORIES, LAUNDRY];
const service = (id: string) => {
  const c = CATEGORIES.find((x) => x.id === id)!;
  return { _id: c.id, name: c.name, kind: c.kind };
};

const WATER_ORDER = {
  id: 'ord-w',
  _id: 'ord-w',
  orderId: 'OD250305K3F9QZ',
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T12:30:00.000Z',
  userId: '0193aaaa-bbbb-7ccc-8ddd-eeeeffff0001',
  user: {
    _id: '0193aaaa-bbbb-7ccc-8ddd-eeeeffff0001',
    name: 'Aarav Sharma',
    firstName: 'Aarav',
    lastName: 'Sharma',
    email: 'aarav@example.in',
    phone: '9876543210',
  },
  serviceId: 'w1',
  service: service('w1'),
  product: { _id: 'p1', name: '20 L Jar' },
  productId: { _id: 'p1', name: '20 L Jar' },
  plan: null,
  orderType: 'fresh',
  quantity: 3,
  returnQuantity: 2,
  price: 90,
  amount: 570,
  deliveryCharge: 30,
  emergencyCharge: 50,
  gst: 12.5,
  totalAmount: 662.5,
  paymentMethod: null,
  isEmergency: true,
  status: 'Pending',
  pickupTime: null,
  deliveryTime: '7 AM - 9 AM',
  startDate: null,
  endDate: null,
  specialInstruction: 'Ring the bell twice',
  address: { fullAddress: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  deliveryAddress: null,
  pickupAddress: null,
  pincode: '560001',
};

const LAUNDRY_ORDER = {
  ...WATER_ORDER,
  id: 'ord-l',
  _id: 'ord-l',
  orderId: 'OD250306LAUNDR',
  createdAt: '2025-03-06T10:00:00.000Z',
  userId: '0193bbbb-cccc-7ddd-8eee-ffff00000002',
  user: { ...WATER_ORDER.user, _id: '0193bbbb-cccc-7ddd-8eee-ffff00000002', name: 'Rohan Mehta' },
  serviceId: 'l1',
  service: service('l1'),
  returnQuantity: 0,
  isEmergency: false,
  // An older order without a total: the panel shows price + delivery charge.
  totalAmount: null,
  price: 300,
  deliveryCharge: 40,
  status: 'Out for Delivery',
};

const DETAIL = {
  ...WATER_ORDER,
  accessories: [
    { _id: 'a1', detail: { _id: 'd1', name: 'Jar stand' }, quantity: 2, amount: 150 },
    { _id: 'a2', detail: { _id: 'd2', name: 'Dispenser pump' }, quantity: 1, amount: 99 },
  ],
  statusHistory: [
    { fromStatus: null, toStatus: 'Pending', at: '2025-03-05T10:00:00.000Z', by: null },
    {
      fromStatus: 'Pending',
      toStatus: 'Out for Delivery',
      at: '2025-03-05T11:00:00.000Z',
      by: { _id: 'a1', name: 'Asha Admin' },
    },
    {
      fromStatus: 'Out for Delivery',
      toStatus: 'Pending',
      at: '2025-03-05T12:30:00.000Z',
      by: { _id: 'a1', name: 'Asha Admin' },
    },
  ],
};

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'setOrderStatus']: Mock };

function fakeOrders(orders: RaRecord[] = [WATER_ORDER, LAUNDRY_ORDER], overrides = {}): Fake {
  let rows = orders;
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: CATEGORIES, total: CATEGORIES.length };
      return { data: rows, total: rows.length };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'categories') {
        const category = CATEGORIES.find((c) => c.id === id);
        if (!category) throw new HttpError('This category does not exist.', 404);
        return { data: category };
      }
      // The detail follows the status set meanwhile (Mark As Delivered stays on the order).
      if (id === DETAIL.id) {
        return {
          data: { ...DETAIL, status: rows.find((o) => o.id === id)?.status ?? DETAIL.status },
        };
      }
      const order = rows.find((o) => o.id === id);
      if (!order) throw new HttpError('This order does not exist.', 404);
      return { data: { ...order, accessories: [], statusHistory: [] } };
    }),
    setOrderStatus: vi.fn(async ({ id, ...data }: { id: unknown; status: string }) => {
      rows = rows.map((o) => (o.id === id ? { ...o, ...data } : o));
      return { data: undefined, meta: { message: `Order status updated to ${data.status}.` } };
    }),
    ...overrides,
  } as never) as Fake;
}

const orderCalls = (dp: Fake) => dp.getList.mock.calls.filter(([r]) => r === 'orders');
const rowOf = (orderId: string) => screen.getByText(orderId).closest('tr')!;

describe('orders lists', () => {
  it('lists every order with the spec columns, the emergency dot, Return per service and the amount fallback', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/1', { dataProvider });
    await heading('Orders');
    const table = await screen.findByRole('table');
    expect(headers(table)).toEqual([
      'Date',
      'Family Id',
      'Customer Name',
      'Order ID',
      'Return',
      'Amount',
      'Status',
      'Actions',
    ]);
    const water = rowOf('OD250305K3F9QZ');
    expect(within(water).getByText('05-03-2025')).toBeInTheDocument();
    // The family id is cut to its last 10 characters, the full id in the tooltip.
    expect(within(water).getByText('eeffff0001')).toHaveAttribute('title', WATER_ORDER.userId);
    expect(within(water).getByText('Aarav Sharma')).toBeInTheDocument();
    expect(within(water).getByRole('img', { name: 'Emergency' })).toBeInTheDocument();
    expect(within(water).getByText('2')).toBeInTheDocument();
    expect(within(water).getByText(formatRupees(662.5))).toBeInTheDocument();
    expect(within(water).getByText('Pending')).toBeInTheDocument();
    expect(within(water).getByRole('link', { name: 'View order OD250305K3F9QZ' })).toHaveAttribute(
      'href',
      '/order/view/ord-w',
    );

    const laundry = rowOf('OD250306LAUNDR');
    expect(within(laundry).queryByRole('img', { name: 'Emergency' })).not.toBeInTheDocument();
    // Laundry collects nothing: a dash in the Return column of the mixed list.
    expect(within(laundry).getByText('—')).toBeInTheDocument();
    expect(within(laundry).getByText(formatRupees(340))).toBeInTheDocument();
    expect(within(laundry).getByText('Out for Delivery')).toBeInTheDocument();

    expect(orderCalls(dataProvider)[0]![1]).toMatchObject({
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
      pagination: { page: 1, perPage: 10 },
    });
    expect(orderCalls(dataProvider)[0]![1].meta).toBeUndefined();
  });

  it('filters by ?status= and ?serviceId= from the address and titles the list after them', async () => {
    const dataProvider = fakeOrders([LAUNDRY_ORDER]);
    render(
      <TestMemoryRouter initialEntries={['/orders/1?status=Out for Delivery&serviceId=l1']}>
        <App dataProvider={dataProvider} authProvider={fakeAuthProvider()} />
      </TestMemoryRouter>,
    );
    await heading('Out for Delivery Laundry Orders');
    const table = await screen.findByRole('table');
    // One laundry service: no Return column at all.
    expect(headers(table)).not.toContain('Return');
    expect(orderCalls(dataProvider).at(-1)![1].filter).toEqual({
      status: 'Out for Delivery',
      serviceId: 'l1',
    });
  });

  it('shows the Pending Orders of the dashboard link', async () => {
    const dataProvider = fakeOrders([WATER_ORDER]);
    render(
      <TestMemoryRouter initialEntries={['/orders/1?status=Pending']}>
        <App dataProvider={dataProvider} authProvider={fakeAuthProvider()} />
      </TestMemoryRouter>,
    );
    await heading('Pending Orders');
    await waitFor(() =>
      expect(orderCalls(dataProvider).at(-1)![1].filter).toEqual({ status: 'Pending' }),
    );
  });

  it('sorts through the Amount header and not through Customer Name', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/1', { dataProvider });
    const table = await screen.findByRole('table', {}, SLOW);
    expect(within(table).queryByRole('button', { name: /customer name/i })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by amount ascending' }));
    await waitFor(() =>
      expect(orderCalls(dataProvider).at(-1)![1].sort).toEqual({
        field: 'totalAmount',
        order: 'ASC',
      }),
    );
  });

  it('lists one service at order/{serviceId}/{page}, with Return for water and oxygen only', async () => {
    const dataProvider = fakeOrders([{ ...WATER_ORDER, service: service('o1'), serviceId: 'o1' }]);
    renderPanel('/order/o1/1', { dataProvider });
    await heading('Oxygen Orders');
    const table = await screen.findByRole('table');
    expect(headers(table)).toContain('Return');
    expect(within(table).getByText('2')).toBeInTheDocument();
    expect(orderCalls(dataProvider).at(-1)![1]).toMatchObject({
      meta: { list: 'byService' },
      filter: { serviceId: 'o1' },
    });
  });

  it('leaves the Return column out of a tiffin list', async () => {
    const dataProvider = fakeOrders([{ ...WATER_ORDER, service: service('t1'), serviceId: 't1' }]);
    renderPanel('/order/t1/1', { dataProvider });
    await heading('Tiffin Orders');
    expect(headers(await screen.findByRole('table'))).not.toContain('Return');
  });

  it('lists fresh orders and reorders from the by-type lists, viewed at order-type/view', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/fresh/1', { dataProvider });
    await heading('Fresh Orders');
    expect(await screen.findByRole('link', { name: 'View order OD250305K3F9QZ' })).toHaveAttribute(
      'href',
      '/order-type/view/ord-w',
    );
    expect(orderCalls(dataProvider).at(-1)![1].meta).toEqual({ list: 'fresh' });
  });

  it('titles the reorder list Reorders', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/reorder/2', { dataProvider });
    await heading('Reorders');
    await waitFor(() =>
      expect(orderCalls(dataProvider).at(-1)![1]).toMatchObject({
        meta: { list: 'reorder' },
        pagination: { page: 2, perPage: 10 },
      }),
    );
  });

  it('says "No results found." for an empty list', async () => {
    renderPanel('/orders/1', { dataProvider: fakeOrders([]) });
    expect(await screen.findByText('No results found.', {}, SLOW)).toBeInTheDocument();
  });

  it('says "Failed to fetch orders" when the list cannot be loaded', async () => {
    const dataProvider = fakeOrders([], {
      getList: vi.fn(async (resource: string) => {
        if (resource === 'categories') return { data: CATEGORIES, total: 4 };
        throw new HttpError('Something went wrong on our side. Please try again.', 500);
      }),
    });
    renderPanel('/orders/1', { dataProvider });
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Failed to fetch orders');
  });

  it('refuses a go-to page beyond the last with "Invalid page number"', async () => {
    renderPanel('/orders/1', { dataProvider: fakeOrders() });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.type(screen.getByRole('textbox', { name: 'Go to page' }), '7');
    await userEvent.tab();
    expect(await screen.findByText('Invalid page number')).toBeInTheDocument();
  });
});

describe('order status modal', () => {
  it('preselects the current status, saves the new one, shows the server message and refreshes', async () => {
    let finish: () => void = () => {};
    const dataProvider = fakeOrders();
    const realUpdate = dataProvider.setOrderStatus.getMockImplementation()!;
    dataProvider.setOrderStatus.mockImplementation(async (...args: unknown[]) => {
      await new Promise<void>((resolve) => (finish = resolve));
      return realUpdate(...args);
    });
    renderPanel('/orders/1', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit status of order OD250306LAUNDR' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([
      'Pending',
      'Out for Delivery',
      'Delivered',
      'Cancelled',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Out for Delivery' })).toBeChecked();
    // Nothing to save until another status is chosen.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    const loads = orderCalls(dataProvider).length;

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Delivered' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating ...' })).toBeDisabled();
    finish();

    expect(await screen.findByText('Order status updated to Delivered.')).toBeInTheDocument();
    expect(dataProvider.setOrderStatus).toHaveBeenCalledWith({ id: 'ord-l', status: 'Delivered' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(orderCalls(dataProvider).length).toBeGreaterThan(loads));
    expect(await within(rowOf('OD250306LAUNDR')).findByText('Delivered')).toBeInTheDocument();
  });

  it('chooses Pending for an order without a status', async () => {
    renderPanel('/orders/1', { dataProvider: fakeOrders([{ ...WATER_ORDER, status: null }]) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit status of order OD250305K3F9QZ' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Pending' })).toBeChecked();
  });

  it('keeps the modal open with the failure message and the server reason', async () => {
    const dataProvider = fakeOrders(undefined, {
      setOrderStatus: vi.fn(async () => {
        throw new HttpError('This order does not exist.', 404);
      }),
    });
    renderPanel('/orders/1', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit status of order OD250305K3F9QZ' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Cancelled' }));
    // Cancelling asks a reason (issue 37).
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Failed to update status. Please try again. This order does not exist.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('View Order', () => {
  it('shows every field of the order, its accessories and its status history', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/order/view/ord-w', { dataProvider });
    await heading('View Order');
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'orders',
      expect.objectContaining({ id: 'ord-w' }),
    );
    const field = (label: string) => {
      const dt = screen.getAllByText(label).find((el) => el.tagName === 'DT');
      return dt!.nextElementSibling!.textContent;
    };
    expect(field('Name')).toBe('Aarav Sharma');
    expect(field('Email')).toBe('aarav@example.in');
    expect(field('Phone')).toBe('+91 98765 43210');
    expect(field('Family Id')).toBe(WATER_ORDER.userId);
    expect(field('Address')).toBe('12 MG Road, Bengaluru, Karnataka 560001');
    expect(field('Service')).toBe('Water');
    expect(field('Product')).toBe('20 L Jar');
    expect(field('Quantity')).toBe('3');
    expect(field('Jars to collect')).toBe('2');
    expect(field('Order Type')).toBe('Fresh');
    expect(field('Payment Method')).toBe('Online');
    expect(field('Delivery Time')).toBe('7 AM - 9 AM');
    expect(field('Pickup Time')).toBe('—');
    expect(field('Special Instruction')).toBe('Ring the bell twice');
    expect(field('Emergency')).toBe('Yes');
    expect(field('Status')).toBe('Pending');
    expect(field('Placed On')).toBe(formatDateTime(WATER_ORDER.createdAt));
    expect(field('Price')).toBe(formatRupees(90));
    expect(field('Delivery Charge')).toBe(formatRupees(30));
    expect(field('Emergency Charge')).toBe(formatRupees(50));
    expect(field('GST')).toBe(formatRupees(12.5));
    expect(field('Total Amount')).toBe(formatRupees(662.5));

    const accessories = screen.getByRole('table', { name: 'Accessories' });
    const stand = within(accessories).getByText('Jar stand').closest('tr')!;
    // Amount x quantity: 2 x ₹150.
    expect(within(stand).getByText(formatRupees(300))).toBeInTheDocument();
    expect(within(stand).getByText('2')).toBeInTheDocument();
    expect(within(accessories).getByText(formatRupees(99))).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'Status History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      `Placed → Pending${formatDateTime('2025-03-05T10:00:00.000Z')}Placed by the customer`,
      `Pending → Out for Delivery${formatDateTime('2025-03-05T11:00:00.000Z')}Asha Admin`,
      `Out for Delivery → Pending${formatDateTime('2025-03-05T12:30:00.000Z')}Asha Admin`,
    ]);
  });

  it('shows pickup and drop addresses and the plan of a tiffin order', async () => {
    const tiffin = {
      ...WATER_ORDER,
      id: 'ord-t',
      _id: 'ord-t',
      service: service('t1'),
      product: null,
      productId: null,
      plan: { _id: 'pl1', name: 'Monthly Veg', duration: 30 },
      address: null,
      pickupAddress: {
        fullAddress: '4 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
      },
      deliveryAddress: {
        fullAddress: '9 Brigade Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
      startDate: '2025-03-01',
      endDate: '2025-03-30',
      paymentMethod: 'Wallet',
    };
    renderPanel('/order/view/ord-t', { dataProvider: fakeOrders([tiffin]) });
    await heading('View Order');
    expect(screen.getByText('4 Residency Road, Bengaluru, Karnataka 560025')).toBeInTheDocument();
    expect(screen.getByText('9 Brigade Road, Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(screen.getByText('Monthly Veg (30 days)')).toBeInTheDocument();
    expect(screen.getByText('01-03-2025')).toBeInTheDocument();
    expect(screen.getByText('30-03-2025')).toBeInTheDocument();
    expect(screen.getByText('Wallet')).toBeInTheDocument();
    expect(screen.queryByText('Jars to collect')).not.toBeInTheDocument();
  });

  it('marks a Pending order delivered in one click, shows the server message and stays on it', async () => {
    const dataProvider = fakeOrders();
    render(
      <TestMemoryRouter initialEntries={['/orders/1', '/order/view/ord-w']} initialIndex={1}>
        <App dataProvider={dataProvider} authProvider={fakeAuthProvider()} />
      </TestMemoryRouter>,
    );
    await heading('View Order');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark As Delivered' }));
    // No question (the spec asks none), and the view stays on the order (issue 37).
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Order status updated to Delivered.')).toBeInTheDocument();
    expect(dataProvider.setOrderStatus).toHaveBeenCalledWith({ id: 'ord-w', status: 'Delivered' });
    // Reloaded Delivered, with its invoice one click away.
    expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark As Delivered' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'View Order', level: 1 })).toBeInTheDocument();
  });

  it('offers Mark As Delivered only while the order is Pending', async () => {
    renderPanel('/order-type/view/ord-l', { dataProvider: fakeOrders() });
    await heading('View Order');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark As Delivered' })).not.toBeInTheDocument();
  });

  it('goes back to the list from a view opened by a shared link', async () => {
    renderPanel('/order-type/view/ord-l', { dataProvider: fakeOrders() });
    await heading('View Order');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    // LAUNDRY_ORDER is a fresh order.
    expect(await heading('Fresh Orders')).toBeInTheDocument();
  });

  it('says "No order data found." for an unknown order', async () => {
    renderPanel('/order/view/missing', { dataProvider: fakeOrders() });
    expect(await screen.findByText('No order data found.', {}, SLOW)).toBeInTheDocument();
  });
});

describe('Download invoice (issue 16)', () => {
  const DELIVERED = { ...WATER_ORDER, id: 'ord-d', _id: 'ord-d', status: 'Delivered' };
  const PDF = '%PDF-1.4\n%%EOF\n';
  afterEach(() => vi.restoreAllMocks());

  /** Records the downloads the browser would start (jsdom has no object URLs). */
  function captureDownloads() {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    return { clicked };
  }

  describe('the call', () => {
    const { calls, answers } = stubApi();
    const provider = createDataProvider(resources);

    it('streams GET order/invoice/{_id} as a PDF under the name the server gives', async () => {
      answers.push(
        () =>
          new Response(PDF, {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="AD-25-26-000042.pdf"',
            },
          }),
      );
      const { data } = await provider.download('orders', 'invoice', {
        values: { orderId: 'ord-w' },
      });
      expect(calls[0]!.method).toBe('GET');
      expect(calls[0]!.input).toBe('/api/order/invoice/ord-w');
      expect(calls[0]!.headers.get('accept')).toContain('application/pdf');
      expect(data.fileName).toBe('AD-25-26-000042.pdf');
      expect(await data.blob.text()).toBe(PDF);
    });

    it("turns the server's 409 into an error carrying its message", async () => {
      const message = 'Save the business details under Settings before issuing invoices.';
      answers.push({ status: 409, body: { statusCode: 409, message } });
      await expect(
        provider.download('orders', 'invoice', { values: { orderId: 'ord-w' } }),
      ).rejects.toMatchObject({ status: 409, message });
    });
  });

  it('is offered once the order is Delivered, and saves the PDF', async () => {
    const { clicked } = captureDownloads();
    const download = vi.fn(async () => ({
      data: {
        blob: new Blob([PDF], { type: 'application/pdf' }),
        fileName: 'AD-25-26-000042.pdf',
      },
    }));
    renderPanel('/order/view/ord-d', { dataProvider: fakeOrders([DELIVERED], { download }) });
    await heading('View Order');
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:invoice', download: 'AD-25-26-000042.pdf' }]),
    );
    expect(download).toHaveBeenCalledWith(
      'orders',
      'invoice',
      expect.objectContaining({ values: { orderId: 'ord-d' } }),
    );
  });

  it("shows the server's 409 (business details missing) as a notification", async () => {
    const message = 'Save the business details under Settings before issuing invoices.';
    const download = vi.fn(async () => {
      throw new HttpError(message, 409);
    });
    renderPanel('/order/view/ord-d', { dataProvider: fakeOrders([DELIVERED], { download }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice' }, SLOW));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeEnabled();
  });

  it('is not offered before the order is Delivered', async () => {
    renderPanel('/order/view/ord-w', { dataProvider: fakeOrders() });
    await heading('View Order');
    expect(await screen.findByRole('button', { name: 'Mark As Delivered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
  });

  it('is not offered to an admin without Orders Management (the job view)', async () => {
    const { authProvider } = renderPanel('/assigning-job/view/ord-d', {
      dataProvider: fakeOrders([DELIVERED]),
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { assigningJobs: true } }),
    });
    await heading('View Order');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // The refusal has reached the screen.
    await accessDecided(authProvider.canAccess, 'orders');
    expect(screen.queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
  });
});
