import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions } from '@/providers/types';
import { orders } from '@resources/orders';
import { returns } from '@resources/returns';
import { users } from '@resources/users';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import {
  accessDecided,
  fakeAuthProvider,
  heading,
  renderPanel,
  SEEDED_CATEGORIES,
  SLOW,
} from './helpers';

/*
 * Bulk actions with row checkboxes (orders, return requests, customers): the provider calls, and
 * the screens against a fake dataProvider: select rows, confirm naming the count, the call, the
 * server's message, the reload and the cleared selection.
 */

describe('bulk calls (additions, docs/api.md)', () => {
  const { calls } = stubApi({
    statusCode: 200,
    message: '2 orders updated to Delivered.',
    result: { updated: 2, unchanged: 0 },
  });
  const provider = createDataProvider<AppActions>([orders, returns, users]);
  const jsonBody = () => JSON.parse(String(calls[0]!.body));

  it('sets the status of orders with POST order/bulk-update-status as JSON', async () => {
    const result = await provider.setOrdersStatus({ orderIds: ['o1', 'o2'], status: 'Delivered' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/order/bulk-update-status');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(jsonBody()).toEqual({ orderIds: ['o1', 'o2'], status: 'Delivered' });
    expect(result).toEqual({
      data: { updated: 2, unchanged: 0 },
      meta: { message: '2 orders updated to Delivered.' },
    });
  });

  it('sends one reason for all orders when given (issue 37)', async () => {
    await provider.setOrdersStatus({ orderIds: ['o1'], status: 'Cancelled', reason: 'Shop shut' });
    expect(jsonBody()).toEqual({ orderIds: ['o1'], status: 'Cancelled', reason: 'Shop shut' });
  });

  it('settles return requests with POST return-history/bulk-update-status', async () => {
    await provider.settleReturns({ returnIds: ['r1'], status: 'Rejected', reason: 'Not ours' });
    expect(calls[0]!.url.pathname).toBe('/api/return-history/bulk-update-status');
    expect(jsonBody()).toEqual({ returnIds: ['r1'], status: 'Rejected', reason: 'Not ours' });
  });

  it('blocks users with POST user/bulk-update-status', async () => {
    await provider.setCustomersStatus({ userIds: ['u1', 'u2'], status: 'Blocked' });
    expect(calls[0]!.url.pathname).toBe('/api/user/bulk-update-status');
    expect(jsonBody()).toEqual({ userIds: ['u1', 'u2'], status: 'Blocked' });
  });
});

const order = (id: string, orderId: string, status: string): RaRecord => ({
  id,
  _id: id,
  orderId,
  createdAt: '2025-03-05T10:00:00.000Z',
  user: { _id: `u-${id}`, name: 'Aarav Sharma', firstName: 'Aarav', lastName: 'Sharma' },
  userId: `u-${id}`,
  serviceId: 'w1',
  service: { _id: 'w1', name: 'Water', kind: 'water' },
  quantity: 2,
  returnQuantity: 1,
  price: 90,
  deliveryCharge: 30,
  totalAmount: 210,
  isEmergency: false,
  status,
  pincode: '560001',
});

const ORDERS = [
  order('o1', 'OD250305AAAAAA', 'Pending'),
  order('o2', 'OD250305BBBBBB', 'Pending'),
  order('o3', 'OD250305CCCCCC', 'Delivered'),
];

type Fake = DataProvider & { [K in 'getList' | 'setOrdersStatus']: Mock };

/** The orders in memory; setOrdersStatus changes them and answers as the server does. */
function fakeOrders(overrides = {}): Fake {
  let rows = ORDERS;
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      return { data: rows, total: rows.length };
    }),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => ({
      data: SEEDED_CATEGORIES.find((c) => c.id === id),
    })),
    setOrdersStatus: vi.fn(async ({ orderIds, status }: { orderIds: string[]; status: string }) => {
      rows = rows.map((o) => (orderIds.includes(o.id as string) ? { ...o, status } : o));
      return {
        data: { updated: orderIds.length, unchanged: 0 },
        meta: { message: `${orderIds.length} orders updated to ${status}.` },
      };
    }),
    ...overrides,
  } as never) as Fake;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
