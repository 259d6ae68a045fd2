import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resources } from '../../resources';
import { formatRupees } from '@/format';
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
  returnable: false,
  deposit: 0,
  hsnCode: null,
  gstRate: null,
  status: 'Active',
  createdAt: '2025-03-05T10:00:00Z',
};
/** A returnable cylinder cap with its own HSN code and GST rate (issue 16). */
const CAP = {
  ...TAP,
  id: 'a2',
  _id: 'a2',
  name: 'Valve cap',
  type: 'cap',
  material: 'metal',
  categoryId: 'o1',
  returnable: true,
  deposit: 40,
  hsnCode: '848180',
  gstRate: 12,
};

function catalogueProvider() {
  const records: Record<string, { id: string; categoryId?: string }[]> = {
    categories: [...SEEDED_CATEGORIES, ECOMM],
    accessories: [TAP, CAP],
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

describe('returnable, deposit, HSN/SAC code and GST rate on accessory screens (issue 16)', () => {
  const deposit = () => screen.queryByLabelText(/^Deposit \(₹\)/);

  async function chooseRate(name: string) {
    await userEvent.click(screen.getByRole('combobox', { name: /GST rate \(%\)/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByText(name));
  }

  async function fillTap() {
    await userEvent.type(screen.getByLabelText(/^Name/), 'Jar stand');
    await choose(/^Type/, 'Stand');
    await choose(/^Material/, 'Metal');
    await userEvent.type(screen.getByLabelText(/^Price/), '300');
    await userEvent.type(screen.getByLabelText(/^Discount Price/), '250');
    await userEvent.type(screen.getByLabelText(/^Stock Quantity/), '10');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'stand.png', { type: 'image/png' });
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
  }

  it('asks for the deposit once returnable and sends the four fields on add', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/accessory/add/w1', { dataProvider });
    await heading('Add Accessory');
    expect(deposit()).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /GST rate \(%\)/ })).toBeInTheDocument();
    await fillTap();
    await userEvent.click(screen.getByRole('switch', { name: /Returnable \(jar or cylinder\)/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'Please enter the deposit of a returnable item in rupees (0 if you take none).',
      ),
    ).toBeInTheDocument();
    await userEvent.type(deposit()!, '-5');
    await userEvent.type(screen.getByLabelText(/^HSN\/SAC code/), '73O8');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Deposit must be 0 or more.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();

    await userEvent.clear(deposit()!);
    await userEvent.type(deposit()!, '75.50');
    const code = screen.getByLabelText(/^HSN\/SAC code/);
    await userEvent.clear(code);
    await userEvent.type(code, '7308');
    await chooseRate('18%');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Accessory Jar stand created successfully')).toBeInTheDocument();
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      categoryId: 'w1',
      returnable: true,
      deposit: 75.5,
      hsnCode: '7308',
      gstRate: 18,
    });
  });

  it('loads them on edit; switching returnable off sends no deposit, an emptied rate clears it', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/accessory/edit/a2', { dataProvider });
    await heading('Edit Accessory');
    const returnable = screen.getByRole('switch', { name: /Returnable/ });
    expect(returnable).toBeChecked();
    expect(deposit()).toHaveValue(40);
    expect(screen.getByLabelText(/^HSN\/SAC code/)).toHaveValue('848180');
    await userEvent.click(returnable);
    expect(deposit()).not.toBeInTheDocument();
    await chooseRate('Category default');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0]![1].data).toMatchObject({
      returnable: false,
      deposit: 0,
      hsnCode: '848180',
      gstRate: '',
    });
  });

  it('shows them on the view screen, the category default when not set', async () => {
    const { unmount } = renderPanel('/accessory/view/a2', { dataProvider: catalogueProvider() });
    expect(await heading('Valve cap')).toBeInTheDocument();
    expect(screen.getByText(`Yes, ${formatRupees(40)} deposit`)).toBeInTheDocument();
    expect(screen.getByText('848180')).toBeInTheDocument();
    expect(screen.getByText('12%')).toBeInTheDocument();
    unmount();
    renderPanel('/accessory/view/a1', { dataProvider: catalogueProvider() });
    expect(await heading('Jar Tap')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();
    expect(screen.getAllByText('Category default')).toHaveLength(2);
  });

  describe('through the dataProvider', () => {
    const { calls } = stubApi({ statusCode: 200, message: 'Done', result: { accessory: CAP } });
    const provider = createDataProvider(resources);

    it('sends them as multipart fields on create and edit', async () => {
      const file = new File([new Uint8Array([1])], 'cap.png', { type: 'image/png' });
      await provider.create('accessories', {
        data: { ...CAP, imageUrl: { rawFile: file } },
      });
      const form = calls[0]!.body as FormData;
      expect(form.get('returnable')).toBe('true');
      expect(form.get('deposit')).toBe('40');
      expect(form.get('hsnCode')).toBe('848180');
      expect(form.get('gstRate')).toBe('12');
      await provider.update('accessories', {
        id: 'a2',
        data: { ...CAP, returnable: false, deposit: 0, hsnCode: '', gstRate: '' },
        previousData: CAP,
      });
      const edit = calls[1]!.body as FormData;
      expect(edit.get('returnable')).toBe('false');
      expect(edit.get('deposit')).toBe('0');
      expect(edit.get('hsnCode')).toBe('');
      expect(edit.get('gstRate')).toBe('');
    });
  });
});
