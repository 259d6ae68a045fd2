import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { editData, validatePrices } from '@resources/pricing/prices';
import { fakeDataProvider, renderPanel, SEEDED_CATEGORIES } from './helpers';

const PRODUCTS = [
  {
    id: 'p1',
    _id: 'p1',
    name: 'Jar 20 L',
    title: 'Twenty litre jar',
    description: 'Sealed jar',
    image: '/uploads/p1.png',
    price: 90,
    discountPrice: 80,
    stockQuantity: 40,
    quantity: 20,
    categoryId: { _id: 'w1', name: 'Water' },
    status: 'Active',
  },
];
const ACCESSORIES = [
  {
    id: 'a1',
    _id: 'a1',
    name: 'Tap',
    type: 'tap',
    material: 'plastic',
    imageUrl: '/uploads/a1.png',
    price: 150,
    discountPrice: 120,
    stockQuantity: 12,
    categoryId: 'w1',
    status: 'Active',
  },
];

function pricingProvider(overrides: Record<string, unknown> = {}) {
  return fakeDataProvider({
    getList: vi.fn(async (resource: string) => {
      const data =
        resource === 'products'
          ? PRODUCTS
          : resource === 'accessories'
            ? ACCESSORIES
            : SEEDED_CATEGORIES;
      return { data, total: data.length };
    }),
    update: vi.fn(async (resource: string, { id, data }: { id: unknown; data: object }) => ({
      data: { ...data, id },
      meta: {
        message: `${resource === 'products' ? 'Product' : 'Accessory'} updated successfully`,
      },
    })),
    ...overrides,
  } as never);
}

const field = (label: string, name: string) =>
  screen.getByRole('spinbutton', { name: `${label} of ${name}` });

describe('pricing screen', () => {
  it('lists the category’s products and accessories with their figures', async () => {
    const dataProvider = pricingProvider();
    renderPanel('/pricing/water/w1', { dataProvider });
    await screen.findByRole('heading', { level: 1, name: 'Water Pricing' });
    const products = await screen.findByRole('table', { name: 'Products' });
    expect(within(products).getByText('Jar 20 L')).toBeInTheDocument();
    expect(within(products).getByAltText('Jar 20 L')).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/p1.png',
    );
    const accessories = await screen.findByRole('table', { name: 'Accessories' });
    expect(within(accessories).getByAltText('Tap')).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/a1.png',
    );
    expect(field('Price (₹)', 'Jar 20 L')).toHaveValue(90);
    expect(field('Discount Price (₹)', 'Tap')).toHaveValue(120);
    expect(field('Stock', 'Tap')).toHaveValue(12);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'products',
      expect.objectContaining({ filter: { searchId: 'w1' } }),
    );
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'accessories',
      expect.objectContaining({ filter: { categoryId: 'w1' } }),
    );
    expect(screen.getByRole('button', { name: 'Save Jar 20 L' })).toBeDisabled();
  });

  it('saves a changed row through the product edit call, busy "Updating ..."', async () => {
    let finish: () => void = () => {};
    const dataProvider = pricingProvider();
    const realUpdate = dataProvider.update;
    dataProvider.update = vi.fn(
      (...args: Parameters<typeof realUpdate>) =>
        new Promise((resolve) => {
          finish = () => resolve(realUpdate(...args));
        }),
    ) as never;
    renderPanel('/pricing/water/w1', { dataProvider });
    await screen.findByRole('table', { name: 'Products' });
    const price = field('Price (₹)', 'Jar 20 L');
    await userEvent.clear(price);
    await userEvent.type(price, '95');
    const save = screen.getByRole('button', { name: 'Save Jar 20 L' });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByRole('button', { name: 'Save Jar 20 L' })).toHaveTextContent(
      'Updating ...',
    );
    finish();
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    const [resource, params] = (dataProvider.update as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(resource).toBe('products');
    expect(params.id).toBe('p1');
    expect(params.data).toMatchObject({
      name: 'Jar 20 L',
      title: 'Twenty litre jar',
      description: 'Sealed jar',
      image: '/uploads/p1.png',
      quantity: 20,
      price: 95,
      discountPrice: 80,
      stockQuantity: 40,
      categoryId: 'w1',
    });
    // Saved: the row is unchanged again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Jar 20 L' })).toBeDisabled(),
    );
  });

  it('refuses negative numbers and a discount above the price', async () => {
    const dataProvider = pricingProvider();
    renderPanel('/pricing/water/w1', { dataProvider });
    await screen.findByRole('table', { name: 'Accessories' });
    const discount = field('Discount Price (₹)', 'Tap');
    await userEvent.clear(discount);
    await userEvent.type(discount, '200');
    expect(await screen.findByText('Cannot be above the price.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Tap' })).toBeDisabled();
    await userEvent.clear(discount);
    await userEvent.type(discount, '-5');
    expect(await screen.findByText('Must be 0 or more.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Tap' })).toBeDisabled();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('saves an accessory, and words an unreachable server as the spec does', async () => {
    const dataProvider = pricingProvider({
      update: vi.fn(async () => {
        throw new HttpError('Unable to reach the server.', 0);
      }),
    });
    renderPanel('/pricing/water/w1', { dataProvider });
    await screen.findByRole('table', { name: 'Accessories' });
    const stock = field('Stock', 'Tap');
    await userEvent.clear(stock);
    await userEvent.type(stock, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save Tap' }));
    expect(
      await screen.findByText('Failed to edit Accessory. Please try again.'),
    ).toBeInTheDocument();
    const [resource, params] = (dataProvider.update as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(resource).toBe('accessories');
    expect(params.data).toMatchObject({ name: 'Tap', type: 'tap', stockQuantity: 30 });
  });

  it('shows the server’s message when it refuses a save', async () => {
    const dataProvider = pricingProvider({
      update: vi.fn(async () => {
        throw new HttpError('This product does not exist.', 404);
      }),
    });
    renderPanel('/pricing/water/w1', { dataProvider });
    await screen.findByRole('table', { name: 'Products' });
    const stock = field('Stock', 'Jar 20 L');
    await userEvent.type(stock, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Jar 20 L' }));
    expect(await screen.findByText('This product does not exist.')).toBeInTheDocument();
  });
});

describe('price rules', () => {
  const ok = { price: '100', discountPrice: '90', stockQuantity: '5' };
  it('accepts numbers of 0 or more with the discount not above the price', () => {
    expect(validatePrices(ok)).toEqual({});
    expect(validatePrices({ price: '0', discountPrice: '0', stockQuantity: '0' })).toEqual({});
    expect(validatePrices({ ...ok, discountPrice: '100' })).toEqual({});
  });
  it('names each problem', () => {
    expect(validatePrices({ price: '', discountPrice: '-1', stockQuantity: '2.5' })).toEqual({
      price: 'app.pricing.required',
      discountPrice: 'app.pricing.not_negative',
      stockQuantity: 'app.pricing.whole_number',
    });
    expect(validatePrices({ ...ok, discountPrice: '101' })).toEqual({
      discountPrice: 'app.pricing.discount_above_price',
    });
  });
  it('sends references as ids and figures as numbers', () => {
    expect(
      editData({ categoryId: { _id: 'w1', name: 'Water' }, subCategoryId: 's1', price: 1 }, ok),
    ).toEqual({
      categoryId: 'w1',
      subCategoryId: 's1',
      price: 100,
      discountPrice: 90,
      stockQuantity: 5,
    });
  });
});
