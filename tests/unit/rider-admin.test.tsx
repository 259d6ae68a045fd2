import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { formatDateTime, formatRupees } from '@/format';
import { liveStops } from '@/live/store';
import type { StopDone } from '@/live/connection';
import { deviceName } from '@resources/riders/deviceName';
import { heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

/*
 * The rider app on the admin's side (issue 40, item 7): the PIN and signed-in devices on the
 * rider's record, what each stop's rider reported on the run page, and the dispatch screens
 * following the riders' stops on the live stream. Against a fake dataProvider.
 */

const RAVI = {
  id: 'r1',
  _id: 'r1',
  name: 'Ravi Kumar',
  phone: '9876543210',
  vehicle: 'KA-01-AB-1234',
  pincodes: ['560001'],
  shift: 'Morning',
  status: 'Active',
  jobs: 3,
  openJobs: 2,
  createdAt: '2025-03-05T10:00:00Z',
  updatedAt: '2025-03-05T10:00:00Z',
};

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const DEVICES = [
  {
    _id: 'd1',
    device: ANDROID_CHROME,
    signedInAt: '2025-03-05T03:00:00.000Z',
    lastSeenAt: '2025-03-05T05:10:00.000Z',
    expiresAt: '2025-04-04T03:00:00.000Z',
  },
  {
    _id: 'd2',
    device: IPHONE_SAFARI,
    signedInAt: '2025-03-04T03:00:00.000Z',
    lastSeenAt: '2025-03-04T09:00:00.000Z',
    expiresAt: '2025-04-03T03:00:00.000Z',
  },
];

const job = (id: string, orderId: string, extra: object = {}): RaRecord => ({
  id,
  _id: id,
  orderId,
  createdAt: '2025-03-05T04:00:00.000Z',
  user: { _id: `u-${id}`, name: 'Aarav Sharma' },
  serviceId: 'w1',
  service: { _id: 'w1', name: 'Water', kind: 'water' },
  quantity: 2,
  returnQuantity: 2,
  totalAmount: 190,
  paymentMethod: 'Cash on Delivery',
  deliveryTime: '7:00 AM - 9:00 AM',
  isEmergency: false,
  status: 'Out for Delivery',
  pincode: '560001',
  address: { fullAddress: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  rider: { _id: 'r1', name: 'Ravi Kumar' },
  runDate: '2025-03-05',
  runShift: 'Morning',
  doorOutcome: null,
  ...extra,
});

const RUN = [
  job('a', 'OD250305AAAAAA', {
    status: 'Delivered',
    doorOutcome: {
      kind: 'delivered',
      // 10:42 in India.
      at: '2025-03-05T05:12:00.000Z',
      emptiesCollected: 1,
      collected: { method: 'Cash', amount: 190 },
      photoUrl: '/uploads/proof/abc123.jpg',
    },
  }),
  job('b', 'OD250305BBBBBB', {
    status: 'Delivered',
    paymentMethod: 'Online',
    doorOutcome: {
      kind: 'delivered',
      at: '2025-03-05T05:30:00.000Z',
      emptiesCollected: 0,
      collected: { method: 'UPI', amount: 190, reference: '412345678901' },
    },
  }),
  job('c', 'OD250305CCCCCC', {
    doorOutcome: {
      kind: 'not-delivered',
      reason: 'not-at-home',
      note: 'Locked',
      at: '2025-03-05T05:45:00.000Z',
    },
  }),
  job('d', 'OD250305DDDDDD'),
];

type Fake = DataProvider & Record<string, Mock> & { getList: Mock };

function fakeRiderAdmin(overrides: Record<string, unknown> = {}): Fake {
  let devices = [...DEVICES];
  let pinSetAt: string | null = null;
  return testDataProvider({
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'categories') {
        return { data: SEEDED_CATEGORIES.find((c) => c.id === id) };
      }
      if (id !== 'r1') throw new HttpError('This rider does not exist.', 404);
      return { data: RAVI };
    }),
    getList: vi.fn(async (resource: string) => {
      if (resource === 'assigningJobs') return { data: RUN.slice(2), total: 2 };
      return { data: [], total: 0 };
    }),
    riderDevices: vi.fn(async () => ({
      data: { pinSet: pinSetAt !== null, pinSetAt, devices },
      meta: { message: 'Signed-in devices' },
    })),
    setRiderPin: vi.fn(async ({ pin }: { pin: string }) => {
      if (pin === '1234') {
        throw new HttpError('Choose a PIN that is not a run of digits like 1234.', 400);
      }
      const ended = devices.length;
      devices = [];
      pinSetAt = '2025-03-05T06:00:00.000Z';
      return {
        data: null,
        meta: {
          message: `PIN set for Ravi Kumar. Tell the rider in person; it is not shown again. ${ended} signed-in devices were signed out.`,
        },
      };
    }),
    signOutRiderDevices: vi.fn(async ({ deviceId }: { deviceId?: string }) => {
      const ended = deviceId ? devices.filter((d) => d._id === deviceId).length : devices.length;
      devices = deviceId ? devices.filter((d) => d._id !== deviceId) : [];
      return {
        data: null,
        meta: {
          message: deviceId
            ? 'The device is signed out. Ravi Kumar must sign in again on it.'
            : `${ended} devices signed out.`,
        },
      };
    }),
    riderRun: vi.fn(async () => ({
      data: { rider: RAVI, jobs: RUN, totalRecords: RUN.length },
      meta: {},
    })),
    ...overrides,
  } as never) as Fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const riderApp = () => screen.findByRole('region', { name: 'Rider app' }, SLOW);

