import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RiderApp } from '../../rider/App';
import { memoryQueueStore, type QueueStore } from '../../rider/queue';
import type { Stop, Today } from '../../rider/types';

/*
 * The riders' page (issue 40) against a fake server: sign-in, the language switch, today's
 * stops in the rider's order, and an action at the door that waits through a lost connection.
 */

const MINUTE = 60_000;
const RIDER = { id: 'r1', name: 'Ravi Kumar', phone: '9845000101' };

function makeStop(orderId: string, overrides: Partial<Stop> = {}): Stop {
  return {
    orderId,
    orderNo: `OD${orderId.toUpperCase()}`,
    status: 'Out for Delivery',
    outcome: null,
    isEmergency: false,
    placedAt: new Date(Date.now() - 30 * MINUTE).toISOString(),
    shift: 'Morning',
    slot: '7-9 AM',
    pincode: '560034',
    customer: { name: `Customer ${orderId}`, phone: '9800000000' },
    address: `${orderId} Main Road, Koramangala`,
    items: [{ key: 'product', name: '20 L water jar', quantity: 2 }],
    empties: { kind: 'jar', toCollect: 2, held: 3 },
    toCollect: { method: 'Cash', amount: 1250 },
    note: null,
    ...overrides,
  };
}

function makeToday(stops: Stop[]): Today {
  return { day: '2026-11-29', rider: RIDER, emergencyAlertMinutes: 90, stops };
}

interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => { status?: number; body: unknown } | 'offline';

/** The server as the page sees it: each call recorded, answered by `handler`. */
function fakeServer(handler: Handler) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      path: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const answer = handler(call);
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(
      JSON.stringify(
        status < 400
          ? { statusCode: status, message: 'OK', result: answer.body }
          : { statusCode: status, message: answer.body },
      ),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const signIn = () =>
  localStorage.setItem('rider.session', JSON.stringify({ token: 'rider-token', rider: RIDER }));

function renderApp(handler: Handler, store: QueueStore = memoryQueueStore()) {
  const server = fakeServer(handler);
  render(<RiderApp fetch={server.fetch} store={store} />);
  return { ...server, store };
}

/** The to-do cards' customers, top to bottom. */
const toDoNames = () =>
  within(screen.getByRole('region', { name: /to do/i }))
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('card'))
    .map((card) => card.querySelector('.customer')?.textContent);

const pageLanguage = document.documentElement.lang;

beforeEach(() => {
  localStorage.setItem('rider.language', 'en');
  window.history.replaceState(null, '', '/rider');
});

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = pageLanguage;
});

