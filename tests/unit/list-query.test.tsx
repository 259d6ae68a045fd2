import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from '@/lists/listQuery';
import { fakeDataProvider, heading, renderPanel } from './helpers';

describe('a list in the address', () => {
  it('reads the search, the filters it names, the sort and the page size', () => {
    expect(
      readListQuery('?q=Kavya&pincode=400050&sort=totalAmount&order=asc&perPage=20&other=1', [
        'pincode',
      ]),
    ).toEqual({
      filter: { q: 'Kavya', pincode: '400050' },
      sort: { field: 'totalAmount', order: 'ASC' },
      perPage: 20,
    });
    // A page size the footer does not offer is ignored.
    expect(readListQuery('?perPage=5000')).toEqual({ filter: {} });
  });

  it('writes them back beside the other parameters, leaving out the defaults', () => {
    const defaultSort = { field: 'createdAt', order: 'DESC' } as const;
    expect(
      writeListQuery(
        '?status=Pending&q=old',
        { filter: { q: 'Kavya Verma', serviceId: 'w1' }, sort: defaultSort, perPage: 10 },
        [],
        defaultSort,
      ),
    ).toBe('?status=Pending&q=Kavya+Verma');
    expect(
      writeListQuery(
        '',
        { filter: {}, sort: { field: 'orderId', order: 'ASC' }, perPage: 30 },
        [],
        defaultSort,
      ),
    ).toBe('?sort=orderId&order=ASC&perPage=30');
  });
});

describe('a list opened from an address with its search and sort', () => {
  it('loads that search, sort and page size at once, and searches on as the admin types', async () => {
    const dataProvider = fakeDataProvider();
    renderPanel('/categories/1?q=Wat&sort=name&order=ASC&perPage=20', { dataProvider });
    await heading('Categories');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'categories',
        expect.objectContaining({
          filter: expect.objectContaining({ q: 'Wat' }),
          sort: { field: 'name', order: 'ASC' },
          pagination: { page: 1, perPage: 20 },
        }),
      ),
    );
    // Only that: not the stored list first and then this one.
    expect(
      dataProvider.getList.mock.calls.filter(([resource]) => resource === 'categories'),
    ).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Wat');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'er');
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'categories',
          expect.objectContaining({ filter: expect.objectContaining({ q: 'Water' }) }),
        ),
      { timeout: 3000 },
    );
  });
});

describe('a list opened past its last page', () => {
  it('goes to the last page there is, as react-admin does', async () => {
    // Three categories: page 5 of 10 a page is empty.
    const dataProvider = fakeDataProvider();
    renderPanel('/categories/5', { dataProvider });
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(
      dataProvider.getList.mock.calls
        .filter(([resource]) => resource === 'categories')
        .map(([, params]) => params.pagination.page),
    ).toEqual([5, 1]);
  });
});