describe("the rider app on the rider's record", () => {
  it('says there is no PIN yet, and lists the signed-in devices by browser and system', async () => {
    const dataProvider = fakeRiderAdmin();
    renderPanel('/rider/view/r1', { dataProvider });
    const section = await riderApp();
    expect(dataProvider.riderDevices).toHaveBeenCalledWith({ riderId: 'r1' });
    expect(
      within(section).getByText('Not set: the rider cannot sign in to the rider app yet.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(section).getByText('Safari on iPhone')).toBeInTheDocument();
    expect(
      within(section).getByText(`Signed in ${formatDateTime(DEVICES[0]!.signedInAt)}`),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(`Last seen ${formatDateTime(DEVICES[0]!.lastSeenAt)}`),
    ).toBeInTheDocument();
  });

  it('checks the PIN as the server does, shows its refusal, then sets it and shows its message', async () => {
    const dataProvider = fakeRiderAdmin();
    renderPanel('/rider/view/r1', { dataProvider });
    const section = await riderApp();
    await userEvent.click(within(section).getByRole('button', { name: 'Set PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set PIN for Ravi Kumar' });
    const pin = within(dialog).getByLabelText('New PIN');
    // A numeric keyboard on a phone, and the digits shown so that they can be read out.
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).not.toHaveAttribute('type', 'password');

    await userEvent.type(pin, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    expect(within(dialog).getByText('PIN must be 4 to 6 digits.')).toBeInTheDocument();
    await userEvent.clear(pin);
    await userEvent.type(pin, '12a45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    expect(within(dialog).getByText('PIN must be 4 to 6 digits.')).toBeInTheDocument();
    expect(dataProvider.setRiderPin).not.toHaveBeenCalled();

    await userEvent.clear(pin);
    await userEvent.type(pin, '1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    expect(
      await screen.findByText('Choose a PIN that is not a run of digits like 1234.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.clear(pin);
    await userEvent.type(pin, '4071');
    expect(pin).toHaveValue('4071');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    expect(
      await screen.findByText(
        'PIN set for Ravi Kumar. Tell the rider in person; it is not shown again. 2 signed-in devices were signed out.',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.setRiderPin).toHaveBeenLastCalledWith({ riderId: 'r1', pin: '4071' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Read again: the PIN's day, and no device signed in any more.
    expect(
      await within(section).findByText(`Set on ${formatDateTime('2025-03-05T06:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(section).getByText('Not signed in on any device.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Change PIN' })).toBeInTheDocument();
  });

  it('signs out one device, then all of them after asking', async () => {
    const dataProvider = fakeRiderAdmin();
    renderPanel('/rider/view/r1', { dataProvider });
    const section = await riderApp();
    await userEvent.click(
      within(section).getByRole('button', {
        name: `Sign out Safari on iPhone, signed in ${formatDateTime(DEVICES[1]!.signedInAt)}`,
      }),
    );
    expect(
      await screen.findByText('The device is signed out. Ravi Kumar must sign in again on it.'),
    ).toBeInTheDocument();
    expect(dataProvider.signOutRiderDevices).toHaveBeenCalledWith({
      riderId: 'r1',
      deviceId: 'd2',
    });
    await waitFor(() =>
      expect(within(section).queryByText('Safari on iPhone')).not.toBeInTheDocument(),
    );

    await userEvent.click(within(section).getByRole('button', { name: 'Sign out all devices' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out all devices?' });
    expect(
      within(confirm).getByText('Ravi Kumar must sign in again with their PIN on every phone.'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out all devices' }));
    expect(await screen.findByText('1 devices signed out.')).toBeInTheDocument();
    expect(dataProvider.signOutRiderDevices).toHaveBeenLastCalledWith({ riderId: 'r1' });
    expect(await within(section).findByText('Not signed in on any device.')).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Sign out all devices' }),
    ).not.toBeInTheDocument();
  });

  it('names a device by its User-Agent, simply', () => {
    expect(deviceName(ANDROID_CHROME)).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(deviceName(IPHONE_SAFARI)).toEqual({ browser: 'Safari', os: 'iPhone' });
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 13; SM-M336B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Samsung Internet', os: 'Android' });
    expect(
      deviceName('Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0'),
    ).toEqual({ browser: 'Firefox', os: 'Android' });
    expect(deviceName('curl/8.5.0')).toBeNull();
  });
});

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('the run page: what the rider reported at each door', () => {
  it('shows the outcome, the empties, the cash or UPI and the proof photo of each stop', async () => {
    renderPanel('/rider/run/r1?date=2025-03-05', { dataProvider: fakeRiderAdmin() });
    await heading("Ravi Kumar's run");
    await screen.findByRole('table');

    const delivered = rowOf('OD250305AAAAAA');
    expect(within(delivered).getByText('Delivered at 10:42')).toBeInTheDocument();
    expect(within(delivered).getByText('1 empty collected')).toBeInTheDocument();
    expect(within(delivered).getByText(`Cash ${formatRupees(190)}`)).toBeInTheDocument();
    const photo = within(delivered).getByRole('link', {
      name: 'Proof photo for OD250305AAAAAA',
    });
    expect(photo).toHaveAttribute('href', 'http://localhost:3000/uploads/proof/abc123.jpg');
    expect(photo).toHaveAttribute('target', '_blank');
    expect(photo.querySelector('img')).toHaveAttribute(
      'src',
      'http://localhost:3000/uploads/proof/abc123.jpg',
    );

    const upi = rowOf('OD250305BBBBBB');
    expect(within(upi).getByText('Delivered at 11:00')).toBeInTheDocument();
    expect(
      within(upi).getByText(`UPI ${formatRupees(190)} (ref. 412345678901)`),
    ).toBeInTheDocument();
    expect(within(upi).queryByText(/empt/)).not.toBeInTheDocument();
    expect(within(upi).queryByRole('link', { name: /Proof photo/ })).not.toBeInTheDocument();

    const missed = rowOf('OD250305CCCCCC');
    expect(within(missed).getByText('Not delivered: Not at home')).toBeInTheDocument();
    expect(within(missed).getByText('Reported at 11:15')).toBeInTheDocument();
    expect(within(missed).getByText('“Locked”')).toBeInTheDocument();

    expect(within(rowOf('OD250305DDDDDD')).queryByText(/delivered/i)).not.toBeInTheDocument();
  });

  it('shows the same on a phone, the photo beside the line', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }));
    renderPanel('/rider/run/r1?date=2025-03-05', { dataProvider: fakeRiderAdmin() });
    await heading("Ravi Kumar's run");
    expect(await screen.findByText('Delivered at 10:42')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(`1 empty collected · Cash ${formatRupees(190)}`)).toBeInTheDocument();
    expect(screen.getByText('Reported at 11:15 · “Locked”')).toBeInTheDocument();
    const photo = screen.getByRole('link', { name: 'Proof photo for OD250305AAAAAA' });
    // Not inside the line's own link to the job.
    expect(photo.parentElement!.closest('a')).toBeNull();
  });
});

const stopDone = (stop: Partial<StopDone>) =>
  act(() =>
    liveStops.publish({
      _id: 'd',
      orderId: 'OD250305DDDDDD',
      riderId: 'r1',
      riderName: 'Ravi Kumar',
      outcome: 'delivered',
      reason: null,
      ...stop,
    }),
  );

describe('dispatch follows the riders live', () => {
  it("reads the run again when its rider reports a stop, not another rider's", async () => {
    const dataProvider = fakeRiderAdmin();
    renderPanel('/rider/run/r1?date=2025-03-05', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    expect(dataProvider.riderRun).toHaveBeenCalledTimes(1);
    stopDone({ riderId: 'r2', _id: 'x' });
    stopDone({ outcome: 'not-delivered', reason: 'refused' });
    await waitFor(() => expect(dataProvider.riderRun).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dataProvider.riderRun).toHaveBeenCalledTimes(2);
  });

  it('reads the Assigning Jobs list again when a job it shows is done', async () => {
    const dataProvider = fakeRiderAdmin();
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByText('OD250305DDDDDD', {}, SLOW);
    const listCalls = () => dataProvider.getList.mock.calls.filter(([r]) => r === 'assigningJobs');
    const before = listCalls().length;
    stopDone({ _id: 'elsewhere' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(before);
    stopDone({ _id: 'd' });
    await waitFor(() => expect(listCalls()).toHaveLength(before + 1));
  });
});
