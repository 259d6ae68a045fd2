import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { resources } from '../../resources';
import { formatRupees } from '@/format';
import { createDataProvider } from '@/providers/dataProvider';
import { fakeDataProvider, heading, renderPanel, savesAs, SEEDED_CATEGORIES } from './helpers';
import { stubApi } from './apiStub';

const LAUNDRY = {
  ...SEEDED_CATEGORIES[0]!,
  id: 'l1',
  _id: 'l1',
  name: 'Laundry',
  title: 'Wash and iron',
  kind: 'laundry',
};
const CATEGORIES = [...SEEDED_CATEGORIES, LAUNDRY];

const JAR = {
  id: 'p1',
  _id: 'p1',
  name: '20 L Jar',
  title: 'Drinking water',
  description: 'RO treated',
  image: '/uploads/jar.png',
  price: 90,
  discountPrice: 80,
  stockQuantity: 400,
  quantity: 20,
  subCategoryId: null,
  categoryId: { _id: 'w1', name: 'Water' },
  returnable: false,
  deposit: 0,
  hsnCode: null,
  gstRate: null,
  status: 'Active',
  createdAt: '2025-03-05T10:00:00Z',
};
/** A returnable jar with its own HSN code and GST rate (issue 16). */
const BIG_JAR = {
  ...JAR,
  id: 'p3',
  _id: 'p3',
  name: '25 L Jar',
  price: 120,
  discountPrice: 110,
  quantity: 25,
  returnable: true,
  deposit: 150,
  hsnCode: '22011010',
  gstRate: 18,
};
const SHIRT = {
  ...JAR,
  id: 'p2',
  _id: 'p2',
  name: 'Shirt',
  quantity: null,
  subCategoryId: 's1',
  categoryId: { _id: 'l1', name: 'Laundry' },
};
const SUBS = [
  { id: 's1', _id: 's1', name: 'Wash & Fold', categoryId: 'l1', image: '/uploads/s.png' },
  { id: 's2', _id: 's2', name: 'Dry Clean', categoryId: 'l1', image: '/uploads/d.png' },
];

/** The shared fake, extended with products and sub-categories by resource. */
function catalogueProvider() {
  const records: Record<string, { id: string }[]> = {
    categories: CATEGORIES,
    products: [JAR, SHIRT, BIG_JAR],
    subCategories: SUBS,
    accessories: [],
  };
  return fakeDataProvider({
    getList: vi.fn(async (resource: string) => ({
      data: records[resource] ?? [],
      total: (records[resource] ?? []).length,
    })),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      const record = records[resource]?.find((r) => r.id === id);
      if (!record) throw new HttpError('This product does not exist.', 404);
      return { data: record };
    }),
    getManyReference: vi.fn(
      async (resource: string, { target, id }: { target: string; id: unknown }) => {
        const data = (records[resource] ?? []).filter((r) => {
          const value = (r as Record<string, unknown>)[
            target === 'searchId' ? 'categoryId' : target
          ];
          return value === id || (value as { _id?: unknown } | null)?._id === id;
        });
        return { data, total: data.length };
      },
    ),
    getMany: vi.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
      data: (records[resource] ?? []).filter((r) => ids.includes(r.id)),
    })),
    ...savesAs('Product'),
    delete: vi.fn(async (_r: string, { id }: { id: unknown }) => ({
      data: { id },
      meta: { message: 'Product 20 L Jar deleted successfully' },
    })),
  } as never);
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'jar.png', { type: 'image/png' });

async function fillCommon(name = '25 L Jar') {
  await userEvent.type(screen.getByLabelText(/^Name/), name);
  await userEvent.type(screen.getByLabelText(/^Title/), 'Bigger jar');
  await userEvent.type(screen.getByLabelText(/^Description/), 'Mineral water');
  await userEvent.type(screen.getByLabelText(/^Price/), '120');
  await userEvent.type(screen.getByLabelText(/^Discount Price/), '110');
  await userEvent.type(screen.getByLabelText(/^Stock Quantity/), '50');
}

