import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  ListContextProvider,
  TestMemoryRouter,
  useList,
  useListContext,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '@/i18n';
import { PhoneList, type PhoneListProps } from '@/lists/PhoneList';

/*
 * PhoneList, the line per record every list shows on a phone: the line opens the record, and
 * what the table's row offered (checkbox, buttons) sits beside the link, not inside it.
 */

const PEOPLE: RaRecord[] = [
  { id: 'p1', name: 'Asha Rao', email: 'asha@example.com', status: 'Pending', wallet: 0 },
  { id: 'p2', name: 'Vikram Shah', email: 'vikram@example.com', status: 'Approved' },
  { id: 'p3', name: 'Meera Iyer', email: 'meera@example.com', status: 'Pending' },
];

function Selected() {
  const { selectedIds } = useListContext();
  return <p>{`${selectedIds.length} selected`}</p>;
}

function Nudge() {
  const record = useRecordContext();
  return <button type="button">{`Nudge ${record?.name}`}</button>;
}

function Harness(props: Partial<PhoneListProps>) {
  const list = useList({ data: PEOPLE });
  return (
    <ListContextProvider value={list}>
      <PhoneList
        name={(r) => r.name}
        lines={(r) => [r.email, r.wallet, r.status === 'Approved' && 'Settled', '']}
        to={(r) => `/people/${r.id}`}
        {...props}
      />
    </ListContextProvider>
  );
}

function renderList(props: Partial<PhoneListProps> = {}) {
  return render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <Harness {...props} />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const lineOf = (name: string) =>
  screen.getAllByRole('listitem').find((li) => li.textContent?.includes(name))!;

describe('PhoneList', () => {
  it('shows a line per record that opens it, with its lines (a zero wallet too)', async () => {
    renderList({ actions: <Nudge /> });
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    const asha = within(lineOf('Asha Rao'));
    const link = asha.getByRole('link');
    expect(link).toHaveAttribute('href', '/people/p1');
    // Name, e-mail and the wallet's 0 (a figure, not an empty line).
    expect(link).toHaveTextContent(/^Asha Raoasha@example\.com0$/);
    expect(within(lineOf('Vikram Shah')).getByRole('link')).toHaveTextContent('Settled');
    // The row's button beside the link, in the record's context, not nested in the link.
    const button = asha.getByRole('button', { name: 'Nudge Asha Rao' });
    expect(link).not.toContainElement(button);
    // Without bulk actions, no checkboxes and no 'Select all'.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('is not a link where nothing opens the record', async () => {
    renderList({ to: undefined });
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('selects lines for the bulk actions, and Select all takes only the selectable ones', async () => {
    const user = userEvent.setup();
    renderList({
      bulkActionButtons: <span />,
      bulkActionsToolbar: <Selected />,
      isRowSelectable: (r) => r.status === 'Pending',
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Asha Rao' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Vikram Shah' })).toBeDisabled();

    const all = screen.getByRole('checkbox', { name: 'Select all' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Meera Iyer' })).toBeChecked();
    await user.click(all);
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });
});
