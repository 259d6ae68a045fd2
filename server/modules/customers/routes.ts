import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomerStatus } from '../../db/schema';
import { bulkIds, bulkOutcome, countOf, missingMessage } from '../../lib/bulk';
import { CSV_BATCH, csvAnswer, rupees, sendCsv, type CsvColumn } from '../../lib/csv';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { answers, pagingFields } from '../../lib/responses';
import {
  emailAddress,
  newPassword,
  optionalText,
  pagingQuery,
  pagingResult,
  requiredId,
  requiredText,
  exportQuery,
} from '../../lib/validation';
import { auditEach } from '../../plugins/audit';
import {
  createCustomerRepository,
  CUSTOMER_SORTS,
  toAddressDto,
  toCustomerDto,
  toInactiveUserDto,
  type CustomerRow,
} from './repository';
import { customerDto, customerWithAddressesDto, inactiveUserDto } from './schemas';

const NOT_FOUND = 'This user does not exist.';

const userId = requiredId('User id');

/** Active or Blocked: the two statuses an admin may set. */
const settableStatus = z.enum(['Active', 'Blocked'], {
  error: 'Status must be Active or Blocked.',
});

/** Blank form values mean "not sent". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * An Indian mobile number: 10 digits starting 6-9; spaces, dashes and a +91 or 0 prefix are
 * accepted and dropped, so the stored form is always the 10 digits.
 */
const indianMobile = z
  .string({ error: 'Phone is required.' })
  .trim()
  .min(1, 'Phone is required.')
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0091|0)(?=\d{10}$)/, ''))
  .pipe(
    z
      .string()
      .regex(/^[6-9]\d{9}$/, 'Phone must be a 10-digit Indian mobile number (e.g. 9876543210).'),
  );

const ALL_STATUSES: CustomerStatus[] = ['Active', 'Blocked', 'Inactive'];

const oneCustomer = answers(z.object({ user: customerDto }));

/** `status` of the user lists: one status, or All; blank is the list's own default. */
const listStatus = z
  .enum([...ALL_STATUSES, 'All', ''] as const, {
    error: 'Status must be Active, Blocked, Inactive or All.',
  })
  .optional();

const customerSort = z
  .enum(Object.keys(CUSTOMER_SORTS) as [keyof typeof CUSTOMER_SORTS], {
    error: `Sort must be one of: ${Object.keys(CUSTOMER_SORTS).join(', ')}.`,
  })
  .optional();

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
  const access = 'userManagement' as const;

  async function page(
    statuses: CustomerStatus[] | undefined,
    q: {
      page: number;
      limit: number;
      search?: string;
      sortOrder: 'asc' | 'desc';
      sort?: keyof typeof CUSTOMER_SORTS;
    },
  ) {
    return repo.list({
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
      config: { access },
      schema: {
        querystring: z.object({
          ...pagingQuery,
          status: listStatus,
          sort: customerSort,
        }),
        response: answers(z.object({ users: z.array(customerDto), ...pagingFields })),
      },
    },
    async (request) => {
      const q = request.query;
      const status = q.status || 'Active';
      const { rows, total } = await page(status === 'All' ? undefined : [status], q);
      return ok('Users', {
        users: rows.map(toCustomerDto),
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
        querystring: z.object({
          ...exportQuery,
          status: listStatus,
          sort: customerSort,
        }),
        response: csvAnswer('users', 'Every customer of the list with its status, search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const status = q.status || 'Active';
      return sendCsv(request, reply, {
        name: 'users',
        columns: CUSTOMER_CSV_COLUMNS,
        batches: repo.exportRows(
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
        querystring: z.object({
          ...pagingQuery,
          status: z
            .enum([...ALL_STATUSES, 'All', ''] as const, {
              error: 'Status must be Active, Blocked, Inactive or All.',
            })
            .optional(),
        }),
        response: answers(z.object({ users: z.array(inactiveUserDto), ...pagingFields })),
      },
    },
    async (request) => {
      const q = request.query;
      const status = q.status || 'Inactive';
      const { rows, total } = await page(status === 'All' ? undefined : [status], q);
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
      config: { access },
      schema: {
        params: z.object({ id: userId }),
        response: answers(z.object({ user: customerWithAddressesDto })),
      },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      const addresses = await repo.addresses(row.id);
      return ok('User', {
        user: { ...toCustomerDto(row), addresses: addresses.map(toAddressDto) },
      });
    },
  );

  app.post(
    '/user/update-user-status',
    {
      config: { access },
      schema: { body: z.object({ userId, status: settableStatus }), response: oneCustomer },
    },
    async (request) => {
      const { userId: id, status } = request.body;
      const row = await repo.setStatus(id, status);
      if (!row) throw notFound(NOT_FOUND);
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
        body: z.object({ userIds: bulkIds('User id', 'user'), status: settableStatus }),
        response: answers(bulkOutcome),
      },
    },
    async (request) => {
      const { userIds, status } = request.body;
      const outcome = await repo.setStatuses(userIds, status, (tx, changed) =>
        auditEach(tx, request, changed, '/api/user/update-user-status'),
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
        body: z.object({
          userId,
          email: emailAddress(),
          firstName: requiredText('First name', 100),
          lastName: requiredText('Last name', 100),
          phone: indianMobile,
          status: settableStatus,
          password: z.preprocess(blankToUndefined, newPassword('Password').optional()),
          address: z.preprocess(blankToUndefined, optionalText('Address', 500)),
        }),
        response: oneCustomer,
      },
    },
    async (request) => {
      const { userId: id, password, address, ...values } = request.body;
      const passwordHash = password ? await hashPassword(password) : undefined;
      let row;
      try {
        row = await repo.update(
          id,
          { ...values, ...(passwordHash ? { passwordHash } : {}) },
          address,
        );
      } catch (err) {
        if (isUniqueViolation(err, 'customers_email_key')) {
          throw conflict('Another user already has this e-mail address.');
        }
        throw err;
      }
      if (!row) throw notFound(NOT_FOUND);
      return ok('User updated successfully', { user: toCustomerDto(row) });
    },
  );
};

export default customerRoutes;
