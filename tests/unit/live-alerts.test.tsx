import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { groupCount, linkCount, markSeen } from '@/live/badges';
import { openLiveEvents, type LiveTiming, type OrderPlaced } from '@/live/connection';
import { liveStops, unseen } from '@/live/store';
import { stubApi, type RecordedCall } from './apiStub';
import { fakeAuthProvider, renderApp, SLOW, SUPER_ADMIN } from './helpers';

/**
 * The live alerts of the panel (issue 15.6): the event stream read through the panel's axios
 * client, the sidebar's counts of new orders, the emergency toast and sound, the mute switch.
 * The network is stubbed; the stream is a ReadableStream the test writes server-sent events to.
 */

const encoder = new TextEncoder();

/** The open streams the stub answered, newest last, for the test to write to. */
const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
const isLive = (call: RecordedCall) => call.url.pathname === '/api/live/events';

function eventStream(): Response {
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => void streams.push(controller),
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function send(text: string) {
  streams.at(-1)!.enqueue(encoder.encode(text));
}

const placed = (order: Partial<OrderPlaced>) =>
  send(
    `event: order-placed\ndata: ${JSON.stringify({
      _id: 'ord-1',
      orderId: 'OD250301AAAAAA',
      serviceId: 'w1',
      serviceName: 'Water',
      pincode: '560001',
      isEmergency: false,
      createdAt: '2025-03-01T04:30:00.000Z',
      ...order,
    })}\n\n`,
  );

/** Counts the tones the alert sound plays (Web Audio has no sound in jsdom). */
let tones = 0;
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = async () => {};
  createOscillator() {
    tones += 1;
    return { type: '', frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (n: unknown) => n };
  }
}

const nav = () => screen.findByRole('navigation', { name: 'Main menu' }, SLOW);

