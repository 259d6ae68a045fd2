import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AppDataProvider } from '@/providers/types';
import { resources } from '../../resources';
import { formatRupees } from '@/format';
import { createDataProvider, type DownloadParams } from '@/providers/dataProvider';
import { DOWNLOAD_CUT } from '@/providers/httpClient';
import {
  fakeAuthProvider,
  headers,
  heading,
  renderPanel,
  SEEDED_CATEGORIES,
  SLOW,
} from './helpers';
import { stubApi } from './apiStub';

const service = (id: string) => {
  const c = SEEDED_CATEGORIES.find((x) => x.id === id)!;
  return { _id: c.id, name: c.name, kind: c.kind };
};

const WATER_JOB = {
  id: 'job-w',
  _id: 'job-w',
  orderId: 'OD250305K3F9QZ',
  createdAt: '2025-03-05T10:00:00.000Z',
  userId: '0193aaaa-bbbb-7ccc-8ddd-eeeeffff0001',
  user: { _id: '0193aaaa-bbbb-7ccc-8ddd-eeeeffff0001', name: 'Aarav Sharma' },
  serviceId: 'w1',
  service: service('w1'),
  quantity: 2,
  returnQuantity: 3,
  price: 90,
  deliveryCharge: 30,
  totalAmount: 210,
  isEmergency: true,
  status: 'Pending',
  pincode: '560034',
  address: { fullAddress: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560034' },
};

const TIFFIN_JOB = {
  ...WATER_JOB,
  id: 'job-t',
  _id: 'job-t',
  orderId: 'OD250307TIFF01',
  serviceId: 't1',
  service: service('t1'),
  isEmergency: false,
  status: 'Out for Delivery',
  address: null,
  pickupAddress: { fullAddress: '4 Residency Road', city: 'Bengaluru', pincode: '560025' },
  deliveryAddress: { fullAddress: '9 Brigade Road', city: 'Bengaluru', pincode: '560001' },
  startDate: '2025-03-01',
  endDate: '2025-03-30',
};

const PINCODES = [
  { id: 'p1', _id: 'p1', number: '560001', pinType: 'Home', status: 'Active' },
  { id: 'p2', _id: 'p2', number: '560034', pinType: 'Office', status: 'Active' },
];

// A tiny PDF, as the server streams it.
const PDF_BYTES = '%PDF-1.4\n%%EOF\n';

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'setOrderStatus' | 'download']: Mock };

function fakeJobs(jobs: RaRecord[], overrides: Partial<AppDataProvider> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      if (resource === 'pincodes') return { data: PINCODES, total: PINCODES.length };
      return { data: jobs, total: jobs.length };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'categories') {
        const category = SEEDED_CATEGORIES.find((c) => c.id === id);
        if (!category) throw new HttpError('This category does not exist.', 404);
        return { data: category };
      }
      const job = jobs.find((j) => j.id === id);
      if (!job) throw new HttpError('This order does not exist.', 404);
      return { data: { ...job, accessories: [], statusHistory: [] } };
    }),
    setOrderStatus: vi.fn(async () => ({
      data: undefined,
      meta: { message: 'Order status updated to Delivered.' },
    })),
    download: vi.fn(async () => ({
      data: { blob: new Blob([PDF_BYTES], { type: 'application/pdf' }), fileName: 'orders.pdf' },
    })),
    ...overrides,
  } as never) as Fake;
}

