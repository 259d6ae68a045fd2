import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { GST_STATES } from '@shared/gst';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import type { Business } from '@resources/business/calls';
import { buildMenu } from '@/layout/menuModel';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { fakeAuthProvider, heading, renderPanel, SLOW } from './helpers';

/*
 * Business details (issue 16): the calls, the form's checks as the admin types (the GSTIN with
 * gstinProblem's words), the state list, and what is saved.
 */

/** A GSTIN of Karnataka (29) with its right check character. */
const KARNATAKA_GSTIN = '29ABCDE1234F1ZW';

const STORED: Business = {
  legalName: 'Aqua Deliveries Private Limited',
  tradeName: 'AquaDrop',
  gstin: KARNATAKA_GSTIN,
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  stateCode: '29',
  pincode: '560001',
  phone: '080 2345 6789',
  email: 'billing@aquadrop.in',
  invoicePrefix: 'AD',
  overdueDays: 45,
};

type Fake = DataProvider & { [K in 'getBusiness' | 'saveBusiness']: Mock };

function fakeBusiness(stored: Business | null = null, overrides: Record<string, unknown> = {}) {
  return testDataProvider({
    getBusiness: vi.fn(async () => ({ data: stored, meta: {} })),
    saveBusiness: vi.fn(async () => ({
      data: {},
      meta: { message: 'Business details saved successfully' },
    })),
    ...overrides,
  } as never) as Fake;
}

describe('business details calls (docs/api.md, "Business details")', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>(resources);

  it('reads GET settings/get-business (result.business, null until saved)', async () => {
    answers.push({ body: { statusCode: 200, result: { business: STORED } } });
    const { data } = await provider.getBusiness({});
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/settings/get-business');
    expect(data).toEqual(STORED);
    answers.push({ body: { statusCode: 200, result: { business: null } } });
    expect((await provider.getBusiness({})).data).toBeNull();
  });

  it('saves with POST settings/save-business, JSON without the state code', async () => {
    const { stateCode: _code, ...input } = STORED;
    await provider.saveBusiness(input);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/settings/save-business');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.body))).toEqual(input);
  });
});

describe('Business details menu entry', () => {
  it('sits under Settings, for admins with the settings permission', () => {
    const links = (permissions: Record<string, boolean>) =>
      buildMenu(resources, [], { role: 'admin', permissions })
        .groups.flatMap((g) => g.links.map((l) => `${g.id}: ${l.label}`))
        .filter((l) => l.includes('Business'));
    expect(links({ settings: true })).toEqual(['settings: Business details']);
    expect(links({ orders: true })).toEqual([]);
  });
});

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });

/** Puts a whole value in a field at once (typing is tested on the GSTIN). */
async function fill(name: RegExp, value: string) {
  await userEvent.click(textbox(name));
  await userEvent.paste(value);
}

