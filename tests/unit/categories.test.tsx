import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import {
  fakeAuthProvider,
  fakeDataProvider,
  heading,
  renderPanel,
  SEEDED_CATEGORIES,
} from './helpers';

describe('categories list', () => {
  it('shows the rows with thumbnails, dates and the shared list footer', async () => {
    const { dataProvider } = renderPanel('/categories/1');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('20 and 25 litre jars')).toBeInTheDocument();
    expect(within(table).getByText('5, Mar 2025')).toBeInTheDocument();
    expect(within(table).getAllByRole('img')[0]).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/w.png',
    );
    expect(screen.getByText('Showing 1 to 3 out of 3')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'categories',
      expect.objectContaining({ pagination: { page: 1, perPage: 10 } }),
    );
  });

  it('groups large totals the Indian way and shows no counts until the first answer', async () => {
    const waiting: ((value: { data: unknown[]; total: number }) => void)[] = [];
    const dataProvider = fakeDataProvider({
      getList: () => new Promise((resolve) => waiting.push(resolve)),
    } as never);
    renderPanel('/categories/3', { dataProvider });
    await waitFor(() => expect(waiting).not.toHaveLength(0));
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Page \d/)).not.toBeInTheDocument();
    const rows = Array.from({ length: 10 }, (_, i) => ({
      ...SEEDED_CATEGORIES[0]!,
      id: `c${i}`,
      name: `Category ${i}`,
    }));
    for (const answer of waiting) answer({ data: rows, total: 123456 });
    expect(await screen.findByText('Showing 21 to 30 out of 1,23,456')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 12,346')).toBeInTheDocument();
  });

  it('loads the page named in the path, once', async () => {
    const dataProvider = fakeDataProvider();
    renderPanel('/categories/2', { dataProvider });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    const pages = dataProvider.getList.mock.calls
      .filter(([resource]) => resource === 'categories')
      .map(([, params]) => params.pagination);
    expect(pages).toContainEqual({ page: 2, perPage: 10 });
    expect(pages).not.toContainEqual({ page: 1, perPage: 10 });
  });

  it('sends a page below 1 back to page 1 with the spec message', async () => {
    renderPanel('/categories/0');
    expect(
      await screen.findByText('Page number should be greater than or equal to 1'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 3 out of 3')).toBeInTheDocument();
  });

  it('refuses a go-to page outside 1..pages', async () => {
    renderPanel('/categories/1');
    const box = await screen.findByRole('textbox', { name: 'Go to page' });
    await userEvent.type(box, '7{Enter}');
    expect(await screen.findByText('Invalid page number')).toBeInTheDocument();
  });

  it('offers Add and Edit to admins allowed to change categories', async () => {
    renderPanel('/categories/1', {
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { serviceManagement: true } }),
    });
    expect(await screen.findByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/category/add',
    );
    expect(await screen.findByRole('link', { name: 'Edit Water' })).toHaveAttribute(
      'href',
      '/category/edit/w1',
    );
    expect(screen.getByRole('link', { name: 'View Water' })).toHaveAttribute(
      'href',
      '/category/view/w1',
    );
  });

  it('hides Add and Edit from admins who may only read the list', async () => {
    const readOnly = fakeAuthProvider({ role: 'admin', permissions: { orders: true } });
    readOnly.canAccess = async ({ action }) => action === 'list' || action === 'show';
    renderPanel('/categories/1', { authProvider: readOnly });
    expect(await screen.findByRole('link', { name: 'View Water' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Water' })).not.toBeInTheDocument();
  });
});

describe('category forms', () => {
  it('requires name, title, description and image on add', async () => {
    const { dataProvider } = renderPanel('/category/add');
    await heading('Add Category');
    await userEvent.type(screen.getByLabelText(/Name/), 'Milk');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(dataProvider.create).not.toHaveBeenCalled();
    // The fields say what is missing; no generic toast on top of them.
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
  });

  it('adds a category with its image, shows the server message and goes back', async () => {
    const dataProvider = fakeDataProvider();
    renderPanel('/category/add', { dataProvider });
    await heading('Add Category');
    await userEvent.type(screen.getByLabelText(/Name/), 'Milk');
    await userEvent.type(screen.getByLabelText(/Title/), 'Fresh milk');
    await userEvent.type(screen.getByLabelText(/Description/), 'Morning delivery of milk packets.');
    const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'milk.png', {
      type: 'image/png',
    });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, file);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category Milk created successfully')).toBeInTheDocument();
    const [, params] = dataProvider.create.mock.calls[0]!;
    expect(params.data).toMatchObject({ name: 'Milk', title: 'Fresh milk', kind: 'other' });
    expect((params.data.image as { rawFile: File }).rawFile.name).toBe('milk.png');
    // Opened directly, "back" is the categories list.
    expect(await heading('Categories')).toBeInTheDocument();
  });

  it('loads the category by id on edit, keeps the name read-only and saves', async () => {
    const dataProvider = fakeDataProvider();
    renderPanel('/category/edit/w1', { dataProvider });
    await heading('Edit Category');
    const name = screen.getByLabelText(/Name/);
    expect(name).toHaveValue('Water');
    expect(name).toHaveAttribute('readonly');
    const title = screen.getByLabelText(/Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Jars on subscription');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Category Water updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    const [, params] = dataProvider.update.mock.calls[0]!;
    expect(params).toMatchObject({
      id: 'w1',
      data: { title: 'Jars on subscription', image: '/uploads/w.png' },
    });
  });

  it('shows the server message when a save fails', async () => {
    const dataProvider = fakeDataProvider({
      update: async () => {
        const { HttpError } = await import('react-admin');
        throw new HttpError('Title must be at most 200 characters.', 400);
      },
    });
    renderPanel('/category/edit/w1', { dataProvider });
    await heading('Edit Category');
    await userEvent.type(screen.getByLabelText(/Title/), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Title must be at most 200 characters.')).toBeInTheDocument();
  });

  it('shows the category details when opened directly', async () => {
    renderPanel('/category/view/o1');
    expect(await heading('Oxygen')).toBeInTheDocument();
    expect(screen.getByText('Cylinders')).toBeInTheDocument();
  });

  it('says so when the category does not exist', async () => {
    renderPanel('/category/view/missing');
    expect(await screen.findByText('This category does not exist.')).toBeInTheDocument();
  });
});

describe('HSN/SAC code and GST rate on category screens (issue 16)', () => {
  /** Water with its GST classification, as the server answers it. */
  const WATER = { ...SEEDED_CATEGORIES[0]!, hsnCode: '2201', gstRate: 18 };
  const withWater = () =>
    fakeDataProvider({
      getOne: vi.fn(async (_resource: string, { id }: { id: unknown }) => ({
        data: id === 'w1' ? WATER : { ...SEEDED_CATEGORIES.find((c) => c.id === id)! },
      })),
      getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    } as never);

  async function chooseRate(name: string) {
    await userEvent.click(screen.getByRole('combobox', { name: /GST rate \(%\)/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByText(name));
  }

  it('checks the code and sends both on add', async () => {
    const dataProvider = fakeDataProvider();
    renderPanel('/category/add', { dataProvider });
    await heading('Add Category');
    await userEvent.type(screen.getByLabelText(/Name/), 'Ironing');
    await userEvent.type(screen.getByLabelText(/Title/), 'Steam ironing');
    await userEvent.type(screen.getByLabelText(/Description/), 'Pressed and folded.');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'iron.png', { type: 'image/png' });
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    const code = screen.getByLabelText(/^HSN\/SAC code/);
    await userEvent.type(code, '99971');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
    await userEvent.type(code, '2');
    await chooseRate('18%');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category Ironing created successfully')).toBeInTheDocument();
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      hsnCode: '999712',
      gstRate: 18,
    });
  });

  it('offers Not set as the empty rate, loads both on edit and clears them as empty values', async () => {
    const dataProvider = withWater();
    renderPanel('/category/edit/w1', { dataProvider });
    await heading('Edit Category');
    const code = screen.getByLabelText(/^HSN\/SAC code/);
    expect(code).toHaveValue('2201');
    expect(screen.getByRole('combobox', { name: /GST rate \(%\)/ })).toHaveTextContent('18%');
    await userEvent.clear(code);
    await chooseRate('Not set');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0]![1].data).toMatchObject({
      hsnCode: '',
      gstRate: '',
    });
  });

  it('shows them on the view screen, Not set when missing', async () => {
    const { unmount } = renderPanel('/category/view/w1', { dataProvider: withWater() });
    expect(await heading('Water')).toBeInTheDocument();
    expect(screen.getByText('2201')).toBeInTheDocument();
    expect(screen.getByText('18%')).toBeInTheDocument();
    unmount();
    renderPanel('/category/view/o1', { dataProvider: withWater() });
    expect(await heading('Oxygen')).toBeInTheDocument();
    expect(screen.getAllByText('Not set')).toHaveLength(2);
  });

  describe('through the dataProvider', () => {
    const { calls } = stubApi({ statusCode: 200, message: 'Done', result: { category: WATER } });
    const provider = createDataProvider(resources);

    it('sends them as multipart fields on add and edit', async () => {
      const file = new File([new Uint8Array([1])], 'w.png', { type: 'image/png' });
      await provider.create('categories', {
        data: { ...WATER, image: { rawFile: file } },
      });
      const form = calls[0]!.body as FormData;
      expect(form.get('hsnCode')).toBe('2201');
      expect(form.get('gstRate')).toBe('18');
      await provider.update('categories', {
        id: 'w1',
        data: { ...WATER, hsnCode: '', gstRate: '' },
        previousData: WATER,
      });
      const edit = calls[1]!.body as FormData;
      expect(edit.get('hsnCode')).toBe('');
      expect(edit.get('gstRate')).toBe('');
    });
  });
});
