import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
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

const LAUNDRY = { ...SEEDED_CATEGORIES[0]!, id: 'l1', _id: 'l1', name: 'Laundry', kind: 'laundry' };
const WASH = {
  id: 's1',
  _id: 's1',
  name: 'Wash & Fold',
  title: 'Washed and folded',
  description: 'Everyday clothes',
  image: '/uploads/wash.png',
  categoryId: 'l1',
  status: 'Active',
  createdAt: '2025-03-05T10:00:00Z',
};

function catalogueProvider() {
  const records: Record<string, { id: string; categoryId?: unknown }[]> = {
    categories: [...SEEDED_CATEGORIES, LAUNDRY],
    subCategories: [WASH],
    products: [],
  };
  return fakeDataProvider({
    ...recordsOf(records, 'This sub category does not exist.'),
    ...savesAs('Sub Category'),
    delete: vi.fn(async () => {
      throw new HttpError(
        'This sub category is used by 2 products. Move or delete them first.',
        409,
      );
    }),
  } as never);
}

describe('sub-category screens', () => {
  it('requires the fields and the image, then adds under the category', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/sub-category/add/l1', { dataProvider });
    await heading('Add Sub Category');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Dry Clean');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    await userEvent.type(screen.getByLabelText(/^Title/), 'Gentle care');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Silk and wool');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'dry.png', { type: 'image/png' });
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Sub Category Dry Clean created successfully'),
    ).toBeInTheDocument();
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      name: 'Dry Clean',
      categoryId: 'l1',
    });
  });

  it('loads the record by id on edit; the image is optional', async () => {
    const dataProvider = catalogueProvider();
    renderPanel('/sub-category/edit/s1', { dataProvider });
    await heading('Edit Sub Category');
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveValue('Wash & Fold');
    await userEvent.type(name, ' Plus');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Sub Category Wash & Fold Plus updated successfully'),
    ).toBeInTheDocument();
    expect(dataProvider.update.mock.calls[0]![1]).toMatchObject({
      id: 's1',
      data: { name: 'Wash & Fold Plus', image: '/uploads/wash.png' },
    });
  });

  it('shows the details, and the 409 message when a used sub-category is deleted', async () => {
    const { unmount } = renderPanel('/sub-category/view/s1', { dataProvider: catalogueProvider() });
    expect(await heading('Wash & Fold')).toBeInTheDocument();
    expect(screen.getByText('Washed and folded')).toBeInTheDocument();
    unmount();
    renderPanel('/category/view/l1', { dataProvider: catalogueProvider() });
    const table = await screen.findByRole('region', { name: 'Sub Categories' });
    expect(await within(table).findByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/sub-category/add/l1',
    );
    await userEvent.click(await within(table).findByRole('button', { name: 'Delete Wash & Fold' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This sub category is used by 2 products. Move or delete them first.',
      ),
    ).toBeInTheDocument();
  });

  it('uses its own wording when the add cannot reach the server', async () => {
    const dataProvider = catalogueProvider();
    dataProvider.update = vi.fn(async () => {
      throw new Error('offline');
    });
    renderPanel('/sub-category/edit/s1', { dataProvider });
    await heading('Edit Sub Category');
    await userEvent.type(screen.getByLabelText(/^Title/), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Failed to edit sub category. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('subCategories calls', () => {
  const { calls } = stubApi({
    statusCode: 200,
    message: 'Done',
    result: { subCategories: [WASH], subCategory: WASH },
  });
  const provider = createDataProvider(resources);

  it('lists with GET subCategory/by-categoryId/{categoryId}, no paging query', async () => {
    const { data } = await provider.getList('subCategories', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { categoryId: 'l1' },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/subCategory/by-categoryId/l1');
    expect(calls[0]!.url.search).toBe('');
    expect(data[0]!.id).toBe('s1');
  });

  it('reads, creates, edits and deletes with the spec paths and field names', async () => {
    await provider.getOne('subCategories', { id: 's1' });
    expect(calls[0]!.url.pathname).toBe('/api/subCategory/get-subCategory/s1');
    await provider.create('subCategories', {
      data: { name: 'A', title: 'B', description: 'C', image: 'x', categoryId: 'l1', kind: 'z' },
    });
    expect(calls[1]!.url.pathname).toBe('/api/subCategory/create-subCategory');
    expect([...(calls[1]!.body as FormData).keys()]).toEqual([
      'name',
      'title',
      'description',
      'image',
      'categoryId',
    ]);
    await provider.update('subCategories', { id: 's1', data: WASH, previousData: WASH });
    expect(calls[2]!.url.pathname).toBe('/api/subCategory/edit-subCategory');
    expect([...(calls[2]!.body as FormData).keys()]).toEqual([
      'name',
      'title',
      'description',
      'image',
      'subCategoryId',
    ]);
    await provider.delete('subCategories', { id: 's1', previousData: WASH });
    expect(calls[3]!.url.pathname).toBe('/api/subCategory/delete-subCategory');
    expect([...(calls[3]!.body as FormData).entries()]).toEqual([['subCategoryId', 's1']]);
  });
});
