import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createDataProvider, type DownloadParams } from '@/providers/dataProvider';
import type { AppDataProvider } from '@/providers/types';
import type { Gstr1Summary } from '@resources/reports/gstr1Calls';
import { GSTR1_TABLES } from '@shared/gstr1';
import { resources } from '../../resources';
import { stubApi } from './apiStub';
import { renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

/*
 * The GSTR-1 tab of Reports (issue 38): its calls (gst/gstr1-summary, gst/gstr1 as JSON, zip or
 * one table's CSV) and the tab: the month's tables with their figures, the provisional notice,
 * the downloads.
 */

const NOW = new Date('2026-11-28T06:30:00Z');

const SUMMARY: Gstr1Summary = {
  month: '2026-10',
  label: 'October 2026',
  fp: '102026',
  gstin: '29AABCU9603R1ZJ',
  provisional: false,
  fileName: 'gstr1-29AABCU9603R1ZJ-102026.json',
  tables: GSTR1_TABLES.map((table) => ({
    table,
    count: table === 'b2cs' ? 2 : 1,
    documents: table === 'b2cs' ? 5 : 1,
    taxable: table === 'doc_issue' ? null : table === 'cdnr' ? -1450 : 1820,
    tax: table === 'doc_issue' ? null : table === 'cdnr' ? -170.4 : 229.8,
  })),
  totals: {
    invoices: { count: 7, taxable: 133540, tax: 15920.4 },
    creditNotes: { count: 4, taxable: 8160, tax: 974.4 },
    debitNotes: { count: 1, taxable: 30, tax: 3.6 },
    net: { taxable: 125410, tax: 14949.6 },
  },
  rowsWithoutHsn: 0,
};

type Fake = DataProvider & { [K in 'download' | 'gstr1Summary']: Mock };

function fake(summary: Gstr1Summary = SUMMARY): Fake {
  return testDataProvider({
    getList: vi.fn(async () => ({ data: SEEDED_CATEGORIES, total: 3 })),
    gstr1Summary: vi.fn(async ({ month }: { month: string }) => ({
      data: { ...summary, month },
      meta: {},
    })),
    download: vi.fn(async () => ({
      data: { blob: new Blob(['{}'], { type: 'application/json' }), fileName: 'gstr1.json' },
    })),
  } as never) as Fake;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:gstr1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('GSTR-1 calls (docs/api.md "GSTR-1 for a month")', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider(resources) as unknown as AppDataProvider;

  it('asks for the summary and the files with the month, format and table', async () => {
    answers.push({ body: { statusCode: 200, message: 'GSTR-1 of October 2026', result: SUMMARY } });
    for (const _ of [1, 2, 3]) {
      answers.push(() => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    }
    const { data } = await provider.gstr1Summary({ month: '2026-10' });
    expect(data.fileName).toBe(SUMMARY.fileName);
    await provider.download('reports', 'gstr1', { values: { month: '2026-10', format: 'json' } });
    await provider.download('reports', 'gstr1', { values: { month: '2026-10', format: 'csv' } });
    await provider.download('reports', 'gstr1', {
      values: { month: '2026-10', format: 'csv', table: 'hsn_b2c' },
    });
    expect(calls.map((c) => c.input)).toEqual([
      '/api/gst/gstr1-summary?month=2026-10',
      '/api/gst/gstr1?month=2026-10&format=json',
      '/api/gst/gstr1?month=2026-10&format=csv',
      '/api/gst/gstr1?month=2026-10&format=csv&table=hsn_b2c',
    ]);
  });
});

describe('GSTR-1 tab', () => {
  it("shows last month's tables with their figures, and downloads the files", async () => {
    const dataProvider = fake();
    renderPanel('/reports?tab=gstr1', { dataProvider });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'GSTR-1 of October 2026' }, SLOW),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'GSTR-1 of October 2026' }, SLOW);
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.startsWith(name))!;
    expect(
      within(row('B2CS'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '5', '₹1,820.00', '₹229.80', 'CSV']);
    expect(row('CDNR').textContent).toContain('-₹1,450.00');
    expect(row('Documents issued').textContent).toContain('——');
    expect(row('Net: invoices').textContent).toContain('₹1,25,410.00');
    expect(row('Net: invoices').textContent).toContain(
      'Invoices 7 · credit notes 4 · debit notes 1',
    );
    expect(screen.queryByText(/is not over/)).toBeNull();
    expect(dataProvider.gstr1Summary).toHaveBeenCalledWith({ month: '2026-10' });

    await userEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV (zip)' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the HSN summary: B2C table as CSV' }),
    );
    await waitFor(() => expect(dataProvider.download).toHaveBeenCalledTimes(3));
    expect(
      dataProvider.download.mock.calls.map(([r, f, p]) => [r, f, (p as DownloadParams).values]),
    ).toEqual([
      ['reports', 'gstr1', { month: '2026-10', format: 'json' }],
      ['reports', 'gstr1', { month: '2026-10', format: 'csv' }],
      ['reports', 'gstr1', { month: '2026-10', format: 'csv', table: 'hsn_b2c' }],
    ]);
  });

  it('says the month still open is provisional, and names codes the portal would refuse', async () => {
    const dataProvider = fake({
      ...SUMMARY,
      provisional: true,
      label: 'November 2026',
      rowsWithoutHsn: 2,
    });
    renderPanel('/reports?tab=gstr1&month=2026-11', { dataProvider });
    expect(
      await screen.findByText(
        'November 2026 is not over: these figures are to date and provisional, and the files are named …-provisional. File the return once the month has ended.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^2 HSN summary rows have no HSN\/SAC code/)).toBeTruthy();
    expect(dataProvider.gstr1Summary).toHaveBeenCalledWith({ month: '2026-11' });
  });
});
