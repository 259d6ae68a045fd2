import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { ecommResources } from '@resources/ecomm';
import { formatRupees } from '@/format';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { fakeAuthProvider, heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

describe('e-commerce calls (spec 001 §7)', () => {
  const api = stubApi();
  const provider = createDataProvider(ecommResources);
  const page = { totalRecords: 23, currentPage: 3, totalPages: 3 };

  it('lists products with GET e-comm/admin-get-all-products, paging, search and sort', async () => {
    api.answers.push({
      body: {
        statusCode: 200,
        message: 'Products',
        result: { products: [{ _id: 'p1', title: 'Gold Tea 500 g', noOfSolds: 1935 }], ...page },
      },
    });
    const result = await provider.getList('ecomm', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'noOfSolds', order: 'DESC' },
      filter: { q: 'tata' },
    });
    const call = api.calls[0]!;
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/api/e-comm/admin-get-all-products');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      page: '3',
      limit: '10',
      search: 'tata',
      sort: 'noOfSolds',
      sortOrder: 'desc',
    });
    expect(call.headers.get('authorization')).toBe('Bearer tok-123');
    expect(result).toEqual({
      data: [{ _id: 'p1', id: 'p1', title: 'Gold Tea 500 g', noOfSolds: 1935 }],
      total: 23,
    });
  });

  it('lists product categories with GET category/view-all-categories?kind=ecommerce', async () => {
    api.answers.push({
      body: {
        statusCode: 200,
        result: { categories: [{ _id: 's1', name: 'Personal Care', productCount: 8 }], ...page },
      },
    });
    const result = await provider.getList('ecommCategories', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(api.calls[0]!.url.pathname).toBe('/api/category/view-all-categories');
    expect(Object.fromEntries(api.calls[0]!.url.searchParams)).toEqual({
      kind: 'ecommerce',
      page: '1',
      limit: '20',
      sort: 'name',
      sortOrder: 'asc',
    });
    expect(result.data).toEqual([{ _id: 's1', id: 's1', name: 'Personal Care', productCount: 8 }]);
  });

  it('turns a refusal into an error carrying the server message', async () => {
    const message = 'You do not have the Others permission. Ask the super-admin to grant it.';
    api.answers.push({ status: 403, body: { statusCode: 403, message } });
    await expect(
      provider.getList('ecomm', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ message, status: 403 });
  });
});

const PRODUCTS = [
  {
    id: 'p1',
    _id: 'p1',
    title: 'Popular Aluminium Pressure Cooker 3 L',
    brandName: 'Prestige',
    description: 'Outer-lid cooker.',
    image: '/uploads/pc.png',
    price: 1895,
    discountPrice: 1549,
    stockQuantity: 40,
    noOfSolds: 1312,
    status: 'Active',
    category: { _id: 's1', name: 'Kitchen & Dining' },
    createdAt: '2025-03-05T10:00:00Z',
  },
  {
    id: 'p2',
    _id: 'p2',
    title: 'Matic Front Load Detergent 2 kg',
    brandName: 'Ariel',
    description: 'Low-foam powder.',
    image: '/uploads/ar.png',
    price: 699,
    discountPrice: 699,
    stockQuantity: 0,
    noOfSolds: 388,
    status: 'Inactive',
    category: { _id: 's2', name: 'Cleaning Supplies' },
    createdAt: '2025-03-04T10:00:00Z',
  },
];

const SHELVES = [
  {
    id: 's1',
    _id: 's1',
    name: 'Kitchen & Dining',
    title: 'Cookware, flasks and tableware',
    description: 'Pressure cookers and more.',
    image: '/uploads/kitchen.png',
    status: 'Active',
    productCount: 8,
    createdAt: '2025-01-05T10:00:00Z',
  },
  {
    id: 's2',
    _id: 's2',
    name: 'Snacks & Beverages',
    title: 'Tea, coffee, namkeen and biscuits',
    description: 'Pantry favourites.',
    image: '/uploads/snacks.png',
    status: 'Inactive',
    productCount: 0,
    createdAt: '2025-01-06T10:00:00Z',
  },
];