describe('live alerts in the panel', () => {
  const { calls } = stubApi((call) =>
    isLive(call) ? eventStream() : { statusCode: 200, message: 'ok', result: {} },
  );
  beforeEach(() => {
    streams.length = 0;
    tones = 0;
    vi.stubGlobal('AudioContext', FakeAudioContext);
  });

  async function openPanel(identity = SUPER_ADMIN) {
    renderApp('/pincodes/1', { authProvider: fakeAuthProvider(identity) });
    const menu = await nav();
    await waitFor(() => expect(calls.filter(isLive)).toHaveLength(1));
    await waitFor(() => expect(streams).toHaveLength(1));
    return menu;
  }

  it('opens the stream with the session token, counts a new order on Orders and Assigning Jobs, and clears a count when its list opens', async () => {
    const menu = await openPanel();
    const live = calls.find(isLive)!;
    expect(live.headers.get('authorization')).toBe('Bearer tok-123');
    expect(live.headers.get('accept')).toBe('text/event-stream');

    send('retry: 5000\n: connected\n\n');
    placed({ _id: 'ord-1', serviceId: 'w1' });
    const orders = within(menu).getByRole('button', { name: 'Orders Management' });
    await waitFor(() => expect(orders).toHaveAttribute('aria-description', '1 new order'));
    expect(orders).toHaveTextContent('Orders Management1');
    const jobs = within(menu).getByRole('button', { name: 'Assigning Jobs' });
    expect(jobs).toHaveAttribute('aria-description', '1 new order');

    placed({ _id: 'ord-2', orderId: 'OD250301BBBBBB', serviceId: 'o1', serviceName: 'Oxygen' });
    await waitFor(() => expect(orders).toHaveAttribute('aria-description', '2 new orders'));

    await userEvent.click(orders);
    const link = (name: string) => within(menu).getByRole('link', { name });
    expect(link('All Orders')).toHaveAttribute('aria-description', '2 new orders');
    expect(link('Water Orders')).toHaveAttribute('aria-description', '1 new order');
    expect(link('Oxygen Orders')).toHaveAttribute('aria-description', '1 new order');
    expect(link('Tiffin Orders')).not.toHaveAttribute('aria-description');

    // Opening the water orders: those are seen there, not on Assigning Jobs.
    await userEvent.click(link('Water Orders'));
    await waitFor(() => expect(link('Water Orders')).not.toHaveAttribute('aria-description'));
    expect(link('All Orders')).toHaveAttribute('aria-description', '1 new order');
    expect(jobs).toHaveAttribute('aria-description', '2 new orders');

    await userEvent.click(link('All Orders'));
    await waitFor(() => expect(orders).not.toHaveAttribute('aria-description'));
    expect(within(orders).queryByTestId('live-count')).toBeNull();

    await userEvent.click(jobs);
    const waterJobs = within(menu).getByRole('link', { name: 'Water' });
    expect(waterJobs).toHaveAttribute('aria-description', '1 new order');
    await userEvent.click(waterJobs);
    await waitFor(() => expect(jobs).toHaveAttribute('aria-description', '1 new order'));
  });

  it('raises a toast and a sound for an emergency; muted, the toast alone, and the switch is remembered', async () => {
    await openPanel();
    placed({ orderId: 'OD250301EMERG1', serviceName: 'Oxygen', isEmergency: true });
    expect(
      await screen.findByText('Emergency order OD250301EMERG1 for Oxygen, pin code 560001.'),
    ).toBeVisible();
    expect(tones).toBe(2);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/order/view/ord-1',
    );

    // An ordinary order: a count, no toast, no sound.
    placed({ _id: 'ord-9', orderId: 'OD250301PLAIN1' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Orders Management' })).toHaveAttribute(
        'aria-description',
        '2 new orders',
      ),
    );
    expect(tones).toBe(2);

    const muteSwitch = screen.getByRole('button', { name: 'Mute alert sound' });
    expect(muteSwitch).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(muteSwitch);
    expect(muteSwitch).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('liveAlertsMuted')).toBe('true');

    placed({ _id: 'ord-10', orderId: 'OD250301EMERG2', serviceName: 'Oxygen', isEmergency: true });
    expect(
      await screen.findByText('Emergency order OD250301EMERG2 for Oxygen, pin code 560001.'),
    ).toBeVisible();
    expect(tones).toBe(2);
    // Both on screen, newest first, each closed on its own.
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('OD250301EMERG2'),
      expect.stringContaining('OD250301EMERG1'),
    ]);
    await userEvent.click(within(alerts[1]!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));

    await userEvent.click(muteSwitch);
    expect(localStorage.getItem('liveAlertsMuted')).toBeNull();
  });

  it('gives a quiet notice of every new order once the admin turns it on in their menu', async () => {
    await openPanel();
    placed({ _id: 'ord-20', orderId: 'OD250301QUIET1' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Orders Management' })).toHaveAttribute(
        'aria-description',
        '1 new order',
      ),
    );
    expect(screen.queryByText(/New order OD250301QUIET1/)).toBeNull();

    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: /Profile|Super Admin/ }),
    );
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Notice every new order' });
    expect(item).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(item);
    expect(item).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');

    placed({ _id: 'ord-21', orderId: 'OD250301QUIET2' });
    expect(
      await screen.findByText('New order OD250301QUIET2 for Water, pin code 560001.'),
    ).toBeVisible();
    // Quiet: no sound, and not the emergency's alert.
    expect(tones).toBe(0);
    expect(screen.queryByRole('alert', { name: /Emergency/ })).toBeNull();
  });

  it('sends a dispatcher to the job, not the order screen it may not open', async () => {
    await openPanel({ role: 'admin', permissions: { assigningJobs: true } });
    placed({ _id: 'ord-7', orderId: 'OD250301EMERG7', isEmergency: true });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/assigning-job/view/ord-7',
    );
  });

  it('opens no stream and shows no mute switch for an admin without Orders or Assigning Jobs', async () => {
    renderApp('/pincodes/1', {
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { settings: true } }),
    });
    const menu = await nav();
    expect(await within(menu).findByRole('button', { name: 'Settings' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mute alert sound' })).toBeNull();
    expect(calls.filter(isLive)).toHaveLength(0);
  });

  it('opens it for a dispatcher (Assigning Jobs only)', async () => {
    await openPanel({ role: 'admin', permissions: { assigningJobs: true } });
    expect(screen.getByRole('button', { name: 'Mute alert sound' })).toBeVisible();
  });

  it("hands a rider's stop done to the dispatch screens that follow them (issue 40)", async () => {
    await openPanel({ role: 'admin', permissions: { assigningJobs: true } });
    const heard: string[] = [];
    const stop = liveStops.subscribe((s) => heard.push(`${s.orderId} ${s.outcome} ${s.reason}`));
    send(
      `event: stop-done\ndata: ${JSON.stringify({
        _id: 'ord-9',
        orderId: 'OD250301ZZZZZZ',
        riderId: 'r1',
        riderName: 'Ravi Kumar',
        outcome: 'not-delivered',
        reason: 'refused',
      })}\n\n`,
    );
    await waitFor(() => expect(heard).toEqual(['OD250301ZZZZZZ not-delivered refused']));
    stop();
  });
});

