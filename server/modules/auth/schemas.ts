import { z } from 'zod';
import { PERMISSION_GROUPS, type AdminRole, type PermissionGroup } from '../../db/schema';
import { recordStatus, timestamp } from '../../lib/responses';

/** An admin's role (AdminRole). */
export const adminRole = z.enum(['admin', 'super-admin'] as const satisfies readonly AdminRole[]);

/** The eleven permission switches, every one present (the super-admin's all true). */
export const permissionsDto = z.object(
  Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, z.boolean()])) as Record<
    PermissionGroup,
    z.ZodBoolean
  >,
);

/**
 * An admin as the panel reads it (toAdminDto): no password hash; `address` is '' when none was
 * saved.
 */
export const adminDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: adminRole,
  status: recordStatus,
  address: z.string(),
  permissions: permissionsDto,
  createdAt: timestamp,
  updatedAt: timestamp,
});