const jobCalls = (dp: Fake) => dp.getList.mock.calls.filter(([r]) => r === 'assigningJobs');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('assigning jobs list', () => {
  it('lists the open jobs of a water service with pin code, address, Return, whole order ids and the status edit', async () => {
    const dataProvider = fakeJobs([WATER_JOB]);
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await heading('Assigning Jobs: Water');
    const table = await screen.findByRole('table');
    expect(headers(table)).toEqual([
      'Date',
      'Customer Name',
      'Order ID',
      'Pin Code',
      'Address',
      'Return',
      'Amount',
      'Status',
      'Rider',
      'Actions',
    ]);
    const row = within(table).getByText('Aarav Sharma').closest('tr')!;
    // The order id whole, as every list shows it; the family id cut under the name (its whole
    // in the tooltip); the delivery address on one line, whole in the tooltip.
    expect(within(row).getByText('OD250305K3F9QZ')).toBeInTheDocument();
    expect(within(row).getByText('eeffff0001')).toHaveAttribute('title', WATER_JOB.userId);
    expect(within(row).getByText('12 MG Road, Bengaluru, Karnataka 560034')).toHaveAttribute(
      'title',
      '12 MG Road, Bengaluru, Karnataka 560034',
    );
    expect(within(row).getByRole('img', { name: 'Emergency' })).toBeInTheDocument();
    expect(within(row).getByText('560034')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText(formatRupees(210))).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View order OD250305K3F9QZ' })).toHaveAttribute(
      'href',
      '/assigning-job/view/job-w',
    );
    expect(
      await within(row).findByRole('button', { name: 'Edit status of order OD250305K3F9QZ' }),
    ).toBeInTheDocument();
    expect(jobCalls(dataProvider).at(-1)![1]).toMatchObject({
      filter: { serviceId: 'w1' },
      sort: { field: 'createdAt', order: 'DESC' },
      pagination: { page: 1, perPage: 10 },
    });
  });

  it('fills the pin code select with every pin code (perPage 1000) and filters by the one chosen', async () => {
    const dataProvider = fakeJobs([WATER_JOB]);
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'pincodes',
      expect.objectContaining({ pagination: { page: 1, perPage: 1000 } }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Pin Code' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All pin codes', '560001', '560034']);
    await userEvent.click(screen.getByRole('option', { name: '560034' }));
    await waitFor(() =>
      expect(jobCalls(dataProvider).at(-1)![1].filter).toEqual({
        serviceId: 'w1',
        pincode: '560034',
      }),
    );
  });

  it('searches and sorts through the call', async () => {
    const dataProvider = fakeJobs([WATER_JOB]);
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Aarav');
    await waitFor(() =>
      expect(jobCalls(dataProvider).at(-1)![1].filter).toEqual({ serviceId: 'w1', q: 'Aarav' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Sort by pin code/i }));
    await waitFor(() =>
      expect(jobCalls(dataProvider).at(-1)![1].sort).toEqual({ field: 'pincode', order: 'ASC' }),
    );
    // The call does not sort by status.
    expect(screen.queryByRole('button', { name: /Sort by status/i })).not.toBeInTheDocument();
  });

  it('shows pickup / drop addresses and dates for tiffin, by the category kind, without status edit', async () => {
    const dataProvider = fakeJobs([TIFFIN_JOB]);
    // The name in the address says 'water'; the category t1 is tiffin, and that decides.
    renderPanel('/assigning-job/water/t1/1', { dataProvider });
    await heading('Assigning Jobs: Tiffin');
    const table = await screen.findByRole('table');
    expect(headers(table)).toEqual([
      'Date',
      'Customer Name',
      'Order ID',
      'Pin Code',
      'Addresses',
      'Start / End Date',
      'Amount',
      'Status',
      'Rider',
      'Actions',
    ]);
    expect(
      within(table).getByText('Pickup: 4 Residency Road, Bengaluru, 560025'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Drop: 9 Brigade Road, Bengaluru, 560001')).toBeInTheDocument();
    expect(within(table).getByText('01-03-2025')).toBeInTheDocument();
    expect(within(table).getByText('30-03-2025')).toBeInTheDocument();
    expect(
      within(table).getByRole('link', { name: 'View order OD250307TIFF01' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Edit status/ })).not.toBeInTheDocument();
  });

  it('gives the status edit to an admin holding only the assigning-jobs permission', async () => {
    const dataProvider = fakeJobs([WATER_JOB]);
    renderPanel('/assigning-job/water/w1/1', {
      dataProvider,
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { assigningJobs: true } }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit status of order OD250305K3F9QZ' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Delivered' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order status updated to Delivered.')).toBeInTheDocument();
    expect(dataProvider.setOrderStatus).toHaveBeenCalledWith({ id: 'job-w', status: 'Delivered' });
  });

  it('says so for a service that does not exist', async () => {
    renderPanel('/assigning-job/milk/zz/1', { dataProvider: fakeJobs([]) });
    expect(
      await screen.findByText(
        'This service does not exist. Choose a service in the menu.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('opens a job at assigning-job/view/{id} through the assigning-jobs resource', async () => {
    const dataProvider = fakeJobs([WATER_JOB]);
    renderPanel('/assigning-job/view/job-w', { dataProvider });
    await heading('View Order');
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'assigningJobs',
      expect.objectContaining({ id: 'job-w' }),
    );
    expect(screen.getByText('Jars to collect')).toBeInTheDocument();
  });
});

/** Records the downloads the browser would start (jsdom has no object URLs). */
function captureDownloads() {
  const created: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:job-sheet';
  });
  const revokeObjectURL = vi.fn();
  // Spies, restored after each test: the next test file may run in the same worker.
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => createObjectURL(blob as Blob));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(revokeObjectURL);
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { created, clicked, revokeObjectURL };
}

const downloadButton = () => screen.getByRole('button', { name: 'Download PDF' });

