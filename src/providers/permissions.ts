/** The eleven permission groups, in the sidebar's order (spec 000 section 6). */
export const PERMISSION_GROUPS = [
  'userManagement',
  'assigningJobs',
  'serviceManagement',
  'pricingManagement',
  'orders',
  'return',
  'banners',
  'tiffinPlan',
  'supports',
  'others',
  'settings',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];
export type Permissions = Record<PermissionGroup, boolean>;

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

/**
 * What the panel knows of the signed-in admin. `permissions` is null when they could not be
 * loaded: the spec then shows the full menu (the server still refuses what is not allowed).
 */
export interface AccessIdentity {
  role: 'admin' | 'super-admin';
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
