import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { rangeProblem } from '@resources/orders/OrderInvoicesButton';
import { bulkStatusGuard, statusGuard } from '@resources/orders/statusGuards';
import { stubApi } from './apiStub';
import { heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

/*
 * Guarded order changes (issue 37) in the panel: the status dialog says what taking an order
 * back from Delivered, changing an invoiced order or cancelling does and asks a reason; the
 * order's view links its relatives; the orders list downloads the invoices of a range of days.
 */

const ORDER = {
  id: 'ord-1',
  _id: 'ord-1',
  orderId: 'OD250305K3F9QZ',
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T12:30:00.000Z',
  userId: 'cust-1',
  user: {
    _id: 'cust-1',
    name: 'Aarav Sharma',
    firstName: 'Aarav',
    lastName: 'Sharma',
    email: 'aarav@example.in',
    phone: '9876543210',
  },
  serviceId: SEEDED_CATEGORIES[0]!.id,
  service: { _id: SEEDED_CATEGORIES[0]!.id, name: 'Water', kind: 'water' },
  product: { _id: 'p1', name: '20 L Water Jar' },
  quantity: 2,
  returnQuantity: 1,
  price: 90,
  amount: 180,
  deliveryCharge: 30,
  emergencyCharge: 0,
  gst: 0,
  totalAmount: 210,
  isEmergency: false,
  status: 'Delivered',
  pincode: '560001',
  rider: { _id: 'rider-1', name: 'Ravi Kumar', phone: '9845012345' },
  runDate: '2025-03-05',
  runShift: 'Morning',
  accessories: [],
  statusHistory: [],
  returnRequests: [
    { _id: 'ret-1', status: 'Pending', returnedQuantity: 2, requestedAt: '2025-03-06T10:00:00Z' },
  ],
  invoice: { invoiceNo: 'JW/24-25/000042', issuedAt: '2025-03-05T12:30:00.000Z' },
};

type Fake = DataProvider & { [K in 'getOne' | 'setOrderStatus' | 'download']: Mock };

function fakeOrder(order: RaRecord = ORDER, overrides = {}): Fake {
  let current = order;
  return testDataProvider({
    getList: vi.fn(async (resource: string) =>
      resource === 'categories'
        ? { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length }
        : { data: [current], total: 1 },
    ),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES.find((c) => c.id === id) };
      return { data: current };
    }),
    setOrderStatus: vi.fn(async ({ id, status, reason }: Record<string, string>) => {
      current = {
        ...current,
        status,
        statusHistory: [
          ...current.statusHistory,
          {
            fromStatus: current.status,
            toStatus: status,
            at: '2025-03-07T10:00:00.000Z',
            by: { _id: 'a1', name: 'Asha Admin' },
            note: reason ?? null,
          },
        ],
      };
      return {
        data: { order: { ...current, id } },
        meta: { message: `Order status updated to ${status}.` },
      };
    }),
    download: vi.fn(),
    ...overrides,
  } as never) as Fake;
}

describe('which changes ask a reason', () => {
  it('takes a delivery back, changes an invoiced order, cancels; not the everyday steps', () => {
    expect(statusGuard({ status: 'Delivered' }, 'Pending')).toBe('delivered');
    expect(statusGuard({ status: 'Delivered', invoice: { invoiceNo: 'X' } }, 'Cancelled')).toBe(
      'delivered',
    );
    expect(
      statusGuard({ status: 'Pending', invoice: { invoiceNo: 'X' } }, 'Out for Delivery'),
    ).toBe('invoiced');
    expect(statusGuard({ status: 'Pending' }, 'Cancelled')).toBe('cancelling');
    expect(statusGuard({ status: 'Pending' }, 'Out for Delivery')).toBeNull();
    expect(statusGuard({ status: 'Out for Delivery' }, 'Delivered')).toBeNull();
    expect(statusGuard({ status: 'Delivered' }, 'Delivered')).toBeNull();
    expect(bulkStatusGuard([{ status: 'Pending' }, { status: 'Delivered' }], 'Pending')).toBe(
      'delivered',
    );
    expect(bulkStatusGuard([{ status: 'Pending' }], 'Out for Delivery')).toBeNull();
  });
});

describe('order/update-status with a reason', () => {
  const { calls } = stubApi({ statusCode: 200, message: 'ok', result: { order: null } });
  const provider = createDataProvider(resources) as unknown as {
    setOrderStatus(p: object): Promise<unknown>;
  };

  it('sends the reason in the multipart body when one is given', async () => {
    await provider.setOrderStatus({ id: 'o1', status: 'Pending', reason: 'Wrong house' });
    expect(Object.fromEntries((calls[0]!.body as FormData).entries())).toEqual({
      status: 'Pending',
      reason: 'Wrong house',
      orderId: 'o1',
    });
  });
});