describe('product screens', () => {
  it('asks for litres on the water kind and adds the product with its category', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/add/w1', { dataProvider });
    await heading('Add Product');
    expect(screen.queryByLabelText(/Sub Category/)).not.toBeInTheDocument();
    await fillCommon();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2); // litres and image
    await userEvent.type(screen.getByLabelText(/Quantity \(litres\)/), '25');
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Product 25 L Jar created successfully')).toBeInTheDocument();
    const [resource, params] = dataProvider.create.mock.calls[0]!;
    expect(resource).toBe('products');
    expect(params.data).toMatchObject({
      name: '25 L Jar',
      price: 120,
      discountPrice: 110,
      stockQuantity: 50,
      quantity: 25,
      categoryId: 'w1',
    });
  });

  it('refuses negative numbers and a discount above the price', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/add/o1', { dataProvider });
    await heading('Add Product');
    expect(screen.queryByLabelText(/Quantity \(litres\)/)).not.toBeInTheDocument();
    await fillCommon('Cylinder');
    const discount = screen.getByLabelText(/^Discount Price/);
    await userEvent.clear(discount);
    await userEvent.type(discount, '500');
    const stock = screen.getByLabelText(/^Stock Quantity/);
    await userEvent.clear(stock);
    await userEvent.type(stock, '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Discount price cannot be more than the price.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Must be at least 0')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('requires a sub-category of this category for laundry', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/add/l1', { dataProvider });
    await heading('Add Product');
    expect(screen.queryByLabelText(/Quantity \(litres\)/)).not.toBeInTheDocument();
    await fillCommon('Saree');
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'subCategories',
      expect.objectContaining({ filter: { categoryId: 'l1' } }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: /Sub Category/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dry Clean' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      subCategoryId: 's2',
      categoryId: 'l1',
    });
  });

  it('loads the product by id on edit and sends the category id, not the object', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/edit/p1', { dataProvider });
    await heading('Edit Product');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('20 L Jar');
    expect(screen.getByLabelText(/Quantity \(litres\)/)).toHaveValue(20);
    await userEvent.type(screen.getByLabelText(/^Title/), ' in a jar');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Product 20 L Jar updated successfully')).toBeInTheDocument();
    const [, params] = dataProvider.update.mock.calls[0]!;
    expect(params).toMatchObject({
      id: 'p1',
      data: { categoryId: 'w1', image: '/uploads/jar.png', quantity: 20 },
    });
  });

  it('shows the spec wording when the server cannot be reached', async () => {
    const dataProvider = catalogueProvider();
    dataProvider.update = vi.fn(async () => {
      throw new Error('network down');
    });
    renderPanel('/product/edit/p1', { dataProvider });
    await heading('Edit Product');
    await userEvent.type(screen.getByLabelText(/^Title/), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Failed to edit product. Please try again.'),
    ).toBeInTheDocument();
  });

  it('shows a product with rupees and litres', async () => {
    renderPanel('/product/view/p1', { dataProvider: catalogueProvider() });
    expect(await heading('20 L Jar')).toBeInTheDocument();
    expect(screen.getByText(formatRupees(90))).toBeInTheDocument();
    expect(screen.getByText('20 L')).toBeInTheDocument();
  });

  it('says so when the product does not exist', async () => {
    renderPanel('/product/view/nope', { dataProvider: catalogueProvider() });
    expect(await screen.findByText('This product does not exist.')).toBeInTheDocument();
  });
});

