import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppDataProvider } from '@/providers/types';
import { fakeAuthProvider, renderApp, SEEDED_CATEGORIES } from './helpers';

/**
 * The whole App (renderApp): signing out and back in needs the sign-in page and its redirects.
 *
 * A session that ends while a form is open (the token expired, or the admin signed out in
 * another tab): the server refuses the save with 401. react-admin then signs out and answers the
 * write with an empty result, which must never read as success.
 */
const EXPIRED = () => new HttpError('Your session has expired. Please sign in again.', 401);

const PIN = { id: 'p1', _id: 'p1', number: '560034', pinType: 'Home', status: 'Active' };

type Fake = DataProvider & { [K in 'getOne' | 'update' | 'setCustomerStatus']: Mock };

function provider(overrides: Partial<AppDataProvider> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async () => ({ data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length })),
    getOne: vi.fn(async () => ({ data: { ...PIN } })),
    update: vi.fn(async () => {
      throw EXPIRED();
    }),
    ...overrides,
  } as never) as Fake;
}

async function signInAgain() {
  expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
  await userEvent.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'right-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const SLOW = { timeout: 10_000 };

/**
 * Every toast shown from now on, however briefly: signing out clears the toasts, so a success
 * shown just before would be gone by the time the sign-in page is there.
 */
function recordToasts() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.MuiSnackbarContent-message')) {
      if (toast.textContent && !seen.includes(toast.textContent)) seen.push(toast.textContent);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('a session that ends while a form is open', () => {
  it('shows no success, goes to sign-in, and after signing in returns to the form', async () => {
    const dataProvider = provider();
    const authProvider = fakeAuthProvider();
    renderApp('/pincode/edit/p1', { dataProvider, authProvider });
    const input = await screen.findByLabelText(/Pin Code/, {}, SLOW);
    await userEvent.clear(input);
    await userEvent.type(input, '560035');
    const toasts = recordToasts();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(dataProvider.update).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/updated/i)).not.toBeInTheDocument();

    await signInAgain();
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Pin Code' }, SLOW),
    ).toBeVisible();
    // The form shows what the server holds: the change was not saved.
    expect(await screen.findByLabelText(/Pin Code/)).toHaveValue('560034');
    toasts.stop();
    // Only the sign-in's own message was ever shown.
    expect(toasts.seen).toEqual(['Logged in successfully!']);
  });

  it('reports no success for an action either (blocking a customer)', async () => {
    const setCustomerStatus = vi.fn(async () => {
      throw EXPIRED();
    });
    const customer = {
      id: 'u1',
      _id: 'u1',
      firstName: 'Aarav',
      lastName: 'Sharma',
      email: 'aarav@example.com',
      phone: '9876543210',
      status: 'Active',
      createdAt: '2025-03-05T10:00:00Z',
    };
    const dataProvider = provider({
      getList: vi.fn(async (resource: string) =>
        resource === 'categories'
          ? { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length }
          : { data: [customer], total: 1 },
      ),
      setCustomerStatus,
    } as never);
    const authProvider = fakeAuthProvider();
    renderApp('/user/active-users/1', { dataProvider, authProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Block Aarav Sharma' }, SLOW));
    const toasts = recordToasts();
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(setCustomerStatus).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Admin Login' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/blocked/i)).not.toBeInTheDocument();
    toasts.stop();
    expect(toasts.seen).toEqual([]);
  });
});
