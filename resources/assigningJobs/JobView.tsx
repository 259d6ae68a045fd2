import type { RaRecord } from 'react-admin';
import { OrderShow } from '../orders/OrderShow';

/** Back from a job opened directly goes to the open jobs of its service. */
const jobsOf = (order: RaRecord | undefined) =>
  order?.service?.name && order.serviceId
    ? `/assigning-job/${String(order.service.name).toLowerCase()}/${order.serviceId}/1`
    : '/dashboard';

/** /admin-panel/assigning-job/view/{id}: the same 'View Order', under the assigningJobs permission. */
export const JobView = () => <OrderShow resource="assigningJobs" fallbackPath={jobsOf} />;
