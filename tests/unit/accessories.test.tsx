import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import {
  fakeDataProvider,
  recordsOf,
  heading,
  renderPanel,
  savesAs,
  SEEDED_CATEGORIES,
} from './helpers';
import { stubApi } from './apiStub';

const ECOMM = {
  ...SEEDED_CATEGORIES[0]!,
  id: 'e1',
  _id: 'e1',
  name: 'E-commerce',
  kind: 'ecommerce',
};
const TAP = {
  id: 'a1',
  _id: 'a1',
  name: 'Jar Tap',
  type: 'tap',
  material: 'plastic',
  imageUrl: '/uploads/tap.png',
  price: 120,
  discountPrice: 99,
  stockQuantity: 50,
  categoryId: 'w1',
  status: 'Active',
  createdAt: '2025-03-05T10:00:00Z',
};

function catalogueProvider() {
  const records: Record<string, { id: string; categoryId?: string }[]> = {
    categories: [...SEEDED_CATEGORIES, ECOMM],
    accessories: [TAP],
  };
  return fakeDataProvider({
    ...recordsOf(records, 'This accessory does not exist.'),
    ...savesAs('Accessory'),
    delete: vi.fn(async () => {
      throw new Error('offline');
    }),
  } as never);
}

async function choose(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('accessory screens', () => {
  it('offers the oxygen types, requires the fields and adds the accessory', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/accessory/add/o1', { dataProvider });
    await heading('Add Accessory');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Regulator');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(6);
    await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('Flow meter');
    expect(options).not.toContain('Tap');
    await userEvent.click(screen.getByRole('option', { name: 'Regulator' }));
    await choose(/^Material/, 'Metal');
    await userEvent.type(screen.getByLabelText(/^Price/), '1800');
    await userEvent.type(screen.getByLabelText(/^Discount Price/), '1599');
    await userEvent.type(screen.getByLabelText(/^Stock Quantity/), '20');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'reg.png', { type: 'image/png' });
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Accessory Regulator created successfully')).toBeInTheDocument();
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      type: 'regulator',
      material: 'metal',
      price: 1800,
      categoryId: 'o1',
    });
  });

  it('disables the type for kinds without accessory types', async () => {
    renderPanel('/accessory/add/e1', { dataProvider: catalogueProvider() });
    await heading('Add Accessory');
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(
      screen.getByText('Accessory types exist for water and oxygen only.'),
    ).toBeInTheDocument();
  });

  it('loads the accessory by id on edit with the water types', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/accessory/edit/a1', { dataProvider });
    await heading('Edit Accessory');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Jar Tap');
    await choose(/^Type/, 'Cleaning brush');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Accessory Jar Tap updated successfully')).toBeInTheDocument();
    expect(dataProvider.update.mock.calls[0]![1]).toMatchObject({
      id: 'a1',
      data: { type: 'cleaning_brush', imageUrl: '/uploads/tap.png' },
    });
  });

  it('shows the accessory and its table with the delete wording of accessories', async () => {
    const { unmount } = renderPanel('/accessory/view/a1', { dataProvider: catalogueProvider() });
    expect(await heading('Jar Tap')).toBeInTheDocument();
    expect(screen.getByText('Plastic')).toBeInTheDocument();
    unmount();
    renderPanel('/category/view/w1', { dataProvider: catalogueProvider() });
    const table = await screen.findByRole('region', { name: 'Accessories' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Delete Jar Tap' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete accessory. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('accessories calls', () => {
  const { calls } = stubApi({
    statusCode: 200,
    message: 'Done',
    result: { accessories: [TAP], accessory: TAP },
  });
  const provider = createDataProvider(resources);

  it('lists with POST accessory/get-accessories-by-category and a {categoryId} body', async () => {
    const { data } = await provider.getManyReference('accessories', {
      target: 'categoryId',
      id: 'w1',
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/accessory/get-accessories-by-category');
    expect(calls[0]!.url.search).toBe('');
    expect([...(calls[0]!.body as FormData).entries()]).toEqual([['categoryId', 'w1']]);
    expect(data[0]!.id).toBe('a1');
  });

  it('reads one with GET accessory/get-accessory/{id}', async () => {
    await provider.getOne('accessories', { id: 'a1' });
    expect(calls[0]!.url.pathname).toBe('/api/accessory/get-accessory/a1');
  });

  it('sends the chosen file as `image` on create and the id as accessoryId on edit', async () => {
    const file = new File([new Uint8Array([1])], 'tap.png', { type: 'image/png' });
    await provider.create('accessories', {
      data: { name: 'Tap', type: 'tap', imageUrl: { rawFile: file }, categoryId: 'w1' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/accessory/create');
    const form = calls[0]!.body as FormData;
    expect((form.get('image') as File).name).toBe('tap.png');
    expect(form.has('imageUrl')).toBe(false);
    await provider.update('accessories', {
      id: 'a1',
      data: { ...TAP, name: 'Tap 2' },
      previousData: TAP,
    });
    expect(calls[1]!.url.pathname).toBe('/api/accessory/edit-accessory');
    const edit = calls[1]!.body as FormData;
    expect(edit.get('accessoryId')).toBe('a1');
    expect(edit.get('image')).toBe('/uploads/tap.png');
    expect(edit.has('_id')).toBe(false);
    await provider.delete('accessories', { id: 'a1', previousData: TAP });
    expect(calls[2]!.url.pathname).toBe('/api/accessory/delete-accessory');
    expect([...(calls[2]!.body as FormData).entries()]).toEqual([['accessoryId', 'a1']]);
  });
});
