import { GROUP_LABELS, PERMISSION_GROUPS, type PermissionGroup } from '@shared/permissions';
import { canAccess, type AccessIdentity, type ResourceRules } from '../providers/permissions';
import type { MenuCategory, ResourceDeclaration } from '../providers/resource';

export interface MenuLink {
  label: string;
  to: string;
  resource: string;
}

export interface MenuGroup {
  id: PermissionGroup;
  label: string;
  links: MenuLink[];
}

export interface MenuModel {
  /** Entries outside the groups (Admin Users). */
  top: MenuLink[];
  groups: MenuGroup[];
}

export function resourceRules(resources: ResourceDeclaration[]): ResourceRules {
  return Object.fromEntries(
    resources.map((r) => [r.name, { group: r.group, superAdminOnly: r.superAdminOnly }]),
  );
}

/**
 * The sidebar, as data: the eleven groups in the spec's order, each shown only when the admin
 * holds its permission (all of them for the super-admin, or when permissions failed to load),
 * with the entries the resources declare, some generated from the categories.
 */
export function buildMenu(
  resources: ResourceDeclaration[],
  categories: MenuCategory[],
  identity: AccessIdentity,
): MenuModel {
  const rules = resourceRules(resources);
  const top: MenuLink[] = [];
  const byGroup = new Map<PermissionGroup, MenuLink[]>();
  for (const resource of resources) {
    if (
      !resource.menu ||
      !canAccess(identity, { resource: resource.name, action: 'list' }, rules)
    ) {
      continue;
    }
    const entries = typeof resource.menu === 'function' ? resource.menu(categories) : resource.menu;
    for (const entry of entries) {
      const link = { label: entry.label, to: entry.to, resource: resource.name };
      const group = entry.group ?? resource.group;
      if (!group) top.push(link);
      else byGroup.set(group, [...(byGroup.get(group) ?? []), link]);
    }
  }
  const groupVisible = (g: PermissionGroup) =>
    identity.role === 'super-admin' ||
    identity.permissions === null ||
    identity.permissions[g] === true;
  const groups = PERMISSION_GROUPS.filter((g) => groupVisible(g) && byGroup.has(g)).map((g) => ({
    id: g,
    label: GROUP_LABELS[g],
    links: byGroup.get(g)!,
  }));
  return { top, groups };
}
