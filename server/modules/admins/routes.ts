import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERMISSION_GROUPS } from '../../db/schema';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { pagingResult, activeOrInactive } from '../../lib/validation';
import { allPermissions } from '../../permissions';
import { toAdminDto } from '../auth/repository';
import {
  createAdminUserRepository,
  toAuditEntryDto,
  type AdminRow,
  type AuditRow,
} from './repository';
import {
  auditLogAnswer,
  auditLogQuery,
  createAdminUserBody,
  editAdminUserBody,
  exportAdminUsersQuery,
  exportAuditLogQuery,
  getAdminUserParams,
  oneAdmin,
  viewAllUsersAnswer,
  viewAllUsersQuery,
} from './schemas';
import { ADMIN_FIELDS, diffRecords, editedWords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

const DUPLICATE_EMAIL = 'An admin with this e-mail already exists.';
const NOT_FOUND = 'This admin user does not exist.';

/** The permission groups an admin holds, by name (the super-admin holds every one). */
const groupsOf = (a: AdminRow) =>
  PERMISSION_GROUPS.filter((g) => a.role === 'super-admin' || a.permissions[g] === true).join(' ');

const ADMIN_CSV_COLUMNS: CsvColumn<AdminRow>[] = [
  { header: 'Name', cell: (a) => a.name },
  { header: 'Email', cell: (a) => a.email },
  { header: 'Phone', cell: (a) => a.phone },
  { header: 'Role', cell: (a) => a.role },
  { header: 'Status', cell: (a) => a.status },
  { header: 'Permissions', cell: groupsOf },
  { header: 'Created (IST)', cell: (a) => a.createdAt },
];

const AUDIT_CSV_COLUMNS: CsvColumn<AuditRow>[] = [
  { header: 'When (IST)', cell: (e) => e.at },
  { header: 'Admin', cell: (e) => e.adminEmail },
  { header: 'Resource', cell: (e) => e.resource },
  { header: 'Action', cell: (e) => e.action },
  { header: 'Record ID', cell: (e) => e.recordId },
  { header: 'Method', cell: (e) => e.method },
  { header: 'Path', cell: (e) => e.path },
  { header: 'Status code', cell: (e) => e.statusCode },
  { header: 'Summary', cell: (e) => e.summary },
  {
    header: 'Changes',
    cell: (e) =>
      (e.changes ?? []).map((c) => `${c.field}: ${c.from ?? '-'} → ${c.to ?? '-'}`).join('; '),
  },
];

const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAdminUserRepository(app.db);
  const reads = readRepository(app, repo, createAdminUserRepository);
  const superAdmin = { access: 'superAdmin' as const };

  async function writeErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'admins_email_key')) throw conflict(DUPLICATE_EMAIL);
      throw err;
    }
  }

  app.get(
    '/view-all-users',
    {
      config: superAdmin,
      schema: {
        querystring: viewAllUsersQuery,
        response: viewAllUsersAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await reads(request).list({
        status: activeOrInactive(q.status),
        search: q.search || undefined,
        sort: q.sort,
        order: q.sortOrder,
        page: q.page,
        limit: q.limit,
      });
      return ok('Admin users', {
        users: rows.map(toAdminDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the admin users list as CSV, with view-all-users' parameters but no paging.
  app.get(
    '/export-admin-users',
    {
      config: superAdmin,
      schema: {
        querystring: exportAdminUsersQuery,
        response: csvAnswer('admin-users', 'Every admin user of the list with its search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      return sendCsv(request, reply, {
        name: 'admin-users',
        columns: ADMIN_CSV_COLUMNS,
        batches: reads(request).exportAdmins(
          {
            status: activeOrInactive(q.status),
            search: q.search || undefined,
            sort: q.sort,
            order: q.sortOrder,
          },
          CSV_BATCH,
        ),
      });
    },
  );

  // Addition: one admin by id, so a reloaded edit screen can fill itself.
  app.get(
    '/get-admin-user/:id',
    {
      config: superAdmin,
      schema: { params: getAdminUserParams, response: oneAdmin },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      return ok('Admin user', { user: toAdminDto(row) });
    },
  );

  app.post(
    '/create-admin-user',
    {
      config: superAdmin,
      schema: {
        body: createAdminUserBody,
        response: oneAdmin,
      },
    },
    async (request) => {
      const { password, ...values } = request.body;
      const created = await writeErrors(async () =>
        repo.create({ ...values, passwordHash: await hashPassword(password) }),
      );
      return ok(`Admin user ${created.name} created successfully`, { user: toAdminDto(created) });
    },
  );

  app.post(
    '/edit-admin-user',
    {
      config: superAdmin,
      schema: {
        body: editAdminUserBody,
        response: oneAdmin,
      },
    },
    async (request) => {
      const { userId, password, role, ...values } = request.body;
      const target = await repo.findById(userId);
      if (!target) throw notFound(NOT_FOUND);
      if (userId === request.admin!.id && values.status === 'Inactive') {
        throw badRequest('You cannot make your own account inactive.');
      }
      if (target.role === 'super-admin') {
        if (values.status !== 'Active' || (role && role !== 'super-admin')) {
          throw badRequest('The super-admin cannot be made inactive or turned into an admin.');
        }
      } else if (role === 'super-admin') {
        throw badRequest('An admin cannot be made super-admin.');
      }
      const endSessions =
        password !== undefined || (values.status === 'Inactive' && target.status !== 'Inactive');
      const updated = await writeErrors(async () =>
        repo.update(
          userId,
          {
            ...values,
            // The super-admin holds every permission whatever the form says.
            permissions: target.role === 'super-admin' ? allPermissions(true) : values.permissions,
            ...(password !== undefined ? { passwordHash: await hashPassword(password) } : {}),
          },
          endSessions,
        ),
      );
      if (!updated) throw notFound(NOT_FOUND);
      app.sessionCache.forgetAdmin(userId);
      const changes = diffRecords(target, updated, ADMIN_FIELDS);
      if (password !== undefined) changes.push({ field: 'Password', from: null, to: 'changed' });
      request.audit({ summary: editedWords('admin user', updated.name, changes), changes });
      return ok(`Admin user ${updated.name} updated successfully`, { user: toAdminDto(updated) });
    },
  );

  // Addition: the audit trail recorded by server/plugins/audit.ts, newest first.
  app.get(
    '/audit-log',
    {
      config: superAdmin,
      schema: {
        querystring: auditLogQuery,
        response: auditLogAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await reads(request).auditLog({
        adminId: q.adminId || undefined,
        resource: q.resource || undefined,
        from: q.from,
        to: q.to,
        page: q.page,
        limit: q.limit,
      });
      return ok('Audit log', {
        entries: rows.map(toAuditEntryDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the audit trail as CSV, newest first, with audit-log's filters but no paging.
  app.get(
    '/export-audit-log',
    {
      config: superAdmin,
      schema: {
        querystring: exportAuditLogQuery,
        response: csvAnswer('audit-log', 'Every entry of the audit trail matching the filters'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      return sendCsv(request, reply, {
        name: 'audit-log',
        columns: AUDIT_CSV_COLUMNS,
        batches: reads(request).exportAuditLog(
          {
            adminId: q.adminId || undefined,
            resource: q.resource || undefined,
            from: q.from,
            to: q.to,
          },
          CSV_BATCH,
        ),
      });
    },
  );
};

export default adminUserRoutes;
