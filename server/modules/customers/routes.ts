import { ok } from '../../lib/reply';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CustomerStatus } from '../../db/schema';
import { bulkOutcome, countOf, missingMessage } from '../../lib/bulk';
import { CSV_BATCH, csvAnswer, rupees, sendCsv, type CsvColumn } from '../../lib/csv';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import { auditEach } from '../../plugins/audit';
import {
  createCustomerRepository,
  CUSTOMER_SORTS,
  toAddressDto,
  toCustomerDto,
  toInactiveUserDto,
  toRegisteredCustomerDto,
  type CustomerRow,
} from './repository';
import {
  adminGetUsersAnswer,
  adminGetUsersQuery,
  oneCustomer,
  userAllUsersAnswer,
  userAllUsersQuery,
  userBulkUpdateStatusBody,
  userExportUsersQuery,
  userGetUserAnswer,
  userGetUserParams,
  userUpdateUserAnswer,
  userUpdateUserBody,
  userUpdateUserStatusBody,
} from './schemas';
import { CUSTOMER_FIELDS, STATUS_FIELD, diffRecords, editedWords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

const NOT_FOUND = 'This user does not exist.';

/** The admin named in the history of the subscriptions a block pauses. */
const adminOf = (request: FastifyRequest) =>
  request.admin ? { id: request.admin.id, name: request.admin.name } : null;

/** The columns of a customers export (every user list: total, inactive, blocked). */
const CUSTOMER_CSV_COLUMNS: CsvColumn<CustomerRow>[] = [
  { header: 'Family ID', cell: (c) => c.id },
  { header: 'First name', cell: (c) => c.firstName },
  { header: 'Last name', cell: (c) => c.lastName },
  { header: 'User name', cell: (c) => c.userName },
  { header: 'Email', cell: (c) => c.email },
  { header: 'Phone', cell: (c) => c.phone },
  { header: 'Wallet', cell: (c) => rupees(c.wallet) },
  { header: 'Status', cell: (c) => c.status },
  { header: 'Email verified', cell: (c) => c.isEmailVerified },
  { header: 'Phone verified', cell: (c) => c.isPhoneVerified },
  { header: 'Joined (IST)', cell: (c) => c.createdAt },
];

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createCustomerRepository(app.db);
  const reads = readRepository(app, repo, createCustomerRepository);
  const access = 'userManagement' as const;
  // New order (issue 37) finds the caller: the Orders group searches and reads customers too.
  const readers = ['userManagement', 'orders'] as const;

  async function page(
    from: typeof repo,
    statuses: CustomerStatus[] | undefined,
    q: {
      page: number;
      limit: number;
      search?: string;
      sortOrder: 'asc' | 'desc';
      sort?: keyof typeof CUSTOMER_SORTS;
    },
  ) {
    return from.list({
      statuses,
      search: q.search || undefined,
      sort: q.sort ?? 'createdAt',
      order: q.sort ? q.sortOrder : 'desc',
      page: q.page,
      limit: q.limit,
    });
  }

  app.get(
    '/user/all-users',
    {
      config: { access: readers },
      schema: {
        querystring: userAllUsersQuery,
        response: userAllUsersAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const status = q.status || 'Active';
      const { rows, total } = await page(
        reads(request),
        status === 'All' ? undefined : [status],
        q,
      );
      const addresses = q.withAddress
        ? await reads(request).defaultAddresses(rows.map((r) => r.id))
        : null;
      return ok('Users', {
        users: rows.map((row) => {
          const user = toCustomerDto(row);
          if (!addresses) return user;
          const address = addresses.get(row.id);
          return { ...user, defaultAddress: address ? toAddressDto(address) : null };
        }),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the user lists as CSV, with all-users' parameters (Active by default) but no
  // paging; the inactive and blocked lists ask for their status.
  app.get(
    '/user/export-users',
    {
      config: { access },
      schema: {
        querystring: userExportUsersQuery,
        response: csvAnswer('users', 'Every customer of the list with its status, search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const status = q.status || 'Active';
      return sendCsv(request, reply, {
        name: 'users',
        columns: CUSTOMER_CSV_COLUMNS,
        batches: reads(request).exportRows(
          {
            statuses: status === 'All' ? undefined : [status],
            search: q.search || undefined,
            sort: q.sort ?? 'createdAt',
            order: q.sort ? q.sortOrder : 'desc',
          },
          CSV_BATCH,
        ),
      });
    },
  );

  app.get(
    '/admin/get-users',
    {
      config: { access },
      schema: {
        querystring: adminGetUsersQuery,
        response: adminGetUsersAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const status = q.status || 'Inactive';
      const { rows, total } = await page(
        reads(request),
        status === 'All' ? undefined : [status],
        q,
      );
      return ok('Users', {
        users: rows.map(toInactiveUserDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: one customer by id with the addresses, so a reloaded view or edit screen works.
  app.get(
    '/user/get-user/:id',
    {
      config: { access: readers },
      schema: {
        params: userGetUserParams,
        response: userGetUserAnswer,
      },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      const addresses = await repo.addresses(row.id);
      return ok('User', {
        user: { ...toRegisteredCustomerDto(row), addresses: addresses.map(toAddressDto) },
      });
    },
  );

  app.post(
    '/user/update-user-status',
    {
      config: { access },
      schema: { body: userUpdateUserStatusBody, response: oneCustomer },
    },
    async (request) => {
      const { userId: id, status } = request.body;
      const before = await repo.findById(id);
      const row = await repo.setStatus(id, status, adminOf(request));
      if (!row) throw notFound(NOT_FOUND);
      request.audit({ changes: diffRecords(before, row, STATUS_FIELD) });
      return ok(
        status === 'Blocked' ? 'User blocked successfully' : 'User unblocked successfully',
        { user: toCustomerDto(row) },
      );
    },
  );

  // Addition: block or unblock many customers at once (the lists' row checkboxes).
  app.post(
    '/user/bulk-update-status',
    {
      // Each changed customer gets the audit row of the single call, written in the transaction.
      config: { access, audit: false },
      schema: {
        body: userBulkUpdateStatusBody,
        response: answers(bulkOutcome),
      },
    },
    async (request) => {
      const { userIds, status } = request.body;
      const outcome = await repo.setStatuses(
        userIds,
        status,
        (tx, changed) => auditEach(tx, request, changed, '/api/user/update-user-status'),
        adminOf(request),
      );
      if (outcome.missing.length) {
        throw notFound(missingMessage(outcome.missing.length, userIds.length, 'users'));
      }
      const updated = outcome.changed.length;
      const unchanged = outcome.unchanged.length;
      const verb = status === 'Blocked' ? 'blocked' : 'unblocked';
      const state = status === 'Blocked' ? 'blocked' : 'active';
      const message = !updated
        ? `${unchanged === 1 ? 'The user is' : `All ${unchanged} users are`} already ${state}.`
        : `${countOf(updated, 'user')} ${verb}.` +
          (unchanged
            ? ` ${countOf(unchanged, 'other')} ${unchanged === 1 ? 'was' : 'were'} already ${state}.`
            : '');
      return ok(message, { updated, unchanged });
    },
  );

  app.post(
    '/user/update-user',
    {
      config: { access },
      schema: {
        body: userUpdateUserBody,
        response: userUpdateUserAnswer,
      },
    },
    async (request) => {
      const { userId: id, password, address, gstin, legalName, ...values } = request.body;
      const passwordHash = password ? await hashPassword(password) : undefined;
      const before = await repo.findById(id);
      let row;
      try {
        row = await repo.update(
          id,
          { ...values, ...(passwordHash ? { passwordHash } : {}) },
          address,
          { gstin, legalName },
        );
      } catch (err) {
        if (isUniqueViolation(err, 'customers_email_key')) {
          throw conflict('Another user already has this e-mail address.');
        }
        throw err;
      }
      if (!row) throw notFound(NOT_FOUND);
      const changes = diffRecords(before, row, CUSTOMER_FIELDS);
      if (passwordHash) changes.push({ field: 'Password', from: null, to: 'changed' });
      const name = `${row.firstName} ${row.lastName}`.trim();
      request.audit({ summary: editedWords('customer', name, changes), changes });
      return ok('User updated successfully', { user: toRegisteredCustomerDto(row) });
    },
  );
};

export default customerRoutes;
