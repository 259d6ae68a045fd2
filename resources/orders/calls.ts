import type { Identifier } from 'react-admin';
import { action } from '@/providers/actions';
import type { ApiCall } from '@/providers/resource';
import type { OrderStatus } from './orderFields';

/** Calls the orders and assigning-jobs resources share (docs/api.md). */

/** One order with its accessories and status history (addition; orders and assigningJobs). */
export const GET_ORDER: ApiCall = {
  method: 'GET',
  path: 'order/get-order/:id',
  resultKey: 'order',
};

/** The orders' actions (the orders resource declares them; assigning jobs uses them too). */
export const orderActions = {
  /** The status modal and 'Mark As Delivered': multipart { orderId: <_id>, status }. */
  setOrderStatus: action<{ id: Identifier; status: OrderStatus }>({
    method: 'POST',
    path: 'order/update-status',
    bodyKind: 'multipart',
    idField: 'orderId',
    fields: ['status'],
  }),
};