describe('the live event connection', () => {
  const { calls, answers } = stubApi();
  /** Reconnects at once, so that the test needs no clock. */
  const FAST: LiveTiming = { silenceMs: 60_000, firstRetryMs: 1, mostRetryMs: 1, busyRetryMs: 1 };
  beforeEach(() => void (streams.length = 0));

  it('comes back after the server ends the stream, after its retry hint, and stops when closed', async () => {
    answers.push(eventStream, eventStream);
    const orders: string[] = [];
    const onUnauthorized = vi.fn();
    const connection = openLiveEvents(
      {
        onOrderPlaced: (o) => orders.push(o.orderId),
        onOrdersImported: (n) => orders.push(`imported ${n}`),
        onStopDone: (s) => orders.push(`${s.outcome} ${s.orderId} by ${s.riderName}`),
        onUnauthorized,
      },
      FAST,
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    send('retry: 1\n\n');
    placed({ orderId: 'OD1' });
    send('event: orders-imported\ndata: {"count":25}\n\n');
    streams[0]!.close();
    await waitFor(() => expect(streams).toHaveLength(2));
    placed({ orderId: 'OD2' });
    send(
      `event: stop-done\ndata: ${JSON.stringify({
        _id: 'ord-2',
        orderId: 'OD2',
        riderId: 'r1',
        riderName: 'Ravi Kumar',
        outcome: 'delivered',
        reason: null,
      })}\n\n`,
    );
    await waitFor(() =>
      expect(orders).toEqual(['OD1', 'imported 25', 'OD2', 'delivered OD2 by Ravi Kumar']),
    );

    connection.close();
    // The open request is aborted, and nothing is opened again.
    await waitFor(() => expect(() => streams[1]!.enqueue(new Uint8Array(1))).toThrow());
    expect(calls).toHaveLength(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('retries after a failure and a refusal, and gives up for good on 401', async () => {
    answers.push(
      () => Promise.reject(new TypeError('Failed to fetch')),
      { status: 429, body: { statusCode: 429, message: 'Too many.' } },
      {
        status: 401,
        body: { statusCode: 401, message: 'Your session has ended. Please sign in again.' },
      },
    );
    const onUnauthorized = vi.fn();
    openLiveEvents(
      { onOrderPlaced() {}, onOrdersImported() {}, onStopDone() {}, onUnauthorized },
      FAST,
    );
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    const error = onUnauthorized.mock.calls[0]![0] as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Your session has ended. Please sign in again.');
    expect(calls).toHaveLength(3);
  });
});

describe('the sidebar counts', () => {
  beforeEach(() => unseen.reload());

  it('counts per list and clears what a page shows', () => {
    unseen.placed({ id: 'a', serviceId: 'w1' });
    unseen.placed({ id: 'b', serviceId: 'o1' });
    unseen.placed({ id: 'b', serviceId: 'o1' }); // the same order twice counts once
    unseen.imported(25);
    let u = unseen.get();
    expect(groupCount(u, 'orders')).toBe(27);
    expect(groupCount(u, 'assigningJobs')).toBe(27);
    expect(groupCount(u, 'settings')).toBe(0);
    expect(linkCount(u, 'orders/1')).toBe(27);
    expect(linkCount(u, 'orders/fresh/1')).toBe(0);
    expect(linkCount(u, 'order/w1/1')).toBe(1);
    expect(linkCount(u, 'assigning-job/oxygen/o1/1')).toBe(1);

    markSeen('/order/view/b');
    u = unseen.get();
    expect(linkCount(u, 'order/o1/1')).toBe(0);
    expect(linkCount(u, 'assigning-job/oxygen/o1/1')).toBe(0);

    markSeen('/assigning-job/water/w1/3');
    u = unseen.get();
    expect(groupCount(u, 'assigningJobs')).toBe(0);
    expect(groupCount(u, 'orders')).toBe(26);

    markSeen('/orders/2');
    expect(groupCount(unseen.get(), 'orders')).toBe(0);
  });

  it('keeps the counts for the tab across a reload, not past signing out', () => {
    unseen.placed({ id: 'a', serviceId: 'w1' });
    unseen.reload();
    expect(groupCount(unseen.get(), 'orders')).toBe(1);
    sessionStorage.clear(); // what signing out does (src/providers/session.ts)
    unseen.reload();
    expect(groupCount(unseen.get(), 'orders')).toBe(0);
  });
});
