import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { gstinCheckChar } from '@shared/gst';
import { heading, renderPanel } from './helpers';

/** A registered buyer on the customer's edit form and view (issue 38). */

const KARNATAKA = '29AAFCS4321B1Z' + gstinCheckChar('29AAFCS4321B1Z');
const DELHI = '07AAGFM7788Q1Z' + gstinCheckChar('07AAGFM7788Q1Z');
const MISTYPED = KARNATAKA.slice(0, 14) + (KARNATAKA[14] === 'A' ? 'B' : 'A');

const AARAV = {
  id: 'aaaaaaaaaaaa1111',
  _id: 'aaaaaaaaaaaa1111',
  firstName: 'Aarav',
  lastName: 'Sharma',
  email: 'aarav@example.in',
  phone: '9876543210',
  wallet: 0,
  status: 'Active',
  isEmailVerified: true,
  isPhoneVerified: true,
  imageUrl: null,
  createdAt: '2025-03-05T10:00:00Z',
  gstin: null as string | null,
  legalName: null as string | null,
  addresses: [
    {
      _id: 'a1',
      fullAddress: '12 MG Road, Shivajinagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      isDefault: true,
    },
  ],
};

function fakeUsers(record: typeof AARAV = AARAV) {
  return testDataProvider({
    getOne: vi.fn(async () => ({ data: record })),
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    update: vi.fn(
      async (_resource: string, { id, data }: { id: unknown; data: Record<string, unknown> }) => ({
        data: { ...record, ...data, id },
        meta: { message: 'User updated successfully' },
      }),
    ),
  } as never) as DataProvider & { update: Mock };
}

const gstinBox = () => screen.getByLabelText(/GSTIN/);
const legalNameBox = () => screen.getByLabelText(/Legal name/);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Update' }));

describe("a customer's GSTIN on the edit form", () => {
  it('says which check character a mistyped GSTIN should end with, and sends nothing', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/edit/aaaaaaaaaaaa1111', { dataProvider });
    await heading('Edit User');
    await userEvent.type(gstinBox(), MISTYPED.toLowerCase());
    await userEvent.type(legalNameBox(), 'Sharma Aqua Traders');
    await submit();
    expect(
      await screen.findByText(
        `The GSTIN's last character should be ${KARNATAKA[14]}: check it for a typo.`,
      ),
    ).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('needs a legal name with a GSTIN, and a GSTIN of the default address’s state', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/edit/aaaaaaaaaaaa1111', { dataProvider });
    await heading('Edit User');
    await userEvent.type(gstinBox(), DELHI);
    await submit();
    expect(
      await screen.findByText(
        "The GSTIN is registered in Delhi (07), but the customer's default address is in Karnataka (29).",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Legal name is required with a GSTIN.')).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('sends a valid GSTIN in capitals with the legal name, saying its state', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/edit/aaaaaaaaaaaa1111', { dataProvider });
    await heading('Edit User');
    await userEvent.type(gstinBox(), KARNATAKA.toLowerCase());
    expect(screen.getByText('Registered in Karnataka (29).')).toBeInTheDocument();
    await userEvent.type(legalNameBox(), ' Sharma Aqua Traders ');
    await submit();
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(dataProvider.update.mock.calls[0]![1].data).toMatchObject({
      gstin: KARNATAKA,
      legalName: 'Sharma Aqua Traders',
    });
  });

  it('makes a registered buyer a household once both boxes are emptied', async () => {
    const dataProvider = fakeUsers({
      ...AARAV,
      gstin: KARNATAKA,
      legalName: 'Sharma Aqua Traders',
    });
    renderPanel('/user/edit/aaaaaaaaaaaa1111', { dataProvider });
    await heading('Edit User');
    expect(gstinBox()).toHaveValue(KARNATAKA);
    expect(legalNameBox()).toHaveValue('Sharma Aqua Traders');
    await userEvent.clear(gstinBox());
    await submit();
    expect(
      await screen.findByText(
        'A legal name is kept for a registered buyer only: enter their GSTIN, or empty this box for a household.',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
    await userEvent.clear(legalNameBox());
    await submit();
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(dataProvider.update.mock.calls[0]![1].data).toMatchObject({ gstin: '', legalName: '' });
  });
});

describe("a customer's GSTIN on the view", () => {
  it('shows the GSTIN and legal name of a registered buyer', async () => {
    renderPanel('/user/view/aaaaaaaaaaaa1111', {
      dataProvider: fakeUsers({ ...AARAV, gstin: KARNATAKA, legalName: 'Sharma Aqua Traders' }),
    });
    expect(await heading('Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByText(KARNATAKA)).toBeInTheDocument();
    expect(screen.getByText('Sharma Aqua Traders')).toBeInTheDocument();
  });

  it('shows neither for a household', async () => {
    renderPanel('/user/view/aaaaaaaaaaaa1111', { dataProvider: fakeUsers() });
    expect(await heading('Aarav Sharma')).toBeInTheDocument();
    expect(screen.queryByText('GSTIN')).not.toBeInTheDocument();
    expect(screen.queryByText('Legal name')).not.toBeInTheDocument();
  });
});
