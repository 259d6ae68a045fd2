import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { addDays, indiaDay } from '@shared/time';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import type { Holiday } from '@resources/holidays/calls';
import { buildMenu } from '@/layout/menuModel';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { headers, heading, renderPanel, SLOW } from './helpers';

/*
 * Holidays and the cut-off (issue 35), under Settings: the calls, the list (upcoming first),
 * adding one for some pin codes or all, deleting one, and the cut-off's check.
 */

const today = indiaDay();
const DIWALI: Holiday & { id: string } = {
  id: 'h1',
  _id: 'h1',
  day: '2099-10-20',
  name: 'Diwali',
  pincodes: [],
  extendPlans: true,
  createdAt: '2025-03-01T10:00:00Z',
};
const LOCAL: Holiday & { id: string } = {
  id: 'h2',
  _id: 'h2',
  day: '2099-11-05',
  name: 'Ward election',
  pincodes: ['560001', '560034'],
  extendPlans: false,
  createdAt: '2025-03-01T10:00:00Z',
};
const PINCODES = ['400050', '560001', '560034'].map((number, i) => ({
  id: `p${i}`,
  _id: `p${i}`,
  number,
  pinType: 'Home',
  status: 'Active',
}));

type Fake = DataProvider & {
  [K in 'getList' | 'delete' | 'addHoliday' | 'getRosterSettings' | 'updateRosterSettings']: Mock;
};

function fakeHolidays(overrides: Record<string, unknown> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string, { filter }: { filter: Record<string, string> }) => {
      if (resource === 'pincodes') return { data: PINCODES, total: PINCODES.length };
      const data = filter.from ? [DIWALI, LOCAL] : [];
      return { data, total: data.length };
    }),
    delete: vi.fn(async (_r: string, { id }: { id: string }) => ({
      data: { id },
      meta: { message: 'Holiday deleted' },
    })),
    addHoliday: vi.fn(async () => ({
      data: { holiday: { ...LOCAL, _id: 'h3' }, extended: 1234 },
      meta: { message: 'Holiday added' },
    })),
    getRosterSettings: vi.fn(async () => ({ data: { cutoff: '21:00' }, meta: {} })),
    updateRosterSettings: vi.fn(async () => ({ data: {}, meta: { message: 'Saved' } })),
    ...overrides,
  } as never) as Fake;
}

const holidayLists = (dp: Fake) => dp.getList.mock.calls.filter(([r]) => r === 'holidays');

describe('holiday calls (docs/api.md, issue 35)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>(resources);
  const body = (i: number) => JSON.parse(String(calls[i]!.body));

  it('lists with GET holiday/get-holidays?from&to&page&limit (result.holidays)', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: { holidays: [DIWALI], totalRecords: 1, currentPage: 1, totalPages: 1 },
      },
    });
    const { data, total } = await provider.getList('holidays', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { from: '2025-03-06' },
    });
    expect(calls[0]!.input).toBe('/api/holiday/get-holidays?from=2025-03-06&page=1&limit=10');
    expect(data[0]).toMatchObject({ id: 'h1', name: 'Diwali' });
    expect(total).toBe(1);
  });

  it('adds with POST holiday/add and deletes with POST holiday/delete/{id}', async () => {
    answers.push({
      body: { statusCode: 200, result: { holiday: LOCAL, extended: 7 } },
    });
    const { data } = await provider.addHoliday({
      day: '2099-11-05',
      name: 'Ward election',
      pincodes: ['560001'],
      extendPlans: true,
    });
    expect(data).toEqual({ holiday: LOCAL, extended: 7 });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/holiday/add');
    expect(body(0)).toEqual({
      day: '2099-11-05',
      name: 'Ward election',
      pincodes: ['560001'],
      extendPlans: true,
    });
    answers.push({ body: { statusCode: 200, message: 'Holiday deleted' } });
    await provider.delete('holidays', { id: 'h2', previousData: LOCAL });
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.url.pathname).toBe('/api/holiday/delete/h2');
  });

  it('reads and saves the cut-off with roster/get-settings and roster/update-settings', async () => {
    answers.push({ body: { statusCode: 200, result: { settings: { cutoff: '20:30' } } } });
    expect((await provider.getRosterSettings({})).data).toEqual({ cutoff: '20:30' });
    expect(calls[0]!.input).toBe('/api/roster/get-settings');
    await provider.updateRosterSettings({ cutoff: '22:15' });
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.url.pathname).toBe('/api/roster/update-settings');
    expect(body(1)).toEqual({ cutoff: '22:15' });
  });
});

describe('Holidays menu entry', () => {
  it('sits under Settings, for admins with the settings permission', () => {
    const links = (permissions: Record<string, boolean>) =>
      buildMenu(resources, [], { role: 'admin', permissions })
        .groups.flatMap((g) => g.links.map((l) => `${g.id}: ${l.label} ${l.to}`))
        .filter((l) => l.includes('Holidays'));
    expect(links({ settings: true })).toEqual(['settings: Holidays holidays']);
    expect(links({ orders: true })).toEqual([]);
  });
});

