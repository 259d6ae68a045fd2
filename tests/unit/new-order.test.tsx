import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { fakeAuthProvider, heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

/*
 * New order (issue 37) on the panel: the customer chosen from their view, the form's body as
 * the server takes it, the server's price beside it, Place Order opening the order placed, a
 * refusal shown where the price was, and the screen for an Orders operator.
 */

const ASHA = {
  id: 'u1',
  _id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  status: 'Active',
  wallet: 250,
  createdAt: '2025-01-05T10:00:00Z',
  addresses: [
    {
      _id: 'ad1',
      fullAddress: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      isDefault: true,
    },
    {
      _id: 'ad2',
      fullAddress: '4 Park Street',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560034',
      isDefault: false,
    },
  ],
};

const PRODUCTS = [
  { id: 'p1', _id: 'p1', name: 'Bisleri 20 L', price: 100, discountPrice: 90, status: 'Active' },
  { id: 'p2', _id: 'p2', name: 'Old Jar', price: 50, discountPrice: 0, status: 'Inactive' },
];
const ACCESSORIES = [
  { id: 'a1', _id: 'a1', name: 'Tap', price: 60, discountPrice: 0, status: 'Active' },
];

const PREVIEW = {
  lines: [
    { kind: 'product', _id: 'p1', name: 'Bisleri 20 L', quantity: 2, unitPrice: 90, amount: 180 },
    { kind: 'accessory', _id: 'a1', name: 'Tap', quantity: 1, unitPrice: 60, amount: 60 },
  ],
  amount: 240,
  deliveryCharge: 30,
  emergencyCharge: 0,
  gst: 48.6,
  totalAmount: 318.6,
  orderType: 'fresh',
  deliveryTime: '7 AM - 9 AM',
  pincode: '560034',
};

type Fake = DataProvider & Record<string, Mock>;

function fakeProvider(overrides: Record<string, unknown> = {}): Fake {
  const lists: Record<string, unknown[]> = {
    categories: SEEDED_CATEGORIES,
    products: PRODUCTS,
    accessories: ACCESSORIES,
    callers: [ASHA],
    orders: [],
  };
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      const data = lists[resource] ?? [];
      return { data, total: data.length };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'callers' && id === 'u1') return { data: ASHA };
      throw new HttpError('Not found', 404);
    }),
    getMany: vi.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
      data: resource === 'callers' && ids.includes('u1') ? [ASHA] : [],
    })),
    getDeliveryTimes: vi.fn(async () => ({
      data: { pickupTime: [], deliveryTime: ['7 AM - 9 AM', '5 PM - 7 PM'], gapHours: 2 },
      meta: {},
    })),
    previewOrderPrice: vi.fn(async () => ({ data: PREVIEW, meta: {} })),
    placePhoneOrder: vi.fn(async () => ({
      data: { _id: 'o9', orderId: 'OD250303AB12CD' },
      meta: { message: 'Order OD250303AB12CD placed.' },
    })),
    ...overrides,
  } as never) as Fake;
}

async function choose(label: RegExp | string, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Fills the order for Asha (chosen from her view): two jars and a tap to Park Street. */
async function fillOrder() {
  await waitFor(
    () =>
      expect(screen.getByRole('combobox', { name: /Customer/ })).toHaveValue(
        'Asha Rao · +91 98765 43210',
      ),
    SLOW,
  );
  // Her default address is chosen first; the order goes to the other one.
  await waitFor(() => expect(screen.getByRole('radio', { name: /12 MG Road/ })).toBeChecked());
  await userEvent.click(screen.getByRole('radio', { name: /4 Park Street/ }));
  await choose(/Service/, 'Water');
  // Only active products, at their selling price.
  await userEvent.click(screen.getByRole('combobox', { name: /Product/ }));
  expect(screen.queryByRole('option', { name: /Old Jar/ })).toBeNull();
  await userEvent.click(await screen.findByRole('option', { name: 'Bisleri 20 L · ₹90.00' }));
  await userEvent.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '2');
  await userEvent.type(await screen.findByRole('spinbutton', { name: 'Tap' }), '1');
  await choose(/Delivery slot/, '7 AM - 9 AM');
}

const BODY = {
  customerId: 'u1',
  addressId: 'ad2',
  productId: 'p1',
  quantity: 2,
  returnQuantity: 0,
  deliveryTime: '7 AM - 9 AM',
  isEmergency: false,
  paymentMethod: 'Cash on Delivery',
  accessories: [{ accessoryId: 'a1', quantity: 1 }],
};

describe('New order', () => {
  it('prices the order on the server as it is filled and opens the order it places', async () => {
    const dataProvider = fakeProvider();
    renderPanel('/order/new?userId=u1', { dataProvider });
    await heading('New Order');
    expect(screen.getByText(/Choose the customer, address, product and quantity/)).toBeVisible();
    // The wallet's balance shows beside the payment methods.
    expect(await screen.findByText('Wallet balance: ₹250.00')).toBeInTheDocument();
    await fillOrder();

    const price = screen.getByTestId('price-preview');
    await waitFor(() => expect(within(price).getByText('₹318.60')).toBeInTheDocument(), SLOW);
    expect(within(price).getByText('Bisleri 20 L × 2')).toBeInTheDocument();
    expect(within(price).getByText('₹48.60')).toBeInTheDocument();
    // Priced again once the form rests after each change, the last with everything chosen.
    await waitFor(
      () => expect(dataProvider.previewOrderPrice).toHaveBeenLastCalledWith(BODY),
      SLOW,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(dataProvider.placePhoneOrder).toHaveBeenCalledWith(BODY));
    expect(await screen.findByText('Order OD250303AB12CD placed.')).toBeInTheDocument();
  });

  it("shows the server's reason where the price was", async () => {
    const dataProvider = fakeProvider({
      previewOrderPrice: vi.fn(async () => {
        throw new HttpError(
          'Pin code 560034 is not a service area. Add it under Pin Codes first.',
          400,
        );
      }),
    });
    renderPanel('/order/new?userId=u1', { dataProvider });
    await heading('New Order');
    await fillOrder();
    expect(
      await screen.findByText(
        'Pin code 560034 is not a service area. Add it under Pin Codes first.',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('lets an Orders operator without User Management find the caller', async () => {
    renderPanel('/order/new', {
      dataProvider: fakeProvider(),
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
    });
    await heading('New Order');
    expect(await screen.findByRole('combobox', { name: /Customer/ }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/Finding or adding a customer needs/)).toBeNull();
  });
});
