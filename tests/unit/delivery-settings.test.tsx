import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions, AppDataProvider } from '@/providers/types';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { heading, renderPanel, SEEDED_CATEGORIES } from './helpers';
import { stubApi } from './apiStub';

describe('delivery settings calls (spec 000 §7)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>(resources);
  const jsonBody = (i = 0) => JSON.parse(String(calls[i]!.body));

  it('reads the charges with GET delivery-charge/get-delivery-charge', async () => {
    const deliveryCharge = { standardCharge: 30, emergencyCharge: 80, gst: 18 };
    answers.push({ body: { statusCode: 200, result: { deliveryCharge } } });
    const { data } = await provider.getDeliveryCharges({});
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/delivery-charge/get-delivery-charge');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(data).toEqual(deliveryCharge);
  });

  it('saves the charges with POST delivery-charge/save, JSON', async () => {
    answers.push({ body: { statusCode: 200, message: 'Delivery charges saved successfully' } });
    const result = await provider.saveDeliveryCharges({
      standardCharge: 30,
      emergencyCharge: 80,
      gst: 18,
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/delivery-charge/save');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(jsonBody()).toEqual({ standardCharge: 30, emergencyCharge: 80, gst: 18 });
    expect(result).toMatchObject({ meta: { message: 'Delivery charges saved successfully' } });
  });

  it('reads the times with GET delivery-time/get-delivery-time (result.data)', async () => {
    const times = { pickupTime: ['8:00 AM'], deliveryTime: ['5:00 PM'], gapHours: 6 };
    answers.push({ body: { statusCode: 200, result: { data: times } } });
    const { data } = await provider.getDeliveryTimes({});
    expect(calls[0]!.url.pathname).toBe('/api/delivery-time/get-delivery-time');
    expect(data).toEqual(times);
  });

  it('saves the times with POST delivery-time/save, one text per list', async () => {
    await provider.saveDeliveryTimes({
      pickupTime: '8:00 AM',
      deliveryTime: '5:00 PM',
      gapHours: 6,
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/delivery-time/save');
    expect(jsonBody()).toEqual({ pickupTime: '8:00 AM', deliveryTime: '5:00 PM', gapHours: 6 });
  });
});

type Fake = DataProvider & {
  [
    K in
      | 'getList'
      | 'getDeliveryCharges'
      | 'saveDeliveryCharges'
      | 'getDeliveryTimes'
      | 'saveDeliveryTimes'
  ]: Mock;
};

function fakeSettings(overrides: Partial<AppDataProvider> = {}) {
  const state = {
    charges: { standardCharge: 30, emergencyCharge: 80, gst: 18 },
    times: {
      pickupTime: ['8:00 AM - 11:00 AM', '2:00 PM - 4:00 PM'],
      deliveryTime: ['5:00 PM - 8:00 PM'],
      gapHours: 6,
      emergencyAlertMinutes: 90,
    },
  };
  const dataProvider = testDataProvider({
    getList: vi.fn(async () => ({ data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length })),
    getDeliveryCharges: vi.fn(async () => ({ data: structuredClone(state.charges), meta: {} })),
    getDeliveryTimes: vi.fn(async () => ({ data: structuredClone(state.times), meta: {} })),
    saveDeliveryCharges: vi.fn(async (charges: typeof state.charges) => {
      state.charges = charges;
      return { data: undefined, meta: { message: 'Delivery charges saved successfully' } };
    }),
    saveDeliveryTimes: vi.fn(async (times: Record<string, unknown>) => {
      state.times = {
        pickupTime: [String(times.pickupTime)],
        deliveryTime: [String(times.deliveryTime)],
        gapHours: Number(times.gapHours),
        emergencyAlertMinutes: Number(times.emergencyAlertMinutes),
      };
      return { data: undefined, meta: { message: 'Delivery time saved successfully' } };
    }),
    ...overrides,
  } as never) as Fake;
  return dataProvider;
}

describe('delivery charges form', () => {
  it('shows the saved charges', async () => {
    renderPanel('/delivery-charges/edit', { dataProvider: fakeSettings() });
    await heading('Delivery Charges');
    expect(screen.getByLabelText(/Standard Charge/)).toHaveValue(30);
    expect(screen.getByLabelText(/Emergency Charge/)).toHaveValue(80);
    expect(screen.getByLabelText(/GST/)).toHaveValue(18);
  });

  it('refuses negatives and a GST over 100', async () => {
    const dataProvider = fakeSettings();
    renderPanel('/delivery-charges/edit', { dataProvider });
    await heading('Delivery Charges');
    const standard = screen.getByLabelText(/Standard Charge/);
    await userEvent.clear(standard);
    await userEvent.type(standard, '-1');
    const gst = screen.getByLabelText(/GST/);
    await userEvent.clear(gst);
    await userEvent.type(gst, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 0')).toBeInTheDocument();
    expect(screen.getByText('Must be 100 or less')).toBeInTheDocument();
    await userEvent.clear(gst);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(dataProvider.saveDeliveryCharges).not.toHaveBeenCalled();
  });

  it('saves, shows the server message, stays on the page and reloads', async () => {
    const dataProvider = fakeSettings();
    renderPanel('/delivery-charges/edit', { dataProvider });
    await heading('Delivery Charges');
    const standard = screen.getByLabelText(/Standard Charge/);
    await userEvent.clear(standard);
    await userEvent.type(standard, '35');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery charges saved successfully')).toBeInTheDocument();
    expect(dataProvider.saveDeliveryCharges.mock.calls[0]![0]).toEqual({
      standardCharge: 35,
      emergencyCharge: 80,
      gst: 18,
    });
    await waitFor(() => expect(dataProvider.getDeliveryCharges).toHaveBeenCalledTimes(2));
    expect(await heading('Delivery Charges')).toBeInTheDocument();
    expect(screen.getByLabelText(/Standard Charge/)).toHaveValue(35);
  });

  it('says "Failed to edit charges" when the server cannot be reached', async () => {
    const dataProvider = fakeSettings({
      saveDeliveryCharges: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/delivery-charges/edit', { dataProvider });
    await heading('Delivery Charges');
    await userEvent.type(screen.getByLabelText(/Standard Charge/), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Failed to edit charges. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('delivery times form', () => {
  it('shows the first element of each list', async () => {
    renderPanel('/delivery-times/edit', { dataProvider: fakeSettings() });
    await heading('Delivery Times');
    expect(screen.getByLabelText(/Pickup Time/)).toHaveValue('8:00 AM - 11:00 AM');
    expect(screen.getByLabelText(/Delivery Time/)).toHaveValue('5:00 PM - 8:00 PM');
    expect(screen.getByLabelText(/Gap Hours/)).toHaveValue(6);
  });

  it('requires both times and a whole gap of 0 or more', async () => {
    const dataProvider = fakeSettings();
    renderPanel('/delivery-times/edit', { dataProvider });
    await heading('Delivery Times');
    await userEvent.clear(screen.getByLabelText(/Pickup Time/));
    const gap = screen.getByLabelText(/Gap Hours/);
    await userEvent.clear(gap);
    await userEvent.type(gap, '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 0')).toBeInTheDocument();
    await userEvent.clear(gap);
    await userEvent.type(gap, '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gap hours must be a whole number.')).toBeInTheDocument();
    expect(dataProvider.saveDeliveryTimes).not.toHaveBeenCalled();
  });

  it('saves one text per list, shows the message and reloads the form', async () => {
    const dataProvider = fakeSettings();
    renderPanel('/delivery-times/edit', { dataProvider });
    await heading('Delivery Times');
    const pickup = screen.getByLabelText(/Pickup Time/);
    await userEvent.clear(pickup);
    await userEvent.type(pickup, '7:00 AM - 10:00 AM');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery time saved successfully')).toBeInTheDocument();
    expect(dataProvider.saveDeliveryTimes.mock.calls[0]![0]).toEqual({
      pickupTime: '7:00 AM - 10:00 AM',
      deliveryTime: '5:00 PM - 8:00 PM',
      gapHours: 6,
      emergencyAlertMinutes: 90,
    });
    await waitFor(() => expect(dataProvider.getDeliveryTimes).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText(/Pickup Time/)).toHaveValue('7:00 AM - 10:00 AM');
  });

  it('takes the emergency alert in whole minutes from 15 to 240 (issue 40)', async () => {
    const dataProvider = fakeSettings();
    renderPanel('/delivery-times/edit', { dataProvider });
    await heading('Delivery Times');
    const alert = screen.getByLabelText(/Emergency alert after/);
    expect(alert).toHaveValue(90);
    for (const wrong of ['10', '300', '45.5']) {
      await userEvent.clear(alert);
      await userEvent.type(alert, wrong);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText(
          'Emergency alert must be a whole number of minutes from 15 to 240.',
        ),
      ).toBeInTheDocument();
    }
    expect(dataProvider.saveDeliveryTimes).not.toHaveBeenCalled();
    await userEvent.clear(alert);
    await userEvent.type(alert, '75');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery time saved successfully')).toBeInTheDocument();
    expect(dataProvider.saveDeliveryTimes.mock.calls[0]![0]).toMatchObject({
      emergencyAlertMinutes: 75,
    });
  });

  it('says "Failed to update delivery time." when the server cannot be reached', async () => {
    const dataProvider = fakeSettings({
      saveDeliveryTimes: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/delivery-times/edit', { dataProvider });
    await heading('Delivery Times');
    await userEvent.type(screen.getByLabelText(/Delivery Time/), ' ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update delivery time.')).toBeInTheDocument();
  });

  it('shows the server message when the save is refused', async () => {
    const dataProvider = fakeSettings({
      saveDeliveryTimes: async () => {
        throw new HttpError('Gap hours must be at most 168.', 400);
      },
    });
    renderPanel('/delivery-times/edit', { dataProvider });
    await heading('Delivery Times');
    const gap = screen.getByLabelText(/Gap Hours/);
    await userEvent.clear(gap);
    await userEvent.type(gap, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gap hours must be at most 168.')).toBeInTheDocument();
  });
});
