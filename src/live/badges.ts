import { unseen, type Unseen } from './store';

/**
 * The lists a badge counts for, read off their routes (resources/orders and
 * resources/assigningJobs): All Orders `orders/<page>`, a service's orders
 * `order/<serviceId>/<page>`, a service's jobs `assigning-job/<name>/<serviceId>/<page>`, and
 * the order screens `order/view/<id>`, `order-type/view/<id>`, `assigning-job/view/<id>`.
 */
const ALL_ORDERS = /^\/?orders\/\d+\/?$/;
const SERVICE_ORDERS = /^\/?order\/([^/]+)\/\d+\/?$/;
const SERVICE_JOBS = /^\/?assigning-job\/[^/]+\/([^/]+)\/\d+\/?$/;
const ONE_ORDER = /^\/?(?:order|order-type|assigning-job)\/view\/([^/]+)\/?$/;

const ofService = (list: Unseen['orders'], serviceId: string) =>
  list.filter((o) => o.serviceId === serviceId).length;

/** The count shown on a sidebar group: Orders Management, Assigning Jobs; none on the others. */
export function groupCount(u: Unseen, group: string): number {
  if (group === 'orders') return u.orders.length + u.ordersImported;
  if (group === 'assigningJobs') return u.jobs.length + u.jobsImported;
  return 0;
}

/** The count shown on a sidebar entry (its route, as the menu declares it). */
export function linkCount(u: Unseen, to: string): number {
  if (ALL_ORDERS.test(to)) return u.orders.length + u.ordersImported;
  const service = SERVICE_ORDERS.exec(to)?.[1];
  if (service) return ofService(u.orders, service);
  const jobs = SERVICE_JOBS.exec(to)?.[1];
  if (jobs) return ofService(u.jobs, jobs);
  return 0;
}

/** The admin has opened the page at `path`: what it shows is seen. */
export function markSeen(path: string) {
  const view = ONE_ORDER.exec(path)?.[1];
  if (view) return unseen.seenOrder(view);
  if (ALL_ORDERS.test(path)) return unseen.seenAllOrders();
  const service = SERVICE_ORDERS.exec(path)?.[1];
  if (service) return unseen.seenServiceOrders(service);
  const jobs = SERVICE_JOBS.exec(path)?.[1];
  if (jobs) return unseen.seenJobs(jobs);
}
