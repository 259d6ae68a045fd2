import {
  GROUP_LABELS,
  isPermissionGroup,
  type AdminRole,
  type PermissionGroup,
  type Permissions,
} from '@shared/permissions';

export { allPermissions, GROUP_LABELS, isPermissionGroup } from '@shared/permissions';

/**
 * Who may call a route: anyone, any signed-in admin, the super-admin only, admins whose
 * permission group is switched on, or admins holding any one of several groups (a product's
 * price is changed from Service Management and from Pricing Management). Every /api route
 * declares one (`config.access`); the auth plugin refuses to register a route without it, so
 * nothing is open by omission.
 */
export type Access =
  | 'public'
  | 'signedIn'
  | 'superAdmin'
  /** A rider's own calls from the rider app (issue 40): a rider's token, never an admin's. */
  | 'rider'
  | PermissionGroup
  | readonly PermissionGroup[];

/** The permission groups an access rule accepts (none for the other rules). */
export function accessGroups(access: Access): readonly PermissionGroup[] {
  if (Array.isArray(access)) return access;
  return isPermissionGroup(access as string) ? [access as PermissionGroup] : [];
}

/** Who may edit a product or an accessory: the catalogue's and the prices' managers. */
export const PRICE_EDITORS: readonly PermissionGroup[] = ['serviceManagement', 'pricingManagement'];

export interface Caller {
  role: AdminRole;
  permissions: Partial<Permissions>;
}

/** The one rule: the super-admin passes everywhere, others need the route's group. */
export function mayCall(caller: Caller, access: Access): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  if (access === 'rider') return false;
  if (caller.role === 'super-admin') return true;
  if (access === 'superAdmin') return false;
  return accessGroups(access).some((group) => caller.permissions[group] === true);
}

export function deniedMessage(access: Access): string {
  if (access === 'superAdmin') return 'Only the super-admin can do this.';
  if (access === 'rider') return 'Only a rider signed in to the rider app can do this.';
  if (access === 'public' || access === 'signedIn') return 'You are not allowed to do this.';
  const labels = accessGroups(access).map((g) => GROUP_LABELS[g]);
  return `You do not have the ${labels.join(' or ')} permission. Ask the super-admin to grant it.`;
}

export function describeAccess(access: Access): string {
  switch (access) {
    case 'public':
      return 'public (no token)';
    case 'signedIn':
      return 'any signed-in admin';
    case 'superAdmin':
      return 'super-admin only';
    case 'rider':
      return 'a signed-in rider (rider app token)';
    default:
      return accessGroups(access)
        .map((g) => `\`${g}\` (${GROUP_LABELS[g]})`)
        .join(' or ');
  }
}