describe('View Order: guarded status changes', () => {
  it('says what taking an order back from Delivered does and requires a reason', async () => {
    const dataProvider = fakeOrder();
    renderPanel('/order/view/ord-1', { dataProvider });
    await heading('View Order');
    await userEvent.click(await screen.findByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    expect(within(dialog).getByRole('radio', { name: 'Delivered' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pending' }));
    expect(dialog).toHaveTextContent(
      'Order OD250305K3F9QZ was delivered. Setting it to Pending undoes the delivery',
    );
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toBeRequired();
    await userEvent.type(reason, 'Customer was not home');
    await userEvent.click(save);
    expect(await screen.findByText('Order status updated to Pending.')).toBeInTheDocument();
    expect(dataProvider.setOrderStatus).toHaveBeenCalledWith({
      id: 'ord-1',
      status: 'Pending',
      reason: 'Customer was not home',
    });
    // The history shows the reason.
    expect(
      await screen.findByText('Delivered → Pending (Customer was not home)'),
    ).toBeInTheDocument();
  });

  it('names the invoice of an invoiced order and asks a reason', async () => {
    renderPanel('/order/view/ord-1', { dataProvider: fakeOrder({ ...ORDER, status: 'Pending' }) });
    await heading('View Order');
    await userEvent.click(await screen.findByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Out for Delivery' }));
    expect(dialog).toHaveTextContent('Order OD250305K3F9QZ has tax invoice JW/24-25/000042');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('asks no reason for an everyday step, but keeps one given', async () => {
    const dataProvider = fakeOrder({ ...ORDER, status: 'Pending', invoice: null });
    renderPanel('/order/view/ord-1', { dataProvider });
    await heading('View Order');
    await userEvent.click(await screen.findByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Out for Delivery' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).not.toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Order status updated to Out for Delivery.'),
    ).toBeInTheDocument();
    expect(dataProvider.setOrderStatus).toHaveBeenCalledWith({
      id: 'ord-1',
      status: 'Out for Delivery',
    });
  });
});

describe("View Order: the order's relatives", () => {
  it('links the customer, the rider and the return requests, and names the invoice', async () => {
    renderPanel('/order/view/ord-1', { dataProvider: fakeOrder() });
    await heading('View Order');
    expect(await screen.findByRole('link', { name: 'Aarav Sharma' })).toHaveAttribute(
      'href',
      '/user/view/cust-1',
    );
    expect(screen.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:9876543210',
    );
    const rider = screen.getByRole('region', { name: 'Rider' });
    expect(await within(rider).findByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      '/rider/view/rider-1',
    );
    expect(within(rider).getByRole('link', { name: '+91 98450 12345' })).toHaveAttribute(
      'href',
      'tel:9845012345',
    );
    const returns = screen.getByRole('region', { name: 'Return Requests' });
    expect(
      await within(returns).findByRole('link', { name: /^Pending · 2 returned/ }),
    ).toHaveAttribute('href', '/return/view/ret-1');
    const invoice = screen.getByRole('region', { name: 'Tax Invoice' });
    expect(invoice).toHaveTextContent('JW/24-25/000042');
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
  });

  it('says when no rider has the order yet', async () => {
    renderPanel('/order/view/ord-1', {
      dataProvider: fakeOrder({ ...ORDER, rider: null, returnRequests: [], invoice: null }),
    });
    await heading('View Order');
    expect(screen.getByRole('region', { name: 'Rider' })).toHaveTextContent('No rider yet.');
    expect(screen.queryByRole('region', { name: 'Return Requests' })).not.toBeInTheDocument();
  });
});

describe('the orders list: Invoices of a range of days', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks the range as the server does', () => {
    expect(rangeProblem('2026-11-01', '2026-12-01')).toBeNull();
    expect(rangeProblem('2026-11-01', '2026-12-02')).toBe('app.orders.invoices_range_long');
    expect(rangeProblem('2026-11-02', '2026-11-01')).toBe('app.orders.invoices_range_order');
  });

  it('downloads the PDF of the days chosen, and shows the server refusal', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:invoices');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const download = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('No invoices were issued on 1 Nov 2026.', 404))
      .mockResolvedValueOnce({
        data: { blob: new Blob(['%PDF']), fileName: 'invoices-2026-11-01-to-2026-11-07.pdf' },
      });
    renderPanel('/orders/1', { dataProvider: fakeOrder(ORDER, { download }) });
    await heading('Orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Invoices' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Download invoices' });
    expect(dialog).toHaveTextContent('at most 31 days and 2,000 invoices');
    const from = within(dialog).getByLabelText(/^From/);
    const to = within(dialog).getByLabelText(/^To/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-12-15');
    expect(dialog).toHaveTextContent('Choose at most 31 days.');
    const button = within(dialog).getByRole('button', { name: 'Download' });
    expect(button).toBeDisabled();
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(button);
    expect(await screen.findByText('No invoices were issued on 1 Nov 2026.')).toBeInTheDocument();
    expect(download).toHaveBeenCalledWith(
      'orders',
      'invoices',
      expect.objectContaining({ values: { from: '2026-11-01', to: '2026-11-01' } }),
    );
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-07');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toEqual(['invoices-2026-11-01-to-2026-11-07.pdf']));
  });
});
