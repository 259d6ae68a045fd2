import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, heading, renderPanel, savesAs, SEEDED_CATEGORIES } from './helpers';

const HOME = '123456789';
const BANNERS = [
  {
    id: 'b1',
    _id: 'b1',
    bannerId: 'b1',
    title: 'Summer offer',
    categoryId: HOME,
    imageUrl: ['/uploads/aa/one.png', '/uploads/bb/two.png'],
    status: 'Active',
    createdAt: '2025-03-05T10:00:00Z',
  },
  {
    id: 'b2',
    _id: 'b2',
    bannerId: 'b2',
    title: 'Jar week',
    categoryId: 'w1',
    imageUrl: ['/uploads/cc/jar.png'],
    status: 'Active',
    createdAt: '2025-03-06T10:00:00Z',
  },
];

/** Categories and banners in memory; banners filtered by the list's categoryId. */
function bannerProvider(overrides: Record<string, unknown> = {}) {
  return fakeDataProvider({
    getList: vi.fn(async (resource: string, params: { filter?: { categoryId?: string } }) => {
      if (resource === 'banners') {
        const data = BANNERS.filter((b) => b.categoryId === params.filter?.categoryId);
        return { data, total: data.length };
      }
      return { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      const source: { id: string }[] = resource === 'banners' ? BANNERS : SEEDED_CATEGORIES;
      const record = source.find((r) => r.id === id);
      if (!record) throw new HttpError('This banner does not exist.', 404);
      return { data: record };
    }),
    ...savesAs('Banner', 'title'),
    delete: vi.fn(async (_r: string, { id }: { id: unknown }) => ({
      data: { id },
      meta: { message: 'Banner Summer offer deleted successfully' },
    })),
    ...overrides,
  } as never);
}

const pngFile = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

describe('banner lists', () => {
  it('shows the Home banners with a row of thumbnails, for 123456789', async () => {
    const dataProvider = bannerProvider();
    renderPanel(`/banners/${HOME}/1`, { dataProvider });
    await heading('Home Banner');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Summer offer')).toBeInTheDocument();
    expect(within(table).queryByText('Jar week')).not.toBeInTheDocument();
    expect(within(table).getByAltText('Summer offer, image 1')).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/aa/one.png',
    );
    expect(within(table).getByAltText('Summer offer, image 2')).toBeInTheDocument();
    expect(within(table).getByText('5, Mar 2025')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'banners',
      expect.objectContaining({ filter: { categoryId: HOME } }),
    );
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      `/banner/add?categoryId=${HOME}`,
    );
    expect(screen.getByRole('link', { name: 'View Summer offer' })).toHaveAttribute(
      'href',
      '/banner/view/b1',
    );
    expect(await screen.findByRole('link', { name: 'Edit Summer offer' })).toHaveAttribute(
      'href',
      '/banner/edit/b1',
    );
  });

  it('names the category of a category list and searches it', async () => {
    const dataProvider = bannerProvider();
    renderPanel('/banners/w1/1', { dataProvider });
    await heading('Water Banners');
    expect(await screen.findByText('Jar week')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'jar');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'banners',
        expect.objectContaining({ filter: { categoryId: 'w1', q: 'jar' } }),
      ),
    );
  });

  it('deletes after confirmation', async () => {
    const dataProvider = bannerProvider();
    renderPanel(`/banners/${HOME}/1`, { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Summer offer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Banner Summer offer deleted successfully')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith(
      'banners',
      expect.objectContaining({ id: 'b1' }),
    );
  });

  it('words a failed delete as the spec does', async () => {
    const failing = bannerProvider({
      delete: vi.fn(async () => {
        throw new HttpError('Unable to reach the server.', 0);
      }),
    });
    renderPanel(`/banners/${HOME}/1`, { dataProvider: failing });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Summer offer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete banner. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('banner forms', () => {
  it('requires a title and an image on add', async () => {
    const dataProvider = bannerProvider();
    renderPanel('/banner/add', { dataProvider });
    await heading('Add Banner');
    await userEvent.type(screen.getByLabelText(/Title/), 'No picture');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText(/Title/));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, pngFile('one.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(1);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('adds a banner with two images in the category it came from, busy "Adding ..."', async () => {
    let finish: () => void = () => {};
    const dataProvider = bannerProvider();
    const realCreate = dataProvider.create;
    dataProvider.create = vi.fn(
      (...args: Parameters<typeof realCreate>) =>
        new Promise((resolve) => {
          finish = () => resolve(realCreate(...args));
        }),
    ) as never;
    renderPanel('/banners/w1/1', { dataProvider });
    await heading('Water Banners');
    await userEvent.click(await screen.findByRole('link', { name: 'Add' }));
    await heading('Add Banner');
    expect(await screen.findByRole('combobox', { name: 'Category' })).toHaveTextContent('Water');
    await userEvent.type(screen.getByLabelText(/Title/), 'Monsoon jars');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, [pngFile('one.png'), pngFile('two.png')]);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Adding ...' })).toBeDisabled();
    finish();
    expect(await screen.findByText('Banner Monsoon jars created successfully')).toBeInTheDocument();
    const [resource, params] = (dataProvider.create as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(resource).toBe('banners');
    expect(params.data).toMatchObject({ title: 'Monsoon jars', categoryId: 'w1' });
    expect(params.data.image.map((f: { rawFile: File }) => f.rawFile.name)).toEqual([
      'one.png',
      'two.png',
    ]);
    // Back to the list it came from.
    await heading('Water Banners');
  });

  it('offers Home Banner and the categories, Home by default', async () => {
    renderPanel('/banner/add', { dataProvider: bannerProvider() });
    const select = await screen.findByRole('combobox', { name: 'Category' });
    expect(select).toHaveTextContent('Home Banner');
    await userEvent.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Home Banner', 'Water', 'Oxygen', 'Tiffin']);
  });

  it('loads the banner on edit, keeps its images when none is chosen and says so', async () => {
    const dataProvider = bannerProvider();
    renderPanel('/banner/edit/b1', { dataProvider });
    await heading('Edit Banner');
    expect(screen.getByLabelText(/Title/)).toHaveValue('Summer offer');
    expect(await screen.findByRole('combobox', { name: 'Category' })).toHaveTextContent(
      'Home Banner',
    );
    expect(screen.getByAltText('Summer offer, image 2')).toBeInTheDocument();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('image/png');
    await userEvent.clear(screen.getByLabelText(/Title/));
    await userEvent.type(screen.getByLabelText(/Title/), 'Winter offer');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Banner Winter offer updated successfully')).toBeInTheDocument();
    const [, params] = dataProvider.update.mock.calls[0]!;
    expect(params.id).toBe('b1');
    expect(params.data).toMatchObject({ title: 'Winter offer', categoryId: HOME });
    expect(params.data.image).toBeUndefined();
  });

  it('words an unreachable server on edit as the spec does', async () => {
    const dataProvider = bannerProvider({
      update: vi.fn(async () => {
        throw new HttpError('Unable to reach the server.', 0);
      }),
    });
    renderPanel('/banner/edit/b1', { dataProvider });
    await heading('Edit Banner');
    await userEvent.type(screen.getByLabelText(/Title/), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Failed to update banner. Please try again.'),
    ).toBeInTheDocument();
  });

  it('shows a missing banner instead of a form', async () => {
    renderPanel('/banner/edit/nope', { dataProvider: bannerProvider() });
    expect(await screen.findByText('This banner does not exist.')).toBeInTheDocument();
  });
});

describe('banner view', () => {
  it('shows the details and a gallery of every image', async () => {
    renderPanel('/banner/view/b1', { dataProvider: bannerProvider() });
    await heading('Summer offer');
    expect(screen.getByText('Home Banner')).toBeInTheDocument();
    expect(screen.getByText('Images (2)')).toBeInTheDocument();
    expect(screen.getByAltText('Summer offer, image 1')).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/aa/one.png',
    );
    expect(screen.getByAltText('Summer offer, image 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/banner/edit/b1');
  });

  it('names the category of a category banner', async () => {
    renderPanel('/banner/view/b2', { dataProvider: bannerProvider() });
    await heading('Jar week');
    expect(await screen.findByText('Water')).toBeInTheDocument();
  });
});
