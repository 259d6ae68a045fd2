import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { createDataProvider, type ExportParams } from '@/providers/dataProvider';
import { renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';
import { stubApi } from './apiStub';

const ORDER = {
  id: 'o-1',
  _id: 'o-1',
  orderId: 'OD250305K3F9QZ',
  createdAt: '2025-03-05T10:00:00.000Z',
  userId: 'c-1',
  user: { _id: 'c-1', name: 'Aarav Sharma' },
  serviceId: 'w1',
  service: { _id: 'w1', name: 'Water', kind: 'water' },
  quantity: 2,
  returnQuantity: 0,
  price: 90,
  deliveryCharge: 30,
  totalAmount: 210,
  isEmergency: false,
  status: 'Pending',
  pincode: '560034',
};

const CSV = '\uFEFFOrder ID,Status\r\nOD250305K3F9QZ,Pending\r\n';

/** A file's text with its byte order mark (Blob.text() drops it). */
const textOf = async (blob: Blob) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'exportList']: Mock };

function fakeOrders(overrides: Record<string, unknown> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) =>
      resource === 'categories'
        ? { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length }
        : { data: [ORDER], total: 1 },
    ),
    getOne: vi.fn(async (_resource: string, { id }: { id: unknown }) => ({
      data: SEEDED_CATEGORIES.find((c) => c.id === id),
    })),
    exportList: vi.fn(async () => ({
      data: { blob: new Blob([CSV], { type: 'text/csv' }), fileName: 'orders-2026-11-24.csv' },
    })),
    ...overrides,
  } as never) as Fake;
}

/** Records the downloads the browser would start (jsdom has no object URLs). */
function captureDownloads() {
  const created: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    created.push(blob as Blob);
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { created, clicked };
}

const exportButton = () => screen.getByRole('button', { name: 'Export' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Export (the lists toolbar)', () => {
  it("asks the provider for the list's CSV with its filters and sort, shows progress and saves it", async () => {
    const { created, clicked } = captureDownloads();
    let release: () => void = () => {};
    const dataProvider = fakeOrders({
      exportList: vi.fn(async (_resource: string, params: ExportParams) => {
        params.onProgress?.(2.5 * 1024 * 1024);
        await new Promise<void>((resolve) => (release = resolve));
        return {
          data: { blob: new Blob([CSV], { type: 'text/csv' }), fileName: 'orders-2026-11-24.csv' },
        };
      }),
    });
    renderPanel('/orders/1?status=Pending&serviceId=w1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(exportButton());

    const busy = await screen.findByRole('button', { name: 'Exporting… 2.5 MB' });
    expect(busy).toBeDisabled();
    expect(dataProvider.exportList).toHaveBeenCalledTimes(1);
    expect(dataProvider.exportList.mock.calls[0]!.slice(0, 2)).toEqual([
      'orders',
      expect.objectContaining({
        filter: { status: 'Pending', serviceId: 'w1' },
        sort: { field: 'createdAt', order: 'DESC' },
        meta: undefined,
      }),
    ]);

    release();
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:export', download: 'orders-2026-11-24.csv' }]),
    );
    expect(await textOf(created[0]!)).toBe(CSV);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('follows a sort chosen in the table and names the list call (by type)', async () => {
    captureDownloads();
    const dataProvider = fakeOrders();
    renderPanel('/orders/fresh/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: /Sort by amount/i }));
    await waitFor(() =>
      expect(dataProvider.getList.mock.calls.at(-1)![1].sort).toEqual({
        field: 'totalAmount',
        order: 'ASC',
      }),
    );
    await userEvent.click(exportButton());
    await waitFor(() => expect(dataProvider.exportList).toHaveBeenCalledTimes(1));
    expect(dataProvider.exportList.mock.calls[0]![1]).toMatchObject({
      filter: {},
      sort: { field: 'totalAmount', order: 'ASC' },
      meta: { list: 'fresh' },
    });
  });

  it("shows the server's reason when the export is refused", async () => {
    const { clicked } = captureDownloads();
    const dataProvider = fakeOrders({
      exportList: vi.fn(async () => {
        throw new HttpError('More than 10,000 customers match "a". Type more of the name.', 400);
      }),
    });
    renderPanel('/orders/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(exportButton());
    expect(
      await screen.findByText(
        'Failed to export the list. More than 10,000 customers match "a". Type more of the name.',
      ),
    ).toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(exportButton()).toBeEnabled();
  });
});

describe('exportList (dataProvider)', () => {
  const { calls, answers } = stubApi();
  const csvAnswer = (fileName?: string) => () =>
    new Response(CSV, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        ...(fileName && { 'content-disposition': `attachment; filename="${fileName}"` }),
      },
    });

  it("GETs the list's export call with the list's parameters, no paging, and the server's file name", async () => {
    answers.push(csvAnswer('orders-2026-11-24.csv'));
    const provider = createDataProvider(resources);
    const { data } = await provider.exportList('orders', {
      filter: { q: 'Sharma', status: 'Pending' },
      sort: { field: 'totalAmount', order: 'DESC' },
      meta: { list: 'fresh' },
    });
    expect(calls[0]!.input).toBe(
      '/api/order/export-orders?type=fresh&status=Pending&search=Sharma&sortField=totalAmount&sortOrder=desc',
    );
    expect(calls[0]!.headers.get('accept')).toBe('text/csv, application/json');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(data.fileName).toBe('orders-2026-11-24.csv');
    expect(await textOf(data.blob)).toBe(CSV);
  });

  it("sends the search, the list's fixed status and path values; names the file when the answer does not", async () => {
    answers.push(csvAnswer(), csvAnswer(), csvAnswer());
    const provider = createDataProvider(resources);
    const blocked = await provider.exportList('blockedUsers', { filter: { q: 'Reddy' } });
    expect(calls[0]!.input).toBe('/api/user/export-users?status=Blocked&search=Reddy');
    expect(blocked.data.fileName).toBe('users.csv');
    await provider.exportList('assigningJobs', {
      filter: { serviceId: 'w1', pincode: '560034' },
      sort: { field: 'pincode', order: 'ASC' },
    });
    expect(calls[1]!.input).toBe(
      '/api/order/export-jobs/w1?pincode=560034&sort=pincode&sortOrder=asc',
    );
    await provider.exportList('returns', { filter: { categoryType: '1' } });
    expect(calls[2]!.input).toBe('/api/return-history/export-return-requests?categoryType=1');
  });

  it("turns a refusal into the server's message", async () => {
    answers.push({
      status: 403,
      body: { statusCode: 403, message: 'You do not have the Orders Management permission.' },
    });
    await expect(
      createDataProvider(resources).exportList('orders', { filter: {} }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'You do not have the Orders Management permission.',
    });
  });
});
