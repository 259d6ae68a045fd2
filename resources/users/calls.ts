import type { Identifier } from 'react-admin';
import type { BulkOutcome } from '@/lists/useBulkAction';
import { action } from '@/providers/actions';

/** Block / unblock: POST user/update-user-status, form { status, userId }. */
export const userActions = {
  setCustomerStatus: action<{ id: Identifier; status: 'Active' | 'Blocked' }>({
    method: 'POST',
    path: 'user/update-user-status',
    bodyKind: 'form',
    idField: 'userId',
    fields: ['status'],
    resultKey: 'user',
  }),
  /** The lists' bulk action (addition): JSON { userIds: [<_id>, ...], status }. */
  setCustomersStatus: action<{ userIds: Identifier[]; status: 'Active' | 'Blocked' }, BulkOutcome>({
    method: 'POST',
    path: 'user/bulk-update-status',
    bodyKind: 'json',
    fields: ['userIds', 'status'],
  }),
  /** New order's new caller (addition, issue 37): JSON; answers the customer with the address. */
  addCustomer: action<
    NewCustomer,
    { _id: string; firstName: string; lastName: string; addresses: { _id: string }[] }
  >({
    method: 'POST',
    path: 'user/add-user',
    bodyKind: 'json',
    resultKey: 'user',
  }),
};

/** user/add-user's body: a caller and the address their order goes to. */
export interface NewCustomer {
  firstName: string;
  lastName?: string;
  phone: string;
  email?: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}
