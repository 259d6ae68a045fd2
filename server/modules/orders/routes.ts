import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OrderStatus } from '../../db/schema';
import { bulkOutcome, countOf, missingMessage } from '../../lib/bulk';
import { CSV_BATCH, csvAnswer, sendCsv } from '../../lib/csv';
import { badRequest, notFound } from '../../lib/errors';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import type { Access } from '../../permissions';
import { auditEach } from '../../plugins/audit';
import { toLineBalanceDto, toNoteDto } from '../creditNotes/dto';
import { createCreditNoteRepository } from '../creditNotes/repository';
import { ORDER_CSV_COLUMNS } from './csv';
import { jobFilter, ordersFilter } from './filters';
import { toAccessoryDto, toHistoryDto, toOrderDto } from './dto';
import { findSheetService, inlineJobSheet } from './jobSheetRows';
import type { OrderFilter, OrderSort } from './conditions';
import { customerOrderPage } from './customerOrders';
import { createOrderRepository } from './repository';
import { bulkReasonMessage, reasonMessage } from './statusChanges';
import {
  bulkStatusBody,
  customerOrdersQuery,
  jobExportQuery,
  jobSlots,
  JOB_SLOTS_BOUND,
  jobsPage,
  jobsQuery,
  oneOrderDetail,
  orderExportQuery,
  orderIdParams,
  orderListQuery,
  orderPage,
  ordersByType,
  serviceOrdersQuery,
  serviceParams,
  updatedOrder,
  updateStatusBody,
} from './schemas';
import { STATUS_FIELD, diffRecords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

const NOT_FOUND = 'This order does not exist.';
const NO_SERVICE = 'This service does not exist.';
/** How many of each list by-type answers when it is not asked for a page (docs/api.md). */
export const BY_TYPE_BOUND = 500;

/** `3 orders updated to Delivered.`, and how many already were. */
function bulkStatusMessage(updated: number, unchanged: number, status: OrderStatus): string {
  if (!updated) {
    return unchanged === 1
      ? `The order is already ${status}.`
      : `All ${unchanged} orders are already ${status}.`;
  }
  const already = unchanged
    ? ` ${countOf(unchanged, 'other')} ${unchanged === 1 ? 'was' : 'were'} already ${status}.`
    : '';
  return `${countOf(updated, 'order')} updated to ${status}.${already}`;
}

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createOrderRepository(app.db);
  const reads = readRepository(app, repo, createOrderRepository);
  const creditNotes = createCreditNoteRepository(app.db);
  const viewers: Access = 'orders';
  const viewersAndJobs: Access = ['orders', 'assigningJobs'];

  /** One page of a list: newest first unless a sort field is given. */
  async function listPage(
    from: typeof repo,
    filter: OrderFilter,
    q: { page: number; limit: number; sortOrder: 'asc' | 'desc'; sort?: OrderSort },
  ) {
    const { rows, total } = await from.page({
      ...filter,
      sort: q.sort ?? 'createdAt',
      order: q.sort ? q.sortOrder : 'desc',
      page: q.page,
      limit: q.limit,
    });
    return { orders: rows.map(toOrderDto), ...pagingResult(total, q.page, q.limit) };
  }

  app.get(
    '/view-all-orders',
    {
      config: { access: viewers },
      schema: {
        querystring: orderListQuery,
        response: answers(orderPage),
      },
    },
    async (request) => {
      const q = request.query;
      const result = await listPage(reads(request), ordersFilter(q), { ...q, sort: q.sortField });
      return ok('Orders', result);
    },
  );

  app.get(
    '/orders-by-serviceId',
    {
      config: { access: viewers },
      schema: {
        querystring: serviceOrdersQuery,
        response: answers(orderPage),
      },
    },
    async (request) => {
      const q = request.query;
      const result = await listPage(reads(request), ordersFilter(q), { ...q, sort: q.sortField });
      return ok('Orders', result);
    },
  );

  /**
   * The spec's call answers both lists whole; at a real operator's size that is a million
   * orders. With `type` it pages one list on the server (addition); without, it answers the
   * documented shape bounded to the newest BY_TYPE_BOUND of each, with the real totals.
   */
  app.get(
    '/by-type',
    {
      config: { access: viewers },
      schema: {
        querystring: orderListQuery,
        response: answers(ordersByType),
      },
    },
    async (request) => {
      const q = request.query;
      // Without `type`, both lists; with it, that one (below).
      const filter = ordersFilter({ ...q, type: undefined });
      if (q.type) {
        const { orders, ...paging } = await listPage(
          reads(request),
          { ...filter, orderType: q.type },
          { ...q, sort: q.sortField },
        );
        const key = q.type === 'fresh' ? 'freshOrders' : 'reorderOrders';
        return ok('Orders by type', { [key]: orders, ...paging });
      }
      const newest = { page: 1, limit: BY_TYPE_BOUND, sortOrder: 'desc' as const };
      const [fresh, reorder] = await Promise.all([
        listPage(reads(request), { ...filter, orderType: 'fresh' }, newest),
        listPage(reads(request), { ...filter, orderType: 'reorder' }, newest),
      ]);
      return ok('Orders by type', {
        freshOrders: fresh.orders,
        reorderOrders: reorder.orders,
        totalFreshOrders: fresh.totalRecords,
        totalReorderOrders: reorder.totalRecords,
      });
    },
  );

  /** An export in the list's order: newest first unless a sort field is given (as listPage). */
  const exportOf = (
    from: typeof repo,
    filter: OrderFilter,
    q: { sortOrder: 'asc' | 'desc'; sort?: OrderSort },
  ) => ({
    name: 'orders',
    columns: ORDER_CSV_COLUMNS,
    batches: from.exportRows(
      { ...filter, sort: q.sort ?? 'createdAt', order: q.sort ? q.sortOrder : 'desc' },
      CSV_BATCH,
    ),
  });

  // Addition: the orders lists as CSV (All Orders, by service, by type), with the parameters
  // of view-all-orders (and by-type's `type`) but no paging.
  app.get(
    '/export-orders',
    {
      config: { access: viewers },
      schema: {
        querystring: orderExportQuery,
        response: csvAnswer('orders', 'Every order of the list with its filters, search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      return sendCsv(
        request,
        reply,
        exportOf(reads(request), ordersFilter(q), { ...q, sort: q.sortField }),
      );
    },
  );

  // Addition (issue 35): one customer's orders, newest first (the customer's Orders tab).
  app.get(
    '/get-customer-orders',
    {
      config: { access: viewers },
      schema: { querystring: customerOrdersQuery, response: answers(orderPage) },
    },
    async (request) => {
      const { userId, page, limit, status, serviceId, from, to } = request.query;
      const found = await customerOrderPage(request.readDb, userId, page, limit, {
        status,
        categoryId: serviceId,
        from,
        to,
      });
      if (!found) throw notFound('This user does not exist.');
      const rows = await reads(request).rowsOf(found.ids);
      return ok('Orders', {
        orders: rows.map(toOrderDto),
        ...pagingResult(found.total, page, limit),
      });
    },
  );

  // Addition: one order by id, so a reloaded or shared View Order screen works.
  app.get(
    '/get-order/:id',
    {
      config: { access: viewersAndJobs },
      schema: {
        params: orderIdParams,
        response: answers(oneOrderDetail),
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await repo.findById(id);
      if (!row) throw notFound(NOT_FOUND);
      const [accessories, history, riderPhone, returns, invoice, notes] = await Promise.all([
        repo.accessories(id),
        repo.history(id),
        repo.riderPhone(row.rider?.id ?? null),
        repo.returnRequests(id),
        repo.invoiceOf(id),
        creditNotes.ofOrder(id),
      ]);
      // Issue 38: what each invoice line has left to credit (the Issue credit note dialog).
      const balances = invoice ? await creditNotes.balancesOf(id) : null;
      const order = toOrderDto(row);
      return ok('Order', {
        order: {
          ...order,
          accessories: accessories.map(toAccessoryDto),
          statusHistory: history.map(toHistoryDto),
          // Additions (issue 37): the order's relatives, for its view's links.
          rider: order.rider ? { ...order.rider, phone: riderPhone ?? '' } : null,
          returnRequests: returns.map((r) => ({
            _id: r.id,
            status: r.status,
            returnedQuantity: r.returnedQuantity,
            requestedAt: r.requestedAt,
          })),
          invoice: invoice && {
            ...invoice,
            creditNotes: notes.length,
            lines: (balances ?? []).map(toLineBalanceDto),
          },
          creditNotes: notes.map(toNoteDto),
        },
      });
    },
  );

  app.post(
    '/update-status',
    {
      config: { access: viewersAndJobs },
      schema: {
        body: updateStatusBody,
        response: answers(updatedOrder),
      },
    },
    async (request) => {
      const { orderId, status, reason } = request.body;
      const admin = request.admin ? { id: request.admin.id, name: request.admin.name } : null;
      const before = await repo.findById(orderId);
      const outcome = await repo.setStatus(orderId, status, admin, reason ?? null);
      if (outcome.kind === 'missing') throw notFound(NOT_FOUND);
      if (outcome.kind === 'needReason') throw badRequest(reasonMessage(outcome.need));
      const row = await repo.findById(orderId);
      // Issue 38: the credit or debit note the change issued, by its number.
      const notes = outcome.kind === 'changed' ? outcome.notes : [];
      request.audit({
        changes: [
          ...diffRecords(before?.order, row?.order, STATUS_FIELD),
          ...notes.map((n) => ({
            field: n.kind === 'credit' ? 'Credit note' : 'Debit note',
            from: null,
            to: n.noteNo,
          })),
        ],
      });
      return ok(
        outcome.kind === 'unchanged'
          ? `Order is already ${status}.`
          : `Order status updated to ${status}.`,
        // Addition: the order as it now is, so the panel can show it without reloading.
        { order: row ? toOrderDto(row) : null },
      );
    },
  );

  // Addition: one status for many orders (the lists' row checkboxes), in one transaction.
  app.post(
    '/bulk-update-status',
    {
      // Each changed order gets the audit row of order/update-status, written in the transaction.
      config: { access: viewersAndJobs, audit: false },
      schema: {
        body: bulkStatusBody,
        response: answers(bulkOutcome),
      },
    },
    async (request) => {
      const { orderIds, status, reason } = request.body;
      const admin = request.admin ? { id: request.admin.id, name: request.admin.name } : null;
      const outcome = await repo.setStatuses(
        orderIds,
        status,
        admin,
        reason ?? null,
        (tx, changed) => auditEach(tx, request, changed, '/api/order/update-status'),
      );
      if (outcome.missing.length) {
        throw notFound(missingMessage(outcome.missing.length, orderIds.length, 'orders'));
      }
      if (outcome.needReason.length) {
        throw badRequest(bulkReasonMessage(outcome.needReason, orderIds.length));
      }
      const updated = outcome.changed.length;
      const unchanged = outcome.unchanged.length;
      return ok(bulkStatusMessage(updated, unchanged, status), { updated, unchanged });
    },
  );

  app.get(
    '/assign-jobs/:serviceId',
    {
      config: { access: 'assigningJobs' },
      schema: {
        params: serviceParams,
        querystring: jobsQuery,
        response: answers(jobsPage),
      },
    },
    async (request) => {
      const q = request.query;
      const service = await findSheetService(request.readDb, request.params.serviceId);
      if (!service) throw notFound(NO_SERVICE);
      const filter = jobFilter(request.params.serviceId, q);
      const page = await listPage(reads(request), filter, q);
      if (!q.wantPdf) return ok('Jobs', page);

      // The jobs of the filter, not only the page, up to INLINE_SHEET_JOBS (the sheet says when
      // it is cut); the panel downloads the whole sheet streamed from order/job-sheet.
      const pdf = await inlineJobSheet(reads(request), service, filter);
      return ok('Jobs', { ...page, pdf: pdf.toString('base64') });
    },
  );

  // Addition: the delivery slots of a service's open jobs, for the jobs list's slot filter.
  app.get(
    '/job-slots/:serviceId',
    {
      config: { access: 'assigningJobs' },
      schema: {
        params: serviceParams,
        response: answers(jobSlots),
      },
    },
    async (request) => {
      const slots = await reads(request).openJobSlots(request.params.serviceId, JOB_SLOTS_BOUND);
      return ok('Job slots', { slots });
    },
  );

  // Addition: the open jobs of a service as CSV, with assign-jobs' parameters but no paging.
  app.get(
    '/export-jobs/:serviceId',
    {
      config: { access: 'assigningJobs' },
      schema: {
        params: serviceParams,
        querystring: jobExportQuery,
        response: csvAnswer('orders', 'Every open job of the service with its filters and search'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { serviceId } = request.params;
      if (!(await findSheetService(request.readDb, serviceId))) throw notFound(NO_SERVICE);
      return sendCsv(request, reply, exportOf(reads(request), jobFilter(serviceId, q), q));
    },
  );
};

export default orderRoutes;
