import { z } from 'zod';
import { timestamp } from '../../lib/responses';
import { PERMISSION_GROUPS, type Permissions } from '../../db/schema';
import { answers, pagingFields } from '../../lib/responses';
import {
  emailAddress,
  newPassword,
  optionalId,
  pagingQuery,
  requiredId,
  requiredText,
  exportQuery,
} from '../../lib/validation';
import { allPermissions } from '../../permissions';
import { adminDto } from '../auth/schemas';
import { ADMIN_SORTS } from './repository';

/**
 * One entry of the audit trail (toAuditEntryDto): who did what to which record, with the call
 * and its HTTP status; `recordId` is null when the write named no record. `summary` is the write
 * in words and `changes` what it changed, field by field (both null on rows from before them).
 */
export const auditEntryDto = z.object({
  _id: z.string(),
  at: timestamp,
  adminId: z.string(),
  adminEmail: z.string(),
  resource: z.string(),
  action: z.string(),
  recordId: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  statusCode: z.number().int(),
  summary: z.string().nullable(),
  changes: z
    .array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() }))
    .nullable(),
});

/** A 10-digit Indian mobile (6-9 first), optionally written with +91; spaces and dashes dropped. */
const phone = z
  .string({ error: 'Phone is required.' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Phone is required.')
      .regex(
        /^(\+91)?[6-9][0-9]{9}$/,
        'Phone must be a 10-digit Indian mobile number, optionally with +91.',
      ),
  );

const status = z.enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive.' });

/** The eleven switches; a missing one is off, an unknown one is refused. */
const permissions = z
  .strictObject(
    Object.fromEntries(
      PERMISSION_GROUPS.map((g) => [
        g,
        z.boolean({ error: `Permission ${g} must be true or false.` }).default(false),
      ]),
    ) as Record<(typeof PERMISSION_GROUPS)[number], z.ZodDefault<z.ZodBoolean>>,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown permission: ${issue.keys.join(', ')}. Known: ${PERMISSION_GROUPS.join(', ')}.`
          : 'Permissions must be an object of true/false switches.',
    },
  )
  .default(allPermissions(false))
  .transform((p) => p as Permissions);

/** An ISO date (`2026-11-22`) or date-time; a bare date as `to` includes that whole day. */
const isoDate = (label: string, endOfDay: boolean) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: `${label} must be an ISO date such as 2026-11-22.`,
    })
    .transform((v) => {
      const d = new Date(v);
      if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(v)) d.setUTCDate(d.getUTCDate() + 1);
      return d;
    })
    .optional();

export const oneAdmin = answers(z.object({ user: adminDto }));

const adminStatus = z.enum(['Active', 'Inactive', 'All', '']).optional();

const adminSort = z
  .enum(Object.keys(ADMIN_SORTS) as [keyof typeof ADMIN_SORTS], {
    error: `Sort must be one of: ${Object.keys(ADMIN_SORTS).join(', ')}.`,
  })
  .default('createdAt');

/** The audit log's filters; a bare date as `to` includes that whole day. */
const auditFilters = {
  adminId: optionalId('Admin id'),
  resource: optionalId('Resource'),
  from: isoDate('From', false),
  to: isoDate('To', true),
};

const fromBeforeTo = [
  (q: { from?: Date; to?: Date }) => !q.from || !q.to || q.from < q.to,
  { error: 'From must be before To.' },
] as const;

/** GET admin/view-all-users: its query. */
export const viewAllUsersQuery = z.object({
  ...pagingQuery,
  status: adminStatus,
  sort: adminSort,
});

/** GET admin/view-all-users: its answer. */
export const viewAllUsersAnswer = answers(z.object({ users: z.array(adminDto), ...pagingFields }));

/** GET admin/export-admin-users: its query. */
export const exportAdminUsersQuery = z.object({
  ...exportQuery,
  status: adminStatus,
  sort: adminSort,
});

/** GET admin/get-admin-user/:id: its path parameters. */
export const getAdminUserParams = z.object({ id: requiredId('Admin user id') });

/** POST admin/create-admin-user: its body. */
export const createAdminUserBody = z.object({
  name: requiredText('Name', 100),
  email: emailAddress(),
  phone,
  password: newPassword('Password'),
  status: status.default('Active'),
  permissions,
});

/** POST admin/edit-admin-user: its body. */
export const editAdminUserBody = z.object({
  userId: requiredId('User id'),
  name: requiredText('Name', 100),
  email: emailAddress(),
  phone,
  status,
  // Blank means "keep the current password", as the panel leaves it out when empty.
  password: z.preprocess((v) => (v === '' ? undefined : v), newPassword('Password').optional()),
  permissions,
  // Never changed here; accepted only so that a request to change it is refused clearly.
  role: z.enum(['admin', 'super-admin']).optional(),
});

/** GET admin/audit-log: its query. */
export const auditLogQuery = z
  .object({ page: pagingQuery.page, limit: pagingQuery.limit, ...auditFilters })
  .refine(...fromBeforeTo);

/** GET admin/audit-log: its answer. */
export const auditLogAnswer = answers(
  z.object({ entries: z.array(auditEntryDto), ...pagingFields }),
);

/** GET admin/export-audit-log: its query. */
export const exportAuditLogQuery = z.object(auditFilters).refine(...fromBeforeTo);
