import { allPermissions, PERMISSION_GROUPS, type PermissionGroup } from '@shared/permissions';

/** 'assigningJobs' -> 'assigning jobs': the spec's lowercase word labels of the switches. */
export const permissionLabel = (group: PermissionGroup) =>
  group.replace(/([A-Z])/g, ' $1').toLowerCase();

export const PERMISSION_SWITCHES = PERMISSION_GROUPS.map((group) => ({
  group,
  label: permissionLabel(group),
}));

/** 'priya sharma' -> 'Priya Sharma'. */
export const capitalise = (name: unknown) =>
  String(name ?? '').replace(
    /(^|\s)(\p{L})/gu,
    (_m, space: string, ch: string) => space + ch.toUpperCase(),
  );

/** Every switch off: the add form's starting point, as on the server. */
export const allPermissionsOff = () => allPermissions(false);
