import type { ApiCall } from '../../src/providers/resource';

/** Calls the orders and assigning-jobs resources share (docs/api.md). */

/** One order with its accessories and status history (addition; orders and assigningJobs). */
export const GET_ORDER: ApiCall = {
  method: 'GET',
  path: 'order/get-order/:id',
  resultKey: 'order',
};

/** The status modal and 'Mark As Delivered': multipart { orderId: <_id>, status }. */
export const UPDATE_ORDER_STATUS: ApiCall = {
  method: 'POST',
  path: 'order/update-status',
  bodyKind: 'multipart',
  idField: 'orderId',
  fields: ['status'],
};
