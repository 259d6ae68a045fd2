import {
  PERMISSION_GROUPS,
  type AdminRole,
  type PermissionGroup,
  type Permissions,
} from './db/schema';

/**
 * Who may call a route: anyone, any signed-in admin, the super-admin only, or admins whose
 * permission group is switched on. Every /api route declares one (`config.access`); the auth
 * plugin refuses to register a route without it, so nothing is open by omission.
 */
export type Access = 'public' | 'signedIn' | 'superAdmin' | PermissionGroup;

export const GROUP_LABELS: Record<PermissionGroup, string> = {
  userManagement: 'User Management',
  assigningJobs: 'Assigning Jobs',
  serviceManagement: 'Service Management',
  pricingManagement: 'Pricing Management',
  orders: 'Orders Management',
  return: 'Return Management',
  banners: 'Banners Management',
  tiffinPlan: 'Plans',
  supports: 'Support Management',
  others: 'Others',
  settings: 'Settings',
};

export interface Caller {
  role: AdminRole;
  permissions: Partial<Permissions>;
}

/** The one rule: the super-admin passes everywhere, others need the route's group. */
export function mayCall(caller: Caller, access: Access): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  if (caller.role === 'super-admin') return true;
  if (access === 'superAdmin') return false;
  return caller.permissions[access] === true;
}

export function deniedMessage(access: Access): string {
  if (access === 'superAdmin') return 'Only the super-admin can do this.';
  if (access === 'public' || access === 'signedIn') return 'You are not allowed to do this.';
  return `You do not have the ${GROUP_LABELS[access]} permission. Ask the super-admin to grant it.`;
}

export function isPermissionGroup(value: string): value is PermissionGroup {
  return (PERMISSION_GROUPS as readonly string[]).includes(value);
}

export function allPermissions(value: boolean): Permissions {
  return Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, value])) as Permissions;
}

export function describeAccess(access: Access): string {
  switch (access) {
    case 'public':
      return 'public (no token)';
    case 'signedIn':
      return 'any signed-in admin';
    case 'superAdmin':
      return 'super-admin only';
    default:
      return `\`${access}\` (${GROUP_LABELS[access]})`;
  }
}