describe('Business details form', () => {
  it('checks the GSTIN as it is typed, in the words of gstinProblem', async () => {
    renderPanel('/business-details', { dataProvider: fakeBusiness() });
    await heading('Business details');
    const gstin = await screen.findByRole('textbox', { name: /GSTIN/ }, SLOW);
    // No blur, no submit: the message follows the typing.
    await userEvent.type(gstin, '29abcde');
    expect(gstin).toHaveValue('29ABCDE');
    expect(screen.getByText('A GSTIN has 15 characters.')).toBeInTheDocument();
    await userEvent.type(gstin, '1234F1Z5');
    expect(
      screen.getByText("The GSTIN's last character should be W: check it for a typo."),
    ).toBeInTheDocument();
    await userEvent.clear(gstin);
    await fill(/GSTIN/, '99ABCDE1234F1Z5');
    expect(
      screen.getByText('The GSTIN starts with 99, which is not a state code.'),
    ).toBeInTheDocument();
    await userEvent.clear(gstin);
    await fill(/GSTIN/, KARNATAKA_GSTIN);
    expect(await screen.findByText('Registered in Karnataka (29).')).toBeInTheDocument();
    expect(screen.queryByText(/A GSTIN has|should be|not a state code/)).not.toBeInTheDocument();
    // The state of a valid GSTIN fills an empty State.
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveTextContent('Karnataka');
  });

  it("lists the GST states and refuses a state other than the GSTIN's", async () => {
    const dataProvider = fakeBusiness(STORED);
    renderPanel('/business-details', { dataProvider });
    const state = await screen.findByRole('combobox', { name: /State/ }, SLOW);
    expect(state).toHaveTextContent('Karnataka');
    await userEvent.click(state);
    const list = await screen.findByRole('listbox');
    const options = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(GST_STATES.map((s) => s.name));
    await userEvent.click(within(list).getByRole('option', { name: 'Maharashtra' }));
    expect(
      await screen.findByText(
        'The GSTIN is registered in Karnataka (29), but the address is in Maharashtra.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(dataProvider.saveBusiness).not.toHaveBeenCalled();
  });

  it('checks the pin code, the invoice prefix and the overdue days', async () => {
    const dataProvider = fakeBusiness(STORED);
    renderPanel('/business-details', { dataProvider });
    const pincode = await screen.findByRole('textbox', { name: /Pin Code/ }, SLOW);
    await userEvent.clear(pincode);
    // Pasted whole, so only the finished value is checked: no Indian PIN code starts with 0.
    await userEvent.paste('056001');
    expect(await screen.findByText('A pin code has 6 digits.')).toBeInTheDocument();
    await userEvent.clear(pincode);
    await userEvent.type(pincode, '5600');
    expect(await screen.findByText('A pin code has 6 digits.')).toBeInTheDocument();
    const prefix = textbox(/Invoice prefix/);
    await userEvent.clear(prefix);
    await userEvent.type(prefix, 'a-');
    expect(await screen.findByText('Use 1 to 3 letters or digits.')).toBeInTheDocument();
    const days = screen.getByRole('spinbutton', { name: /Overdue after/ });
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    expect(
      await screen.findByText('Enter a whole number of days from 1 to 365.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(dataProvider.saveBusiness).not.toHaveBeenCalled();
  });

  it('saves every field, trimmed, the GSTIN and prefix in capitals and the days as a number', async () => {
    const dataProvider = fakeBusiness();
    renderPanel('/business-details', { dataProvider });
    await screen.findByRole('textbox', { name: /GSTIN/ }, SLOW);
    expect(screen.getByRole('spinbutton', { name: /Overdue after/ })).toHaveValue(30);
    await fill(/Legal name/, 'Aqua Deliveries Private Limited ');
    await fill(/Trade name/, 'AquaDrop');
    await fill(/GSTIN/, ` ${KARNATAKA_GSTIN.toLowerCase()}`);
    await fill(/Address/, '12 MG Road');
    await fill(/City/, 'Bengaluru');
    await fill(/Pin Code/, '560001');
    await fill(/Phone/, '080 2345 6789');
    await fill(/E-mail/, 'billing@aquadrop.in');
    await userEvent.type(textbox(/Invoice prefix/), 'ad');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved successfully')).toBeInTheDocument();
    expect(dataProvider.saveBusiness).toHaveBeenCalledWith({
      legalName: 'Aqua Deliveries Private Limited',
      tradeName: 'AquaDrop',
      gstin: KARNATAKA_GSTIN,
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      phone: '080 2345 6789',
      email: 'billing@aquadrop.in',
      invoicePrefix: 'AD',
      overdueDays: 30,
    });
    // It stays on the page and reads what the server now holds.
    await waitFor(() => expect(dataProvider.getBusiness).toHaveBeenCalledTimes(2));
  });

  it("shows the saved details, and the server's refusal", async () => {
    const message = 'The GSTIN is registered in Karnataka (29), but the address is in Maharashtra.';
    const dataProvider = fakeBusiness(STORED, {
      saveBusiness: vi.fn(async () => {
        throw new HttpError(message, 400);
      }),
    });
    renderPanel('/business-details', { dataProvider });
    expect(await screen.findByRole('textbox', { name: /Legal name/ }, SLOW)).toHaveValue(
      STORED.legalName,
    );
    expect(textbox(/GSTIN/)).toHaveValue(KARNATAKA_GSTIN);
    expect(screen.getByRole('spinbutton', { name: /Overdue after/ })).toHaveValue(45);
    expect(screen.getByText('Registered in Karnataka (29).')).toBeInTheDocument();
    // Save is enabled once something changes.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await fill(/City/, ' East');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('is not open to an admin without the settings permission', async () => {
    renderPanel('/business-details', {
      dataProvider: fakeBusiness(),
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
    });
    expect(await heading('Not allowed')).toBeInTheDocument();
  });
});
