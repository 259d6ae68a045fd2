import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { AccountEntry, CustomerAccount } from '@resources/accounts/types';
import { amountError } from '@resources/accounts/MoneyDialog';
import { heading, renderPanel, SLOW } from './helpers';

/*
 * The customer view's Account tab (issue 36) against a fake dataProvider: the balance and the
 * ledger, a payment recorded through the dialog and the new balance shown, and the server's
 * refusal of a reference already recorded shown in the dialog.
 */

const ASHA = {
  id: 'u1',
  _id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  status: 'Active',
  wallet: 250,
  isEmailVerified: true,
  isPhoneVerified: true,
  imageUrl: null,
  createdAt: '2025-01-05T10:00:00Z',
  addresses: [],
};

const ENTRY: AccountEntry = {
  _id: '1',
  kind: 'topup',
  kindLabel: 'Top-up',
  amount: 250,
  balanceAfter: 250,
  method: 'UPI',
  reference: '412355671111',
  orderId: null,
  orderNo: null,
  reason: null,
  adminName: 'Meera Nair',
  at: '2025-03-01T05:00:00Z',
};

function accountOf(balance: number, entries: AccountEntry[]): CustomerAccount {
  return {
    userId: 'u1',
    name: 'Asha Rao',
    balance,
    billingMode: 'prepaid',
    pauseWhenLow: true,
    owed: 0,
    owedSince: null,
    depositHeld: 300,
    depositRefundable: 150,
    entries,
    totalRecords: entries.length,
    currentPage: 1,
    totalPages: 1,
    limit: 10,
  };
}

function fakeAccounts(recordPayment: (params: object) => Promise<unknown>) {
  let current = accountOf(250, [ENTRY]);
  const provider = testDataProvider({
    getOne: vi.fn(async () => ({ data: ASHA })),
    customerAccount: vi.fn(async () => ({ data: current, meta: {} })),
    recordPayment: vi.fn(async (params: { amount: number; reference?: string }) => {
      await recordPayment(params);
      const entry: AccountEntry = {
        ...ENTRY,
        _id: '2',
        amount: params.amount,
        balanceAfter: current.balance + params.amount,
        reference: params.reference ?? null,
      };
      current = accountOf(entry.balanceAfter, [entry, ...current.entries]);
      return {
        data: { entry, balance: entry.balanceAfter },
        meta: { message: 'Payment recorded' },
      };
    }),
  } as never);
  return provider as typeof provider & { recordPayment: ReturnType<typeof vi.fn> };
}

async function openTab(dataProvider: ReturnType<typeof fakeAccounts>) {
  renderPanel('/user/view/u1?tab=account', { dataProvider });
  await heading('Asha Rao');
  expect(await screen.findByRole('tab', { name: 'Account' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  return screen.findByLabelText('Balance', { selector: 'p' }, SLOW);
}

async function recordUpi(amount: string, reference: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record payment from Asha Rao' });
  await userEvent.type(within(dialog).getByLabelText(/^Amount/), amount);
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'UPI reference' }), reference);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe("the customer view's Account tab", () => {
  it('shows the balance, billing mode, deposits and the ledger', async () => {
    const balance = await openTab(fakeAccounts(vi.fn()));
    expect(balance).toHaveTextContent('₹250.00');
    expect(screen.getByText('Prepaid')).toBeInTheDocument();
    expect(
      screen.getByText('Subscriptions pause when the balance cannot pay the next day'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing owed')).toBeInTheDocument();
    expect(screen.getByText('₹150.00')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Ledger' });
    expect(within(table).getByText('Top-up')).toBeInTheDocument();
    expect(within(table).getByText('UPI · 412355671111')).toBeInTheDocument();
    expect(within(table).getByText('+₹250.00')).toBeInTheDocument();
    expect(within(table).getByText('Meera Nair')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download ledger/ })).toBeInTheDocument();
  });

  it('records a UPI payment and shows the new balance', async () => {
    const recordPayment = vi.fn(async () => undefined);
    const dataProvider = fakeAccounts(recordPayment);
    await openTab(dataProvider);
    await recordUpi('500', '4123 5567 1234');
    await waitFor(() =>
      expect(recordPayment).toHaveBeenCalledWith({
        userId: 'u1',
        amount: 500,
        method: 'UPI',
        reference: '4123 5567 1234',
        note: undefined,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Balance', { selector: 'p' })).toHaveTextContent('₹750.00'),
    );
    expect(screen.getByText('+₹500.00')).toBeInTheDocument();
  });

  it("shows the server's refusal of a reference already recorded, and keeps the dialog open", async () => {
    const message =
      'UPI reference 412355671111 was already recorded on 1 Mar 2025 for Asha Rao (₹250.00).';
    const dataProvider = fakeAccounts(
      vi.fn(async () => {
        throw new HttpError(message, 409, { statusCode: 409, message });
      }),
    );
    await openTab(dataProvider);
    const dialog = await recordUpi('250', '412355671111');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    // Said once, in the dialog: not again as a notification.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByLabelText('Balance', { selector: 'p' })).toHaveTextContent('₹250.00');
  });

  it('asks for the reference of a UPI payment and a whole-paise amount before sending', async () => {
    const dataProvider = fakeAccounts(vi.fn());
    await openTab(dataProvider);
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), '10.005');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter an amount more than 0, with at most two decimals.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the UPI reference.')).toBeInTheDocument();
    expect(dataProvider.recordPayment).not.toHaveBeenCalled();
    expect(amountError('-5', true)).toBeUndefined();
    expect(amountError('0', true)).toBeDefined();
  });
});