type Fake = DataProvider & { getList: Mock };

/** Products and shelves in memory; `total` pretends there are more pages of products. */
function fakeShop(total = PRODUCTS.length): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      if (resource === 'ecommCategories') return { data: SHELVES, total: SHELVES.length };
      if (resource === 'ecomm') return { data: PRODUCTS, total };
      return { data: [], total: 0 };
    }),
  } as never) as Fake;
}

const callsOf = (dataProvider: Fake, resource: string) =>
  dataProvider.getList.mock.calls.filter(([r]) => r === resource).map(([, params]) => params);

describe('E-commerce Products screen', () => {
  it('shows image, title, brand, category, price with the offer, sold count and status', async () => {
    const dataProvider = fakeShop();
    renderPanel('/ecomm/all-products/1', { dataProvider });
    await heading('E-commerce Products');
    const table = await screen.findByRole('table');
    for (const column of ['Image', 'Title', 'Brand', 'Category', 'Price (₹)', 'Sold', 'Status']) {
      expect(within(table).getByText(column)).toBeInTheDocument();
    }
    const cooker = within(table).getByText('Popular Aluminium Pressure Cooker 3 L').closest('tr')!;
    expect(within(cooker).getByText('Prestige')).toBeInTheDocument();
    expect(within(cooker).getByText('Kitchen & Dining')).toBeInTheDocument();
    // The offer price, and the MRP struck through.
    expect(within(cooker).getByText(formatRupees(1549))).toBeInTheDocument();
    const mrp = within(cooker).getByLabelText(`MRP ${formatRupees(1895)}`);
    expect(mrp.tagName).toBe('S');
    expect(within(cooker).getByText('1,312')).toBeInTheDocument();
    expect(within(cooker).getByText('Active')).toBeInTheDocument();
    expect(cooker.querySelector('img')).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/pc.png',
    );

    // No offer: one price, nothing struck through.
    const ariel = within(table).getByText('Ariel').closest('tr')!;
    expect(within(ariel).getByText(formatRupees(699))).toBeInTheDocument();
    expect(ariel.querySelector('s')).toBeNull();
    expect(within(ariel).getByText('Inactive')).toBeInTheDocument();

    // Read only: no add, edit or delete.
    expect(screen.queryByRole('link', { name: /^(Add|Edit)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(callsOf(dataProvider, 'ecomm')[0]).toMatchObject({
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
  });

  it('sorts by a column the server sorts, and not by the others', async () => {
    const dataProvider = fakeShop();
    renderPanel('/ecomm/all-products/1', { dataProvider });
    const table = await screen.findByRole('table', {}, SLOW);
    await userEvent.click(within(table).getByRole('button', { name: /sort by sold/i }));
    await waitFor(() =>
      expect(callsOf(dataProvider, 'ecomm').at(-1)).toMatchObject({
        sort: { field: 'noOfSolds', order: expect.any(String) },
      }),
    );
    for (const column of ['title', 'brand', 'price']) {
      const name = new RegExp(`sort by ${column}`, 'i');
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    }
    for (const column of ['image', 'category', 'status']) {
      const name = new RegExp(`sort by ${column}`, 'i');
      expect(within(table).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('searches by title or brand through the shared search box', async () => {
    const dataProvider = fakeShop();
    renderPanel('/ecomm/all-products/1', { dataProvider });
    await userEvent.type(await screen.findByLabelText('Search', {}, SLOW), 'dettol');
    await waitFor(
      () =>
        expect(callsOf(dataProvider, 'ecomm').at(-1)).toMatchObject({ filter: { q: 'dettol' } }),
      { timeout: 3000 },
    );
  });

  it('loads the page in the path, and moves with Next and the per-page choice', async () => {
    const dataProvider = fakeShop(45);
    renderPanel('/ecomm/all-products/2', { dataProvider });
    await heading('E-commerce Products');
    expect(await screen.findByText('Page 2 of 5')).toBeInTheDocument();
    expect(callsOf(dataProvider, 'ecomm').map((p) => p.pagination)).not.toContainEqual({
      page: 1,
      perPage: 10,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 5')).toBeInTheDocument();
    expect(callsOf(dataProvider, 'ecomm').at(-1)).toMatchObject({
      pagination: { page: 3, perPage: 10 },
    });

    // 20 a page starts again at page 1.
    await userEvent.click(screen.getByRole('combobox', { name: 'Per Page' }));
    await userEvent.click(await screen.findByRole('option', { name: '20' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(callsOf(dataProvider, 'ecomm').at(-1)).toMatchObject({
      pagination: { page: 1, perPage: 20 },
    });
  });

  it('refuses a go-to page outside 1..pages', async () => {
    renderPanel('/ecomm/all-products/1', { dataProvider: fakeShop(45) });
    const box = await screen.findByRole('textbox', { name: 'Go to page' }, SLOW);
    await userEvent.type(box, '6{Enter}');
    expect(await screen.findByText('Invalid page number')).toBeInTheDocument();
  });

  it('sends a page below 1 back to page 1 with the spec message', async () => {
    renderPanel('/ecomm/all-products/0', { dataProvider: fakeShop() });
    expect(
      await screen.findByText('Page number should be greater than or equal to 1', {}, SLOW),
    ).toBeInTheDocument();
    expect(await heading('E-commerce Products')).toBeInTheDocument();
  });

  it('says "No results found" for an empty list', async () => {
    const dataProvider = testDataProvider({
      getList: async () => ({ data: [], total: 0 }),
    } as never);
    renderPanel('/ecomm/all-products/1', { dataProvider });
    expect(await screen.findByText('No results found', {}, SLOW)).toBeInTheDocument();
  });
});

describe('E-commerce Categories screen', () => {
  it('shows image, name, title, product count and status, read only', async () => {
    const dataProvider = fakeShop();
    renderPanel('/ecomm/product-categories/1', { dataProvider });
    await heading('E-commerce Categories');
    const table = await screen.findByRole('table');
    for (const column of ['Image', 'Name', 'Title', 'Products', 'Status']) {
      expect(within(table).getByText(column)).toBeInTheDocument();
    }
    const kitchen = within(table).getByText('Kitchen & Dining').closest('tr')!;
    expect(within(kitchen).getByText('Cookware, flasks and tableware')).toBeInTheDocument();
    expect(within(kitchen).getByText('8')).toBeInTheDocument();
    expect(within(kitchen).getByText('Active')).toBeInTheDocument();
    expect(within(kitchen).getByRole('img')).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/kitchen.png',
    );
    const snacks = within(table).getByText('Snacks & Beverages').closest('tr')!;
    expect(within(snacks).getByText('0')).toBeInTheDocument();
    expect(within(snacks).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 out of 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^(Add|Edit)/ })).not.toBeInTheDocument();
    expect(callsOf(dataProvider, 'ecommCategories')[0]).toMatchObject({
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
    });
  });

  it('sits in the Others menu of admins holding Others', async () => {
    renderPanel('/ecomm/all-products/1', {
      dataProvider: fakeShop(),
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { others: true } }),
      layout: true,
    });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    // The group of the page opened is open, its entry marked as the current page.
    expect(
      await within(nav).findByRole('button', { name: 'Others', expanded: true }),
    ).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'E-commerce Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect((await within(nav).findByText('E-commerce Products')).closest('a')).toHaveAttribute(
      'href',
      '/ecomm/all-products/1',
    );
    expect(within(nav).getByText('E-commerce Categories').closest('a')).toHaveAttribute(
      'href',
      '/ecomm/product-categories/1',
    );
  });

  it('shows Not allowed to an admin without Others, and asks nothing', async () => {
    const dataProvider = fakeShop();
    renderPanel('/ecomm/product-categories/1', {
      dataProvider,
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, SLOW),
    ).toBeInTheDocument();
    expect(callsOf(dataProvider, 'ecommCategories')).toEqual([]);
  });
});