describe('Holidays screen', () => {
  it('lists the upcoming holidays first, with their pin codes, and the past ones on asking', async () => {
    const dataProvider = fakeHolidays();
    renderPanel('/holidays', { dataProvider });
    await heading('Holidays');
    const list = screen.getByRole('region', { name: 'Holidays' });
    const table = await within(list).findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual(['Day', 'Name', 'Pin Codes', 'Extends plans', 'Actions']);
    expect(holidayLists(dataProvider).at(-1)![1].filter).toEqual({ from: today });
    const [diwali, local] = within(table).getAllByRole('row').slice(1);
    expect(diwali).toHaveTextContent('Tuesday, 20 Oct 2099');
    expect(within(diwali!).getByText('All pin codes')).toBeInTheDocument();
    expect(within(diwali!).getByText('Yes')).toBeInTheDocument();
    expect(within(local!).getByText('560034')).toBeInTheDocument();
    expect(within(local!).getByText('No')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Past' }));
    expect(await within(list).findByText('No past holidays.')).toBeInTheDocument();
    expect(holidayLists(dataProvider).at(-1)![1].filter).toEqual({ to: addDays(today, -1) });
  });

  it('deletes a holiday after a confirmation', async () => {
    const dataProvider = fakeHolidays();
    renderPanel('/holidays', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Diwali' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Diwali?')).toBeInTheDocument();
    expect(dataProvider.delete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith(
        'holidays',
        expect.objectContaining({ id: 'h1' }),
      ),
    );
    expect(await screen.findByText('Holiday deleted')).toBeInTheDocument();
  });

  it('adds a holiday for the pin codes chosen, extending plans, and says how many', async () => {
    const dataProvider = fakeHolidays();
    renderPanel('/holidays', { dataProvider });
    const form = await screen.findByRole('region', { name: 'Add a holiday' }, SLOW);
    const day = within(form).getByLabelText(/^Day/);
    expect(day).toHaveValue(addDays(today, 1));
    await userEvent.clear(day);
    await userEvent.type(day, '2099-11-05');
    await userEvent.click(within(form).getByRole('textbox', { name: /^Name/ }));
    await userEvent.paste('Ward election');
    // All pin codes until switched off; then some must be chosen.
    expect(within(form).queryByRole('combobox', { name: /^Pin Codes/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('switch', { name: /All pin codes/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add holiday' }));
    expect(
      await within(form).findByText('Choose at least one pin code, or switch on All pin codes.'),
    ).toBeInTheDocument();
    expect(dataProvider.addHoliday).not.toHaveBeenCalled();

    const pins = within(form).getByRole('combobox', { name: /^Pin Codes/ });
    await userEvent.type(pins, '5600');
    await userEvent.click(await screen.findByRole('option', { name: '560001' }));
    await userEvent.type(pins, '5600');
    await userEvent.click(await screen.findByRole('option', { name: '560034' }));
    await userEvent.click(
      within(form).getByRole('switch', { name: /Extend paid plans by the day lost/ }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add holiday' }));

    expect(await screen.findByText('Holiday added; 1,234 plans extended')).toBeInTheDocument();
    expect(dataProvider.addHoliday).toHaveBeenCalledWith({
      day: '2099-11-05',
      name: 'Ward election',
      pincodes: ['560001', '560034'],
      extendPlans: true,
    });
    // The form is empty again and the list is asked again.
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue(''),
    );
    expect(holidayLists(dataProvider).length).toBeGreaterThan(1);
  });

  it('adds a holiday for all pin codes without sending any', async () => {
    const dataProvider = fakeHolidays({
      addHoliday: vi.fn(async () => ({
        data: { holiday: DIWALI, extended: 1 },
        meta: {},
      })),
    });
    renderPanel('/holidays', { dataProvider });
    const form = await screen.findByRole('region', { name: 'Add a holiday' }, SLOW);
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Holi');
    await userEvent.click(within(form).getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Holiday added; 1 plan extended')).toBeInTheDocument();
    expect(dataProvider.addHoliday).toHaveBeenCalledWith({
      day: addDays(today, 1),
      name: 'Holi',
      extendPlans: false,
    });
  });

  it('checks the cut-off as HH:MM and saves it with a notification', async () => {
    const dataProvider = fakeHolidays();
    renderPanel('/holidays', { dataProvider });
    const card = await screen.findByRole('region', { name: 'Cut-off time' }, SLOW);
    const cutoff = await within(card).findByRole('textbox', { name: /^Cut-off/ }, SLOW);
    expect(cutoff).toHaveValue('21:00');
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '25:00');
    expect(
      await within(card).findByText('Enter a time from 00:00 to 23:59, e.g. 21:00.'),
    ).toBeInTheDocument();
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '9pm');
    expect(
      await within(card).findByText('Enter a time from 00:00 to 23:59, e.g. 21:00.'),
    ).toBeInTheDocument();
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '20:30');
    await waitFor(() =>
      expect(within(card).queryByText(/Enter a time from/)).not.toBeInTheDocument(),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cut-off time saved.')).toBeInTheDocument();
    expect(dataProvider.updateRosterSettings).toHaveBeenCalledWith({ cutoff: '20:30' });
  });
});
