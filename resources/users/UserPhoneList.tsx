import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { activeTone, StatusChip } from '@/components/StatusChip';
import { formatRupees } from '@/format';
import { PhoneList, type PhoneBulkProps } from '@/lists/PhoneList';
import { formatPhone, fullName } from '@/names';

/**
 * The customers of a user list on a phone: the name (and status where the list mixes them),
 * then e-mail, user name, phone and wallet as the list's records carry them, opening the user.
 */
export function UserPhoneList({
  bulk,
  actions,
  status = false,
  sortFields,
}: {
  bulk?: PhoneBulkProps;
  /** The row's buttons beside the line (UserRowActions without view: the line opens it). */
  actions?: ReactNode;
  status?: boolean;
  sortFields?: string[];
}) {
  const translate = useTranslate();
  return (
    <PhoneList
      {...bulk}
      name={fullName}
      badge={
        status
          ? (user) => <StatusChip tone={activeTone(user.status)} label={String(user.status)} />
          : undefined
      }
      lines={(user) => [
        user.email,
        user.userName,
        formatPhone(user.phone),
        user.wallet != null &&
          translate('app.users.wallet_line', { amount: formatRupees(user.wallet) }),
      ]}
      to={(user) => `/user/view/${user.id}`}
      actions={actions}
      sortFields={sortFields}
    />
  );
}
