import type { AdminRole, PermissionGroup, Permissions } from '@shared/permissions';

// The groups and their labels are the server's too: defined once in shared/permissions.ts.
export {
  GROUP_LABELS,
  PERMISSION_GROUPS,
  type PermissionGroup,
  type Permissions,
} from '@shared/permissions';

/**
 * What the panel knows of the signed-in admin. `permissions` is null when they could not be
 * loaded: the spec then shows the full menu (the server still refuses what is not allowed).
 */
export interface AccessIdentity {
  role: AdminRole;
  permissions: Partial<Permissions> | null;
}

/** Resource name -> what it needs. Filled from the resource declarations. */
export type ResourceRules = Record<string, { group?: PermissionGroup; superAdminOnly?: boolean }>;

/**
 * The one permission rule of the panel, pure so that tests call it directly. The menu, the
 * routes and the buttons all ask it.
 */
export function canAccess(
  identity: AccessIdentity | undefined,
  target: { resource: string; action?: string },
  rules: ResourceRules,
): boolean {
  if (!identity) return false;
  if (identity.role === 'super-admin') return true;
  const rule = rules[target.resource];
  if (!rule) return true; // dashboard and screens every admin has
  if (rule.superAdminOnly) return false;
  if (!rule.group || identity.permissions === null) return true;
  return identity.permissions[rule.group] === true;
}