describe('signing in', () => {
  it("shows the server's message as sent, then today's stops", async () => {
    const user = userEvent.setup();
    let pinRight = false;
    const server = renderApp((call) => {
      if (call.path === '/api/rider-app/login') {
        return pinRight
          ? { body: { token: 'rider-token', rider: RIDER } }
          : { status: 401, body: 'Wrong mobile number or PIN.' };
      }
      return { body: makeToday([makeStop('a')]) };
    });

    await user.type(screen.getByLabelText('Mobile number'), '98450 00101');
    await user.type(screen.getByLabelText('PIN'), '12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The PIN is 4 to 6 digits.');
    expect(server.calls).toEqual([]);

    await user.type(screen.getByLabelText('PIN'), '34');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong mobile number or PIN.');
    expect(server.calls[0]).toMatchObject({
      path: '/api/rider-app/login',
      body: { phone: '9845000101', pin: '1234' },
      headers: { 'Accept-Language': 'en' },
    });

    pinRight = true;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Customer a')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('rider.session')!).token).toBe('rider-token');
    expect(server.calls.at(-1)?.headers).toMatchObject({ Authorization: 'Bearer rider-token' });
  });

  it('switches to Hindi and back, remembers it, and asks the server in it', async () => {
    const user = userEvent.setup();
    const server = renderApp(() => ({ status: 401, body: 'मोबाइल नंबर या पिन ग़लत है।' }));
    expect(screen.getByRole('heading', { name: 'Doorstep rider' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(screen.getByRole('heading', { name: 'डोरस्टेप राइडर' })).toBeInTheDocument();
    expect(screen.getByLabelText('मोबाइल नंबर')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('rider.language')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');

    await user.type(screen.getByLabelText('मोबाइल नंबर'), '9845000101');
    await user.type(screen.getByLabelText('पिन'), '1234');
    await user.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('मोबाइल नंबर या पिन ग़लत है।');
    expect(server.calls[0].headers).toMatchObject({ 'Accept-Language': 'hi' });

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
    expect(localStorage.getItem('rider.language')).toBe('en');
  });
});

describe("today's stops", () => {
  it('puts a late emergency first with its age in red, and shows what to do at each door', async () => {
    signIn();
    renderApp(() => ({
      body: makeToday([
        makeStop('a'),
        makeStop('oxy', {
          isEmergency: true,
          placedAt: new Date(Date.now() - 100 * MINUTE).toISOString(),
          items: [{ key: 'product', name: 'Oxygen cylinder 10 L', quantity: 1 }],
          empties: { kind: 'cylinder', toCollect: 1, held: 1 },
          toCollect: { method: 'UPI', amount: 125000 },
        }),
        makeStop('b', { toCollect: { method: 'Paid', amount: 0 }, empties: null }),
      ]),
    }));
    await screen.findByText('Customer oxy');
    expect(toDoNames()).toEqual(['Customer oxy', 'Customer a', 'Customer b']);
    const late = screen.getByText(/100 min since order/);
    expect(late).toHaveClass('badge-late');
    expect(late).toHaveTextContent('Late: over 90 min');

    const oxy = screen.getByRole('listitem', { name: 'Stop 1: Customer oxy' });
    expect(within(oxy).getByText('Collect ₹1,25,000 by UPI')).toBeInTheDocument();
    expect(within(oxy).getByText('Empty cylinders to collect: 1')).toBeInTheDocument();
    expect(within(oxy).getByRole('link', { name: /Call 9800000000/ })).toHaveAttribute(
      'href',
      'tel:+919800000000',
    );
    const paid = screen.getByRole('listitem', { name: 'Stop 3: Customer b' });
    expect(within(paid).getByText('Already paid: collect nothing')).toBeInTheDocument();
  });

  it("reorders by the rider's buttons and remembers the order for the day", async () => {
    const user = userEvent.setup();
    signIn();
    const today = makeToday([makeStop('a'), makeStop('b'), makeStop('c')]);
    renderApp(() => ({ body: today }));
    await screen.findByText('Customer a');
    expect(screen.getByRole('button', { name: 'Move stop 1 (Customer a) up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move stop 3 (Customer c) up' }));
    expect(toDoNames()).toEqual(['Customer a', 'Customer c', 'Customer b']);
    await user.click(screen.getByRole('button', { name: 'Move stop 1 (Customer a) down' }));
    expect(toDoNames()).toEqual(['Customer c', 'Customer a', 'Customer b']);
    expect(JSON.parse(localStorage.getItem('rider.stopOrder.r1.2026-11-29')!)).toEqual([
      'c',
      'a',
      'b',
    ]);

    // The page opened again the same day: the rider's order, not the server's.
    cleanup();
    renderApp(() => ({ body: today }));
    await screen.findByText('Customer a');
    expect(toDoNames()).toEqual(['Customer c', 'Customer a', 'Customer b']);
  });

  it('changes its labels with the language switch', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp(() => ({ body: makeToday([makeStop('a')]) }));
    await screen.findByText('Collect ₹1,250 in cash');
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(screen.getByRole('heading', { name: /आज के स्टॉप/ })).toBeInTheDocument();
    expect(screen.getByText('₹1,250 नकद लेने हैं')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'दरवाज़े पर' })).toBeInTheDocument();
    expect(screen.getByText('ख़ाली जार लेने हैं: 2')).toBeInTheDocument();
  });
});

describe('at the door', () => {
  it('keeps a delivery through a lost connection and sends it, same key, when back online', async () => {
    const user = userEvent.setup();
    signIn();
    let online = false;
    const stop = makeStop('a');
    const server = renderApp((call) => {
      if (call.path === '/api/rider-app/today') return { body: makeToday([stop]) };
      if (!online) return 'offline';
      const body = call.body as { idempotencyKey: string };
      return {
        body: {
          ...stop,
          status: 'Delivered',
          outcome: {
            kind: 'delivered',
            at: new Date().toISOString(),
            emptiesCollected: 1,
            collected: { method: 'Cash', amount: 1250 },
            key: body.idempotencyKey,
          },
        },
      };
    });
    await user.click(await screen.findByRole('button', { name: 'At the door' }));
    expect(window.location.pathname).toBe('/rider/stop/a');
    expect(screen.getByRole('button', { name: 'Delivered' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Prefilled with the order: 2 jars given, 2 empties, ₹1,250 in cash.
    const jars = screen.getByRole('group', { name: /20 L water jar/ });
    expect(within(jars).getByText('2')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount received (₹)')).toHaveValue('1250');
    await user.click(screen.getByRole('button', { name: /One less: Empty jars/ }));
    await user.click(screen.getByRole('button', { name: 'Save: delivered' }));

    // Back on the list at once, the stop done and waiting to send.
    expect(await screen.findByText('1 waiting to send')).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'Stop 1: Customer a' });
    expect(within(card).getByText('Waiting to send')).toBeInTheDocument();
    expect(within(card).getByText('Delivered')).toBeInTheDocument();
    const tries = () => server.calls.filter((call) => call.path === '/api/rider-app/deliver');
    await waitFor(() => expect(tries()).toHaveLength(1));
    expect(tries()[0].body).toMatchObject({
      orderId: 'a',
      delivered: [{ key: 'product', quantity: 2 }],
      emptiesCollected: 1,
      collected: { method: 'Cash', amount: 1250 },
    });

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByText('Everything is sent.')).toBeInTheDocument());
    expect(tries()).toHaveLength(2);
    expect((tries()[1].body as { idempotencyKey: string }).idempotencyKey).toBe(
      (tries()[0].body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(within(card).queryByText('Waiting to send')).not.toBeInTheDocument();
    expect(await server.store.all()).toEqual([]);
  });

  it('shows a refusal on the stop and drops the action; a 401 goes to sign-in keeping the queue', async () => {
    const user = userEvent.setup();
    signIn();
    let answer: 'conflict' | 'expired' = 'conflict';
    const server = renderApp((call) => {
      if (call.path === '/api/rider-app/today') return { body: makeToday([makeStop('a')]) };
      return answer === 'conflict'
        ? { status: 409, body: 'This order was already marked Delivered. Refresh your list.' }
        : { status: 401, body: 'Your session has ended.' };
    });
    await user.click(await screen.findByRole('button', { name: 'At the door' }));
    await user.click(screen.getByRole('button', { name: 'Not delivered' }));
    await user.click(screen.getByRole('button', { name: 'Save: not delivered' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose why it was not delivered.');
    await user.click(screen.getByRole('radio', { name: 'Not at home' }));
    await user.click(screen.getByRole('button', { name: 'Save: not delivered' }));

    const card = await screen.findByRole('listitem', { name: 'Stop 1: Customer a' });
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Not saved: This order was already marked Delivered. Refresh your list.',
    );
    expect(await server.store.all()).toEqual([]);

    answer = 'expired';
    await user.click(within(card).getByRole('button', { name: 'At the door' }));
    await user.click(screen.getByRole('button', { name: 'Not delivered' }));
    await user.click(screen.getByRole('radio', { name: 'Refused' }));
    await user.click(screen.getByRole('button', { name: 'Save: not delivered' }));
    expect(await screen.findByRole('heading', { name: 'Doorstep rider' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended.');
    expect(await screen.findByText(/1 action is waiting to send/)).toBeInTheDocument();
    expect(localStorage.getItem('rider.session')).toBeNull();
    expect(await server.store.all()).toEqual([
      expect.objectContaining({
        kind: 'not-delivered',
        body: expect.objectContaining({ reason: 'refused' }),
      }),
    ]);
  });
});