describe('Download PDF', () => {
  it('streams the whole job sheet for the pin code and search, shows progress, and saves orders.pdf', async () => {
    const { created, clicked, revokeObjectURL } = captureDownloads();
    let release: () => void = () => {};
    const dataProvider = fakeJobs([WATER_JOB], {
      download: vi.fn(async (_r: string, _f: string, params: DownloadParams) => {
        params.onProgress?.(350 * 1024);
        params.onProgress?.(1.2 * 1024 * 1024);
        await new Promise<void>((resolve) => (release = resolve));
        return {
          data: {
            blob: new Blob([PDF_BYTES], { type: 'application/pdf' }),
            fileName: 'orders.pdf',
          },
        };
      }) as never,
    });
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(screen.getByRole('combobox', { name: 'Pin Code' }));
    await userEvent.click(await screen.findByRole('option', { name: '560034' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'OD25');
    await waitFor(() => expect(jobCalls(dataProvider).at(-1)![1].filter.q).toBe('OD25'));

    await userEvent.click(downloadButton());
    const busy = await screen.findByRole('button', { name: 'Preparing PDF… 1.2 MB' });
    expect(busy).toBeDisabled();
    expect(dataProvider.download).toHaveBeenCalledTimes(1);
    expect(dataProvider.download.mock.calls[0]!.slice(0, 3)).toEqual([
      'assigningJobs',
      'jobSheet',
      expect.objectContaining({ values: { serviceId: 'w1', pincode: '560034', search: 'OD25' } }),
    ]);
    // The list's own call never asks for the base64 sheet any more.
    expect(jobCalls(dataProvider).every(([, p]) => !p.filter.wantPdf)).toBe(true);

    release();
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:job-sheet', download: 'orders.pdf' }]),
    );
    expect(created[0]!.type).toBe('application/pdf');
    expect(await created[0]!.text()).toBe(PDF_BYTES);
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeEnabled();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:job-sheet'));
  });

  it('shows the server reason in an error notification when the sheet cannot be made', async () => {
    const { clicked } = captureDownloads();
    const dataProvider = fakeJobs([WATER_JOB], {
      download: vi.fn(async () => {
        throw new HttpError('Something went wrong on our side. Please try again.', 500);
      }) as never,
    });
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(downloadButton());
    expect(
      await screen.findByText(
        'Failed to download the PDF. Please try again. Something went wrong on our side. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(downloadButton()).toBeEnabled();
  });

  it('says what to do when the connection is lost part way', async () => {
    const { clicked } = captureDownloads();
    const dataProvider = fakeJobs([WATER_JOB], {
      download: vi.fn(async () => {
        throw new HttpError(DOWNLOAD_CUT, 0);
      }) as never,
    });
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(downloadButton());
    expect(
      await screen.findByText(
        'Failed to download the PDF. The download stopped before the end (connection lost). Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it('signs out on a 401, and neither saves nor reports success', async () => {
    const { clicked } = captureDownloads();
    const authProvider = fakeAuthProvider();
    authProvider.checkError = vi.fn(async (error: { status?: number }) => {
      if (error?.status === 401) throw { redirectTo: '/login', message: false };
    });
    const dataProvider = fakeJobs([WATER_JOB], {
      download: vi.fn(async () => {
        throw new HttpError('Your session has expired. Please sign in again.', 401);
      }) as never,
    });
    renderPanel('/assigning-job/water/w1/1', { dataProvider, authProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(downloadButton());
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(clicked).toEqual([]);
    expect(screen.queryByText(/Failed to download the PDF/)).not.toBeInTheDocument();
  });
});

describe('the job sheet download (dataProvider)', () => {
  const stream = (parts: (string | Error)[]) =>
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else if (part instanceof Error) controller.error(part);
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });

  const { calls, answers } = stubApi();

  it('GETs order/job-sheet with the token and the filter, reporting bytes as they arrive', async () => {
    answers.push(
      () =>
        new Response(stream(['%PDF-1.3\n', 'x'.repeat(1000), '\n%%EOF\n']), {
          headers: { 'content-type': 'application/pdf' },
        }),
    );
    const progress: number[] = [];
    const { data } = await createDataProvider(resources).download('assigningJobs', 'jobSheet', {
      values: { serviceId: 'w1', pincode: '560034', search: '' },
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(calls[0]!.input).toBe('/api/order/job-sheet/w1?pincode=560034');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(progress).toEqual([9, 1009, 1016]);
    expect(data.fileName).toBe('orders.pdf');
    expect(data.blob.type).toBe('application/pdf');
    expect(await data.blob.text()).toMatch(/^%PDF-1\.3\n.*%%EOF\n$/s);
  });

  it("turns a refusal into the server's message and status, and a cut-off into status 0", async () => {
    answers.push({
      status: 401,
      body: { statusCode: 401, message: 'Please sign in to continue.' },
    });
    const provider = createDataProvider(resources);
    const values = { serviceId: 'w1' };
    await expect(provider.download('assigningJobs', 'jobSheet', { values })).rejects.toMatchObject({
      status: 401,
      message: 'Please sign in to continue.',
    });

    answers.push(() => new Response(stream(['%PDF-1.3\n', new Error('socket hang up')])));
    await expect(provider.download('assigningJobs', 'jobSheet', { values })).rejects.toMatchObject({
      status: 0,
      message: DOWNLOAD_CUT,
    });
  });
});