/** The row's checkbox, once the permission check has shown the checkboxes. */
const checkboxOf = (text: string) => within(rowOf(text)).findByRole('checkbox');
/** Waits until the screen has asked whether the admin may edit `resource`, and had the answer. */
const permissionAnswered = (canAccess: Mock, resource: string) =>
  accessDecided(canAccess, resource, 'edit');

const listLoads = (dp: Fake, resource: string) =>
  dp.getList.mock.calls.filter(([r]) => r === resource).length;

describe('orders: Set status on the selected orders', () => {
  it('asks naming the count, sets them in one call, shows the message, reloads and unselects', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/1', { dataProvider });
    await heading('Orders');
    await screen.findByText('OD250305AAAAAA', {}, SLOW);
    // Each checkbox is named on its input (the theme moves react-admin's label there).
    const rowBox = await within(rowOf('OD250305AAAAAA')).findByRole('checkbox', {
      name: 'Select this row',
    });
    expect(rowBox.closest('[aria-label]')).toBe(rowBox);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
    // The bulk toolbar is folded away, its button out of reach, until a row is chosen.
    expect(screen.queryByRole('button', { name: 'Set status' })).not.toBeInTheDocument();

    await userEvent.click(await checkboxOf('OD250305AAAAAA'));
    await userEvent.click(await checkboxOf('OD250305BBBBBB'));
    expect(await screen.findByText('2 orders selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));

    const chooser = await screen.findByRole('dialog', { name: 'Set the status of 2 orders' });
    const radios = within(chooser).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([
      'Pending',
      'Out for Delivery',
      'Delivered',
      'Cancelled',
    ]);
    expect(radios.some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(within(chooser).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(chooser).getByRole('radio', { name: 'Out for Delivery' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Next' }));

    const confirm = await screen.findByRole('dialog', {
      name: 'Set 2 orders to Out for Delivery?',
    });
    expect(confirm).toHaveTextContent('Orders already Out for Delivery stay as they are.');
    expect(dataProvider.setOrdersStatus).not.toHaveBeenCalled();
    const loads = listLoads(dataProvider, 'orders');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Set status' }));

    expect(await screen.findByText('2 orders updated to Out for Delivery.')).toBeInTheDocument();
    expect(dataProvider.setOrdersStatus).toHaveBeenCalledTimes(1);
    expect(dataProvider.setOrdersStatus).toHaveBeenCalledWith({
      orderIds: ['o1', 'o2'],
      status: 'Out for Delivery',
    });
    await waitFor(() => expect(listLoads(dataProvider, 'orders')).toBeGreaterThan(loads));
    expect(
      await within(rowOf('OD250305AAAAAA')).findByText('Out for Delivery'),
    ).toBeInTheDocument();
    expect(within(rowOf('OD250305BBBBBB')).getByText('Out for Delivery')).toBeInTheDocument();
    await waitFor(async () => expect(await checkboxOf('OD250305AAAAAA')).not.toBeChecked());
    expect(await checkboxOf('OD250305BBBBBB')).not.toBeChecked();
    expect(screen.queryByText('2 orders selected')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names one order in the singular, and cancelling the question changes nothing', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/1', { dataProvider });
    await screen.findByText('OD250305CCCCCC', {}, SLOW);
    await userEvent.click(await checkboxOf('OD250305CCCCCC'));
    expect(await screen.findByText('1 order selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    const chooser = await screen.findByRole('dialog', { name: 'Set the status of 1 order' });
    await userEvent.click(within(chooser).getByRole('radio', { name: 'Cancelled' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog', { name: 'Set 1 order to Cancelled?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.setOrdersStatus).not.toHaveBeenCalled();
    expect(await checkboxOf('OD250305CCCCCC')).toBeChecked();
  });

  it("shows the server's reason and keeps the selection when the change is refused", async () => {
    const dataProvider = fakeOrders({
      setOrdersStatus: vi.fn(async () => {
        throw new HttpError(
          '1 of the 2 orders was not found (deleted, or a wrong id). Nothing was changed.',
          404,
        );
      }),
    });
    renderPanel('/orders/1', { dataProvider });
    await screen.findByText('OD250305AAAAAA', {}, SLOW);
    await userEvent.click(await checkboxOf('OD250305AAAAAA'));
    await userEvent.click(await checkboxOf('OD250305BBBBBB'));
    await userEvent.click(await screen.findByRole('button', { name: 'Set status' }));
    const chooser = await screen.findByRole('dialog');
    await userEvent.click(within(chooser).getByRole('radio', { name: 'Delivered' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog', { name: 'Set 2 orders to Delivered?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Set status' }));
    expect(
      await screen.findByText(
        '1 of the 2 orders was not found (deleted, or a wrong id). Nothing was changed.',
      ),
    ).toBeInTheDocument();
    // The question stays open (to give a reason the server asked for), until closed.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await checkboxOf('OD250305AAAAAA')).toBeChecked();
    expect(screen.getByText('2 orders selected')).toBeInTheDocument();
  });

  it('asks one reason for all when a selected order is taken back from Delivered', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/1', { dataProvider });
    await screen.findByText('OD250305CCCCCC', {}, SLOW);
    await userEvent.click(await checkboxOf('OD250305AAAAAA'));
    await userEvent.click(await checkboxOf('OD250305CCCCCC'));
    await userEvent.click(await screen.findByRole('button', { name: 'Set status' }));
    const chooser = await screen.findByRole('dialog', { name: 'Set the status of 2 orders' });
    await userEvent.click(within(chooser).getByRole('radio', { name: 'Pending' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog', { name: 'Set 2 orders to Pending?' });
    expect(confirm).toHaveTextContent(
      /Some of these orders were delivered\. Setting them to Pending undoes their delivery/,
    );
    const set = within(confirm).getByRole('button', { name: 'Set status' });
    expect(set).toBeDisabled();
    const reason = within(confirm).getByRole('textbox', { name: 'Reason' });
    expect(reason).toBeRequired();
    await userEvent.type(reason, '   ');
    expect(set).toBeDisabled();
    await userEvent.type(reason, 'Van broke down, delivered by mistake');
    await userEvent.click(set);
    expect(await screen.findByText('2 orders updated to Pending.')).toBeInTheDocument();
    expect(dataProvider.setOrdersStatus).toHaveBeenCalledWith({
      orderIds: ['o1', 'o3'],
      status: 'Pending',
      reason: 'Van broke down, delivered by mistake',
    });
  });

  it('asks a reason to cancel, and none for an everyday step', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/orders/1', { dataProvider });
    await screen.findByText('OD250305AAAAAA', {}, SLOW);
    await userEvent.click(await checkboxOf('OD250305AAAAAA'));
    await userEvent.click(await screen.findByRole('button', { name: 'Set status' }));
    let chooser = await screen.findByRole('dialog', { name: 'Set the status of 1 order' });
    await userEvent.click(within(chooser).getByRole('radio', { name: 'Cancelled' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    let confirm = await screen.findByRole('dialog', { name: 'Set 1 order to Cancelled?' });
    expect(confirm).toHaveTextContent(
      'Cancelling takes the order off the open jobs. Give a reason.',
    );
    expect(within(confirm).getByRole('button', { name: 'Set status' })).toBeDisabled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(await screen.findByRole('button', { name: 'Set status' }));
    chooser = await screen.findByRole('dialog', { name: 'Set the status of 1 order' });
    await userEvent.click(within(chooser).getByRole('radio', { name: 'Out for Delivery' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    confirm = await screen.findByRole('dialog', { name: 'Set 1 order to Out for Delivery?' });
    expect(within(confirm).getByRole('textbox', { name: 'Reason' })).not.toBeRequired();
    expect(within(confirm).getByRole('button', { name: 'Set status' })).toBeEnabled();
  });

  it('shows no checkboxes to an admin who may not edit orders', async () => {
    const authProvider = fakeAuthProvider();
    authProvider.canAccess = vi.fn(async ({ action }: { action?: string }) => action !== 'edit');
    renderPanel('/orders/1', { dataProvider: fakeOrders(), authProvider });
    await screen.findByText('OD250305AAAAAA', {}, SLOW);
    await permissionAnswered(authProvider.canAccess as Mock, 'orders');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers the same on the assigning-jobs list of a service', async () => {
    const dataProvider = fakeOrders();
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    // The jobs table shows the last ten characters of an order id.
    await screen.findByText('OD250305AAAAAA', {}, SLOW);
    await userEvent.click(await checkboxOf('OD250305AAAAAA'));
    await userEvent.click(await screen.findByRole('button', { name: 'Set status' }));
    const chooser = await screen.findByRole('dialog', { name: 'Set the status of 1 order' });
    await userEvent.click(within(chooser).getByRole('radio', { name: 'Delivered' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog', { name: 'Set 1 order to Delivered?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Set status' }));
    expect(await screen.findByText('1 orders updated to Delivered.')).toBeInTheDocument();
    expect(dataProvider.setOrdersStatus).toHaveBeenCalledWith({
      orderIds: ['o1'],
      status: 'Delivered',
    });
  });
});

const request = (id: string, orderId: string, status: string): RaRecord => ({
  id,
  _id: id,
  order: [{ _id: `o-${id}`, orderId, quantity: 2, status: 'Delivered' }],
  returnInfo: { orderId },
  user: { _id: 'u1', email: 'aarav@example.in', firstName: 'Aarav', lastName: 'Sharma' },
  serviceId: 'w1',
  returnedQuantity: 2,
  status,
  requestedAt: '2025-03-05T10:00:00.000Z',
  approvedAt: status === 'Approved' ? '2025-03-06T10:00:00.000Z' : null,
  settledAt: null,
  settledBy: null,
  reason: null,
});

describe('return requests: Approve and Reject the selected Pending requests', () => {
  function fakeReturns() {
    let rows = [
      request('r1', 'OD250301RET001', 'Pending'),
      request('r2', 'OD250301RET002', 'Pending'),
      request('r3', 'OD250301RET003', 'Approved'),
    ];
    return testDataProvider({
      getList: vi.fn(async () => ({ data: rows, total: rows.length })),
      settleReturns: vi.fn(
        async ({ returnIds, status }: { returnIds: string[]; status: string }) => {
          rows = rows.map((r) => (returnIds.includes(r.id as string) ? { ...r, status } : r));
          return {
            data: { updated: returnIds.length },
            meta: { message: `${returnIds.length} return requests ${status.toLowerCase()}.` },
          };
        },
      ),
    } as never) as DataProvider & { [K in 'getList' | 'settleReturns']: Mock };
  }

  it('selects only Pending requests, asks naming the count and approves them', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/returns/0/1', { dataProvider });
    await heading('Water Return Requests');
    await screen.findByText('OD250301RET001', {}, SLOW);
    // An approved request cannot be chosen.
    expect(await checkboxOf('OD250301RET003')).toBeDisabled();

    await userEvent.click(await checkboxOf('OD250301RET001'));
    await userEvent.click(await checkboxOf('OD250301RET002'));
    expect(await screen.findByText('2 requests selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve 2 return requests?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('2 return requests approved.')).toBeInTheDocument();
    expect(dataProvider.settleReturns).toHaveBeenCalledWith({
      returnIds: ['r1', 'r2'],
      status: 'Approved',
    });
    await waitFor(() =>
      expect(within(rowOf('OD250301RET001')).getByText('Approved')).toBeVisible(),
    );
    expect(screen.queryByText('2 requests selected')).not.toBeInTheDocument();
  });

  it('rejects the selected requests with one reason for all, which it requires', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/returns/0/1', { dataProvider });
    await screen.findByText('OD250301RET001', {}, SLOW);
    await userEvent.click(await checkboxOf('OD250301RET001'));
    await userEvent.click(await checkboxOf('OD250301RET002'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject 2 return requests?' });
    expect(confirm).toHaveTextContent(
      'The requests are closed with the reason below, kept on each.',
    );
    const reject = within(confirm).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    const reason = within(confirm).getByRole('textbox', { name: 'Reason' });
    expect(reason).toBeRequired();
    await userEvent.type(reason, 'The jars handed in were not ours');
    await userEvent.click(reject);
    expect(await screen.findByText('2 return requests rejected.')).toBeInTheDocument();
    expect(dataProvider.settleReturns).toHaveBeenCalledWith({
      returnIds: ['r1', 'r2'],
      status: 'Rejected',
      reason: 'The jars handed in were not ours',
    });
  });

  it('hides the checkboxes from an admin without the Return Management permission to edit', async () => {
    const authProvider = fakeAuthProvider();
    authProvider.canAccess = vi.fn(async ({ action }: { action?: string }) => action !== 'edit');
    renderPanel('/returns/0/1', { dataProvider: fakeReturns(), authProvider });
    await screen.findByText('OD250301RET001', {}, SLOW);
    await permissionAnswered(authProvider.canAccess as Mock, 'returns');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('users: Block and Unblock the selected users', () => {
  const user = (id: string, firstName: string, status: string): RaRecord => ({
    id,
    _id: id,
    firstName,
    lastName: 'Sharma',
    email: `${firstName.toLowerCase()}@example.in`,
    phone: '9876543210',
    wallet: 0,
    status,
    createdAt: '2025-03-01T10:00:00.000Z',
  });
  function fakeUsers() {
    return testDataProvider({
      getList: vi.fn(async (resource: string) => {
        const rows =
          resource === 'blockedUsers'
            ? [user('u3', 'Kavya', 'Blocked')]
            : [user('u1', 'Aarav', 'Active'), user('u2', 'Rohan', 'Active')];
        return { data: rows, total: rows.length };
      }),
      setCustomersStatus: vi.fn(
        async ({ userIds, status }: { userIds: string[]; status: string }) => ({
          data: { updated: userIds.length, unchanged: 0 },
          meta: {
            message: `${userIds.length} user${userIds.length === 1 ? '' : 's'} ${
              status === 'Blocked' ? 'blocked' : 'unblocked'
            }.`,
          },
        }),
      ),
    } as never) as DataProvider & { [K in 'getList' | 'setCustomersStatus']: Mock };
  }

  it('blocks the selected users of Total Users after asking', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/active-users/1', { dataProvider });
    await screen.findByText('aarav@example.in', {}, SLOW);
    await userEvent.click(await checkboxOf('aarav@example.in'));
    expect(await screen.findByText('1 user selected')).toBeInTheDocument();
    // The Active list blocks; unblocking is for the blocked (or All) list.
    expect(screen.queryByRole('button', { name: 'Unblock' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block 1 user?' });
    expect(confirm).toHaveTextContent('A blocked user cannot use the app until unblocked.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('1 user blocked.')).toBeInTheDocument();
    expect(dataProvider.setCustomersStatus).toHaveBeenCalledWith({
      userIds: ['u1'],
      status: 'Blocked',
    });
    await waitFor(async () => expect(await checkboxOf('aarav@example.in')).not.toBeChecked());
  });

  it('unblocks from Blocked Users', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/blocked-users/1', { dataProvider });
    await screen.findByText('kavya@example.in', {}, SLOW);
    await userEvent.click(await checkboxOf('kavya@example.in'));
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unblock 1 user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('1 user unblocked.')).toBeInTheDocument();
    expect(dataProvider.setCustomersStatus).toHaveBeenCalledWith({
      userIds: ['u3'],
      status: 'Active',
    });
  });
});
