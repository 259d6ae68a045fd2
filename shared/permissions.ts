// Facts about admins' permissions that the server, the panel and the docs share. Plain
// TypeScript: no DOM, no Node, no React (shared/ compiles under both tsconfig.web.json and
// tsconfig.node.json).

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

/** The groups' names as the sidebar and the server's messages show them. */
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

export type AdminRole = 'admin' | 'super-admin';

export function isPermissionGroup(value: string): value is PermissionGroup {
  return (PERMISSION_GROUPS as readonly string[]).includes(value);
}

/** Every group switched on (or off). */
export function allPermissions(value: boolean): Permissions {
  return Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, value])) as Permissions;
}
