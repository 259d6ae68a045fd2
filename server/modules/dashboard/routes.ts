import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../lib/responses';
import { mayCall } from '../../permissions';
import { createDashboardRepository } from './repository';
import { dashboardData, ordersByFilter, ordersByFilterQuery } from './schemas';
import { readRepository } from '../../plugins/readReplica';

/** How many recent orders and tickets the dashboard shows. */
const RECENT = 5;

/**
 * The dashboard (spec 001 §2, §3; docs/api.md "Dashboard"). Every figure comes from the
 * trigger-kept counters and the daily rollup, never from counting orders or customers.
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const reads = readRepository(app, createDashboardRepository(app.db), createDashboardRepository);

  // The dashboard is every admin's first screen: the counts are for all of them, the recent
  // orders and tickets only for those who may open those screens (empty lists otherwise).
  app.get(
    '/admin/dashboard-data',
    { config: { access: 'signedIn' }, schema: { response: answers(dashboardData) } },
    async (request) => {
      const caller = request.admin!;
      const repo = reads(request);
      const [customers, orders, recentOrders, recentSupports] = await Promise.all([
        repo.customerCounts(),
        repo.orderCounts(),
        mayCall(caller, 'orders') ? repo.recentOrders(RECENT) : [],
        mayCall(caller, 'supports') ? repo.recentTickets(RECENT) : [],
      ]);
      const sum = (counts: Record<string, number | undefined>) =>
        Object.values(counts).reduce<number>((total, n) => total + (n ?? 0), 0);
      return ok('Dashboard data', {
        allUsers: sum(customers),
        activeUsers: customers.Active ?? 0,
        blockedUsers: customers.Blocked ?? 0,
        allOrders: sum(orders),
        pendingOrders: orders.Pending ?? 0,
        deliveredOrders: orders.Delivered ?? 0,
        shippedOrders: orders['Out for Delivery'] ?? 0,
        cancelledOrders: orders.Cancelled ?? 0,
        recentOrders,
        recentSupports,
      });
    },
  );

  // Totals per period only (no customer or order detail), shown on every admin's dashboard.
  app.get(
    '/order/get-orders-by-filter',
    {
      config: { access: 'signedIn' },
      schema: { querystring: ordersByFilterQuery, response: answers(ordersByFilter) },
    },
    async (request) => {
      const { type } = request.query;
      return ok('Orders by filter', { type, buckets: await reads(request).ordersByPeriod(type) });
    },
  );
};

export default dashboardRoutes;
