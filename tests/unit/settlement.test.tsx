import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions } from '@/providers/types';
import { createDataProvider } from '@/providers/dataProvider';
import { buildMenu } from '@/layout/menuModel';
import { resources } from '../../resources';
import type { SettlementImportResult, SettlementLine } from '@resources/settlements/calls';
import { stubApi } from './apiStub';
import { headers, heading, renderPanel, SLOW } from './helpers';

/*
 * Settlement import (issue 36), under Orders Management: the calls, importing a file and its
 * matched and unmatched lines, a refused file's reason, and assigning a waiting line.
 */

const ASHA = {
  id: 'u1',
  _id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  phone: '9876543210',
  status: 'Active',
};

const WAITING: SettlementLine & { id: string } = {
  id: 'l5',
  _id: 'l5',
  importId: 'i1',
  fileName: 'settlement-nov.csv',
  lineNo: 5,
  day: '2026-11-23',
  reference: '999999999999',
  amount: 75.25,
  payer: 'R Kumar',
  status: 'unmatched',
  note: 'No payment with this reference is recorded.',
  entryId: null,
  userId: null,
  customerName: null,
};

const IMPORTED = {
  id: 'i1',
  _id: 'i1',
  at: '2026-11-28T06:30:00Z',
  fileName: 'settlement-nov.csv',
  lines: 4,
  matched: 2,
  unmatched: 2,
  alreadyImported: 0,
  adminName: 'Neha Kapoor',
};

const RESULT: SettlementImportResult = {
  importId: 'i2',
  fileName: 'hdfc-28-nov.csv',
  at: '2026-11-28T07:00:00Z',
  lines: 3,
  matched: [
    {
      lineNo: 2,
      day: '2026-11-20',
      reference: '412345678901',
      amount: 500,
      payer: 'Meera Sharma',
      userId: 'u2',
      customerName: 'Meera Sharma',
      entryId: 11,
    },
  ],
  unmatched: [
    {
      id: 'l9',
      lineNo: 3,
      day: '2026-11-22',
      reference: '412345678902',
      amount: 300,
      payer: null,
      note: 'The amount differs from the payment recorded (₹500.00 for Meera Sharma).',
    },
  ],
  alreadyImported: 1,
  fileAlreadyImported: false,
};

type Fake = DataProvider & {
  [K in 'getList' | 'importSettlement' | 'assignSettlementLine']: Mock;
};

function fakeSettlements(overrides: Record<string, unknown> = {}): Fake {
  const lists: Record<string, unknown[]> = {
    settlementLines: [WAITING],
    settlementImports: [IMPORTED],
    callers: [ASHA],
  };
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      const data = lists[resource] ?? [];
      return { data, total: data.length };
    }),
    getMany: vi.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
      data: (lists[resource] ?? []).filter((r) => ids.includes((r as { id: string }).id)),
    })),
    importSettlement: vi.fn(async () => ({
      data: RESULT,
      meta: { message: '2 lines imported: 1 matched, 1 to assign, 1 already imported before.' },
    })),
    assignSettlementLine: vi.fn(async () => ({
      data: { line: { ...WAITING, status: 'assigned' } },
      meta: { message: '₹75.25 recorded as a payment for Asha Rao.' },
    })),
    ...overrides,
  } as never) as Fake;
}

describe('settlement calls (docs/api.md, "Accounts: settlement files")', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>(resources);

  it('imports with a multipart POST account/import-settlement (field file)', async () => {
    answers.push({ body: { statusCode: 200, message: 'imported', result: RESULT } });
    const file = new File(['date,reference,amount,payer\n'], 'hdfc.csv', { type: 'text/csv' });
    const { data } = await provider.importSettlement({ file });
    expect(data).toEqual(RESULT);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/account/import-settlement');
    const form = calls[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('hdfc.csv');
  });

  it('lists lines with GET account/settlement-lines and assigns with a JSON POST', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: { lines: [WAITING], totalRecords: 1, currentPage: 1, totalPages: 1 },
      },
    });
    const { data } = await provider.getList('settlementLines', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'unmatched' },
    });
    expect(calls[0]!.input).toBe('/api/account/settlement-lines?status=unmatched&page=1&limit=10');
    expect(data[0]).toMatchObject({ id: 'l5', reference: '999999999999' });
    answers.push({ body: { statusCode: 200, result: { line: WAITING } } });
    await provider.assignSettlementLine({ lineId: 'l5', userId: 'u1' });
    expect(calls[1]!.url.pathname).toBe('/api/account/assign-settlement-line');
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ lineId: 'l5', userId: 'u1' });
  });
});

