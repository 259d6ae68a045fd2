import { matchPath } from 'react-router-dom';
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

/** Where a page sits in the sidebar: its group, and the entry to highlight when it has one. */
export interface MenuPlace {
  group?: PermissionGroup;
  link?: MenuLink;
}

/** A menu route without its page number: `orders/3` and `orders/1` are the same list. */
const withoutPage = (path: string) => path.replace(/^\/+|\/+$/g, '').replace(/\/\d+$/, '');

/**
 * The sidebar entry of the page at `pathname` (relative to /admin-panel), so that a page opened
 * by its URL opens its group and highlights its entry: the entry whose route, page number
 * aside, is the page's or a prefix of it (`orders/fresh/3`, `assigning-job/water/<id>/2`);
 * otherwise, for a record screen (`category/edit/<id>`), the first entry of the resource whose
 * route it is, or at least that resource's group.
 */
export function locateInMenu(
  menu: MenuModel,
  resources: ResourceDeclaration[],
  pathname: string,
): MenuPlace {
  const here = withoutPage(pathname);
  const entries = [
    ...menu.top.map((link) => ({ link, group: undefined })),
    ...menu.groups.flatMap((g) => g.links.map((link) => ({ link, group: g.id }))),
  ];
  const byPrefix = entries
    .filter(({ link }) => {
      const base = withoutPage(link.to);
      return here === base || here.startsWith(`${base}/`);
    })
    .sort((a, b) => withoutPage(b.link.to).length - withoutPage(a.link.to).length)[0];
  if (byPrefix) return byPrefix;

  const owner = resources.find((r) =>
    r.routes.some((route) => matchPath({ path: route.path, end: true }, `/${here}`)),
  );
  if (!owner) return {};
  // The owner's first list entry: a record's page is not "in" a create screen's entry (New Order).
  const creates = owner.routes.filter((route) => route.action === 'create');
  const first = entries.find(
    ({ link }) =>
      link.resource === owner.name &&
      !creates.some((route) => matchPath({ path: route.path, end: true }, `/${link.to}`)),
  );
  return first ?? { group: owner.group };
}