describe('category view tables', () => {
  it('shows products and accessories for water, with Add links and prices', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/category/view/w1', { dataProvider });
    const products = await screen.findByRole('region', { name: 'Products' });
    expect(await within(products).findByText('20 L Jar')).toBeInTheDocument();
    expect(within(products).getByText(formatRupees(90))).toBeInTheDocument();
    // The links follow the admin's permissions, which arrive apart from the rows.
    expect(await within(products).findByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/product/add/w1',
    );
    expect(await within(products).findByRole('link', { name: 'Edit 20 L Jar' })).toHaveAttribute(
      'href',
      '/product/edit/p1',
    );
    const accessories = await screen.findByRole('region', { name: 'Accessories' });
    expect(await within(accessories).findByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/accessory/add/w1',
    );
    expect(screen.queryByRole('region', { name: 'Sub Categories' })).not.toBeInTheDocument();
    expect(dataProvider.getManyReference).toHaveBeenCalledWith(
      'products',
      expect.objectContaining({ target: 'searchId', id: 'w1' }),
    );
  });

  it('shows sub-categories and products for laundry, nothing for tiffin', async () => {
    const { unmount } = renderPanel('/category/view/l1', { dataProvider: catalogueProvider() });
    expect(await screen.findByRole('region', { name: 'Sub Categories' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Accessories' })).not.toBeInTheDocument();
    unmount();
    renderPanel('/category/view/t1', { dataProvider: catalogueProvider() });
    expect(await heading('Tiffin')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Products' })).not.toBeInTheDocument();
  });

  it('deletes a product after confirmation and shows the server message', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/category/view/w1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 20 L Jar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product 20 L Jar deleted successfully')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith(
      'products',
      expect.objectContaining({ id: 'p1' }),
    );
  });

  it('uses the product delete wording when the server cannot be reached', async () => {
    const dataProvider = catalogueProvider();
    dataProvider.delete = vi.fn(async () => {
      throw new Error('offline');
    });
    renderPanel('/category/view/w1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 20 L Jar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete product. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('products calls', () => {
  const { calls } = stubApi(({ input }) => ({
    statusCode: 200,
    message: 'Done',
    result: input.includes('by-category') ? [JAR] : { product: { ...JAR, name: 'Saved' } },
  }));
  const provider = createDataProvider(resources);

  it('lists through GET product/by-category?searchId= with no paging', async () => {
    const { data, total } = await provider.getList('products', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { searchId: 'w1' },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/product/by-category');
    expect([...calls[0]!.url.searchParams]).toEqual([['searchId', 'w1']]);
    expect(data[0]).toMatchObject({ id: 'p1', name: '20 L Jar' });
    expect(total).toBe(1);
  });

  it('reads one through GET product/get-product/{id}', async () => {
    const { data } = await provider.getOne('products', { id: 'p1' });
    expect(calls[0]!.url.pathname).toBe('/api/product/get-product/p1');
    expect(data.name).toBe('Saved');
  });

  it('creates and edits with multipart bodies of the spec fields', async () => {
    const image = png();
    const created = await provider.create('products', {
      data: { name: 'Jar', price: 90, categoryId: 'w1', quantity: 20, image: { rawFile: image } },
    });
    expect((created as { meta?: { message?: string } }).meta?.message).toBe('Done');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/product/create-product');
    const form = calls[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('name')).toBe('Jar');
    expect(form.get('quantity')).toBe('20');
    expect((form.get('image') as File).name).toBe('jar.png');

    await provider.update('products', {
      id: 'p1',
      data: { name: 'Jar', categoryId: 'w1', image: '/uploads/jar.png', status: 'Active' },
      previousData: JAR,
    });
    expect(calls[1]!.url.pathname).toBe('/api/product/edit-product');
    const edit = calls[1]!.body as FormData;
    expect(edit.get('productId')).toBe('p1');
    expect(edit.get('categoryId')).toBe('w1');
    expect(edit.get('status')).toBeNull();
  });

  it('deletes through POST product/delete-product {productId}', async () => {
    await provider.delete('products', { id: 'p1', previousData: JAR });
    expect(calls[0]!.url.pathname).toBe('/api/product/delete-product');
    expect([...(calls[0]!.body as FormData).entries()]).toEqual([['productId', 'p1']]);
  });
});

describe('returnable, deposit, HSN/SAC code and GST rate on product screens (issue 16)', () => {
  const deposit = () => screen.queryByLabelText(/^Deposit \(₹\)/);

  async function chooseRate(name: string) {
    await userEvent.click(screen.getByRole('combobox', { name: /GST rate \(%\)/ }));
    // The empty choice is named 'Clear value' for screen readers; people read its text.
    await userEvent.click(within(await screen.findByRole('listbox')).getByText(name));
  }

  it('asks for the deposit once returnable and sends the four fields on add', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/add/w1', { dataProvider });
    await heading('Add Product');
    const returnable = screen.getByRole('switch', { name: /Returnable \(jar or cylinder\)/ });
    expect(returnable).not.toBeChecked();
    expect(deposit()).not.toBeInTheDocument();
    await userEvent.click(returnable);
    expect(deposit()).toBeInTheDocument();

    await fillCommon();
    await userEvent.type(screen.getByLabelText(/Quantity \(litres\)/), '25');
    await userEvent.type(deposit()!, '150');
    await userEvent.type(screen.getByLabelText(/^HSN\/SAC code/), '2201 10 10');
    await chooseRate('18%');
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Product 25 L Jar created successfully')).toBeInTheDocument();
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      returnable: true,
      deposit: 150,
      hsnCode: '2201 10 10',
      gstRate: 18,
    });
  });

  it('sends no deposit for a product that is not returnable, and an empty rate as the category default', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/add/o1', { dataProvider });
    await heading('Add Product');
    const returnable = screen.getByRole('switch', { name: /Returnable/ });
    await userEvent.click(returnable);
    await userEvent.type(deposit()!, '500');
    await userEvent.click(returnable); // changed their mind: the deposit goes with it
    expect(deposit()).not.toBeInTheDocument();
    await fillCommon('Cylinder');
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      returnable: false,
      deposit: 0,
      hsnCode: '',
      gstRate: '',
    });
  });

  it("says what is wrong with a deposit or an HSN/SAC code, and doesn't save", async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/add/w1', { dataProvider });
    await heading('Add Product');
    await fillCommon();
    await userEvent.type(screen.getByLabelText(/Quantity \(litres\)/), '25');
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await userEvent.click(screen.getByRole('switch', { name: /Returnable/ }));
    const code = screen.getByLabelText(/^HSN\/SAC code/);
    await userEvent.type(code, '220');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'Please enter the deposit of a returnable item in rupees (0 if you take none).',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).',
      ),
    ).toBeInTheDocument();

    await userEvent.type(deposit()!, '10.555');
    await userEvent.clear(code);
    await userEvent.type(code, '9954');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Deposit can have at most 2 decimals (paise), e.g. 150.50.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('A SAC code (a service) is 6 digits starting with 99, e.g. 999712.'),
    ).toBeInTheDocument();

    await userEvent.clear(deposit()!);
    await userEvent.type(deposit()!, '100001');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Deposit must be at most ₹1,00,000.')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();

    // 0 is a deposit too.
    await userEvent.clear(deposit()!);
    await userEvent.type(deposit()!, '0');
    await userEvent.clear(code);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      returnable: true,
      deposit: 0,
    });
  });

  it('loads them on edit and clears the code and rate as empty values', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/product/edit/p3', { dataProvider });
    await heading('Edit Product');
    expect(screen.getByRole('switch', { name: /Returnable/ })).toBeChecked();
    expect(deposit()).toHaveValue(150);
    const code = screen.getByLabelText(/^HSN\/SAC code/);
    expect(code).toHaveValue('22011010');
    expect(screen.getByRole('combobox', { name: /GST rate \(%\)/ })).toHaveTextContent('18%');
    await userEvent.clear(code);
    await chooseRate('Category default');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Product 25 L Jar updated successfully')).toBeInTheDocument();
    expect(dataProvider.update.mock.calls[0]![1].data).toMatchObject({
      returnable: true,
      deposit: 150,
      hsnCode: '',
      gstRate: '',
    });
  });

  it('shows them on the view screen, the category default when not set', async () => {
    const { unmount } = renderPanel('/product/view/p3', { dataProvider: catalogueProvider() });
    expect(await heading('25 L Jar')).toBeInTheDocument();
    expect(screen.getByText(`Yes, ${formatRupees(150)} deposit`)).toBeInTheDocument();
    expect(screen.getByText('22011010')).toBeInTheDocument();
    expect(screen.getByText('18%')).toBeInTheDocument();
    unmount();
    renderPanel('/product/view/p1', { dataProvider: catalogueProvider() });
    expect(await heading('20 L Jar')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();
    expect(screen.getAllByText('Category default')).toHaveLength(2);
  });

  it('marks returnable products in the category view', async () => {
    renderPanel('/category/view/w1', { dataProvider: catalogueProvider() });
    const products = await screen.findByRole('region', { name: 'Products' });
    expect(await within(products).findByText('25 L Jar')).toBeInTheDocument();
    expect(within(products).getByRole('columnheader', { name: 'Returnable' })).toBeInTheDocument();
    expect(within(products).getByText(`Yes, ${formatRupees(150)} deposit`)).toBeInTheDocument();
  });

  describe('through the dataProvider', () => {
    const { calls } = stubApi(() => ({
      statusCode: 200,
      message: 'Done',
      result: { product: BIG_JAR },
    }));
    const provider = createDataProvider(resources);

    it('sends them as multipart fields, an emptied code and rate as empty values', async () => {
      await provider.update('products', {
        id: 'p3',
        data: { ...BIG_JAR, categoryId: 'w1', hsnCode: '', gstRate: '' },
        previousData: BIG_JAR,
      });
      const form = calls[0]!.body as FormData;
      expect(form.get('returnable')).toBe('true');
      expect(form.get('deposit')).toBe('150');
      expect(form.get('hsnCode')).toBe('');
      expect(form.get('gstRate')).toBe('');
    });
  });
});