describe('Settlement import menu entry', () => {
  it('sits under Orders Management', () => {
    const links = (permissions: Record<string, boolean>) =>
      buildMenu(resources, [], { role: 'admin', permissions })
        .groups.flatMap((g) => g.links.map((l) => `${g.id}: ${l.label} ${l.to}`))
        .filter((l) => l.includes('Settlement'));
    expect(links({ orders: true })).toEqual(['orders: Settlement import settlements']);
    expect(links({ settings: true })).toEqual([]);
  });
});

describe('Settlement import screen', () => {
  const csv = () =>
    new File(['date,reference,amount,payer\n2026-11-20,412345678901,500,\n'], 'hdfc-28-nov.csv', {
      type: 'text/csv',
    });

  it('explains the layout, uploads the file chosen and shows the matched and unmatched lines', async () => {
    const dataProvider = fakeSettlements();
    renderPanel('/settlements', { dataProvider });
    await heading('Settlement import');
    const form = screen.getByRole('region', { name: 'Import a file' });
    expect(within(form).getByText(/a header line date,reference,amount,payer/)).toBeInTheDocument();
    expect(
      within(form).getByText('For example: 28/11/2026,412345678901,1250.00,Meera Sharma'),
    ).toBeInTheDocument();
    const importButton = within(form).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await userEvent.upload(within(form).getByLabelText('Choose CSV file'), csv());
    expect(within(form).getByText('hdfc-28-nov.csv')).toBeInTheDocument();
    await userEvent.click(importButton);

    await waitFor(() => expect(dataProvider.importSettlement).toHaveBeenCalledTimes(1));
    expect(dataProvider.importSettlement.mock.calls[0]![0].file.name).toBe('hdfc-28-nov.csv');
    const result = await screen.findByRole('region', { name: 'Result of hdfc-28-nov.csv' }, SLOW);
    expect(
      within(result).getByText(
        '1 line was already imported from an earlier file and was not taken again.',
      ),
    ).toBeInTheDocument();
    const matched = within(result).getByRole('region', { name: 'Matched (1)' });
    const matchedTable = within(matched).getByRole('table');
    expect(headers(matchedTable)).toEqual([
      'Line',
      'Date',
      'Reference',
      'Amount',
      'Payer',
      'Customer',
    ]);
    const [row] = within(matchedTable).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('412345678901');
    expect(row).toHaveTextContent('₹500');
    expect(row).toHaveTextContent('Meera Sharma');
    const unmatched = within(result).getByRole('region', { name: 'Not matched (1)' });
    expect(
      within(unmatched).getByText(
        'The amount differs from the payment recorded (₹500.00 for Meera Sharma).',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        '2 lines imported: 1 matched, 1 to assign, 1 already imported before.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps a refused file’s reason on the page', async () => {
    const dataProvider = fakeSettlements({
      importSettlement: vi.fn(async () => {
        throw new HttpError(
          'Line 7: the amount "12.345" has more than two decimals. Nothing was imported.',
          400,
        );
      }),
    });
    renderPanel('/settlements', { dataProvider });
    const form = await screen.findByRole('region', { name: 'Import a file' }, SLOW);
    await userEvent.upload(within(form).getByLabelText('Choose CSV file'), csv());
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Line 7: the amount "12.345" has more than two decimals.');
    expect(screen.queryByRole('region', { name: /^Result of/ })).not.toBeInTheDocument();
  });

  it('lists the lines waiting and the files imported, and assigns a line to a customer', async () => {
    const dataProvider = fakeSettlements();
    renderPanel('/settlements', { dataProvider });
    const waiting = await screen.findByRole('region', { name: 'Lines waiting to be assigned' });
    const table = await within(waiting).findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual(['Date', 'Reference', 'Amount', 'Payer', 'File', 'Why', '']);
    expect(within(table).getByText('settlement-nov.csv, line 5')).toBeInTheDocument();
    expect(within(table).getByText('₹75.25')).toBeInTheDocument();
    const imports = screen.getByRole('region', { name: 'Files imported' });
    expect(await within(imports).findByText('Neha Kapoor')).toBeInTheDocument();

    await userEvent.click(
      within(table).getByRole('button', {
        name: 'Assign line 5 of settlement-nov.csv to a customer',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Assign ₹75.25 (999999999999) to a customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to customer' }));
    expect(dataProvider.assignSettlementLine).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Customer/ }), 'Asha');
    await userEvent.click(await screen.findByRole('option', { name: /Asha Rao/ }, SLOW));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to customer' }));
    await waitFor(() =>
      expect(dataProvider.assignSettlementLine).toHaveBeenCalledWith({
        lineId: 'l5',
        userId: 'u1',
        method: undefined,
      }),
    );
    expect(
      await screen.findByText('₹75.25 recorded as a payment for Asha Rao.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
