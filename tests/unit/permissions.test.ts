import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { buildMenu, locateInMenu, resourceRules } from '@/layout/menuModel';
import { canAccess, GROUP_LABELS, PERMISSION_GROUPS } from '@/providers/permissions';

const rules = resourceRules(resources);
const categories = [
  { id: 'w', name: 'Water', kind: 'water' },
  { id: 't', name: 'Tiffin', kind: 'tiffin' },
];

describe('canAccess', () => {
  it('lets the super-admin do everything, admin users included', () => {
    const su = { role: 'super-admin' as const, permissions: {} };
    expect(canAccess(su, { resource: 'admins', action: 'list' }, rules)).toBe(true);
    expect(canAccess(su, { resource: 'categories', action: 'edit' }, rules)).toBe(true);
  });

  it('grants an admin only the resources of their groups', () => {
    const ordersOnly = { role: 'admin' as const, permissions: { orders: true } };
    expect(canAccess(ordersOnly, { resource: 'orders', action: 'list' }, rules)).toBe(true);
    expect(canAccess(ordersOnly, { resource: 'categories', action: 'list' }, rules)).toBe(false);
    expect(canAccess(ordersOnly, { resource: 'admins', action: 'list' }, rules)).toBe(false);
    // The admin's own account screen is open to all.
    expect(canAccess(ordersOnly, { resource: 'account', action: 'list' }, rules)).toBe(true);
  });

  it('falls back to everything but admin users when permissions could not be loaded', () => {
    const unknown = { role: 'admin' as const, permissions: null };
    expect(canAccess(unknown, { resource: 'categories', action: 'list' }, rules)).toBe(true);
    expect(canAccess(unknown, { resource: 'admins', action: 'list' }, rules)).toBe(false);
    expect(canAccess(undefined, { resource: 'categories' }, rules)).toBe(false);
  });
});

describe('buildMenu', () => {
  it('shows the eleven groups in the spec order to the super-admin, plus Admin Users and the Audit Log', () => {
    const menu = buildMenu(resources, categories, { role: 'super-admin', permissions: {} });
    expect(menu.groups.map((g) => g.label)).toEqual(PERMISSION_GROUPS.map((g) => GROUP_LABELS[g]));
    expect(menu.top.map((l) => l.label)).toEqual(['Admin Users', 'Audit Log']);
  });

  it('shows a limited admin only the groups switched on', () => {
    const menu = buildMenu(resources, categories, {
      role: 'admin',
      permissions: { orders: true, banners: true },
    });
    expect(menu.groups.map((g) => g.id)).toEqual(['orders', 'banners']);
    expect(menu.top).toEqual([]);
  });

  it('shows the full menu (without Admin Users) when permissions failed to load', () => {
    const menu = buildMenu(resources, categories, { role: 'admin', permissions: null });
    expect(menu.groups).toHaveLength(11);
    expect(menu.top).toEqual([]);
  });

  it('generates entries from the categories: jobs and orders per category, pricing except tiffin, banners plus Home Banner', () => {
    const menu = buildMenu(resources, categories, { role: 'super-admin', permissions: {} });
    const links = (id: string) => menu.groups.find((g) => g.id === id)!.links.map((l) => l.to);
    // Dispatch's entries follow the per-service ones.
    expect(links('assigningJobs')).toEqual([
      'assigning-job/water/w/1',
      'assigning-job/tiffin/t/1',
      'riders/1',
      'rider-cash',
    ]);
    expect(links('pricingManagement')).toEqual(['pricing/water/w']);
    expect(links('orders')).toEqual([
      // New order (issue 37) heads the group: taking a caller's order.
      'order/new',
      'orders/1',
      'orders/fresh/1',
      'orders/reorder/1',
      'order/w/1',
      'order/t/1',
      'subscriptions/1',
      // The day roster (issue 35) follows the per-service orders and the subscriptions.
      'roster',
      // Issue 36 follows the roster: dues, low balances, statements, the settlement import.
      'dues/1',
      'low-balance/1',
      'statements',
      'settlements',
      // Issue 38: Reports (sales, GSTR-1, sales register, credit notes).
      'reports',
    ]);
    expect(links('banners')).toEqual(['banners/123456789/1', 'banners/w/1', 'banners/t/1']);
  });
});

describe('the support group (issue 37)', () => {
  it('offers the Help list and the ticket list beside it, to an admin with Support Management', () => {
    const menu = buildMenu(resources, categories, {
      role: 'admin',
      permissions: { supports: true },
    });
    const support = menu.groups.find((g) => g.id === 'supports')!;
    expect(support.links.map((l) => [l.label, l.to])).toEqual([
      ['Help', 'supports/1'],
      ['Tickets', 'support/tickets/1'],
    ]);
    const place = locateInMenu(menu, resources, '/support/tickets/4');
    expect(place.link?.to).toBe('support/tickets/1');
  });
});

describe('locateInMenu: the sidebar place of a page opened by its URL', () => {
  const menu = buildMenu(resources, categories, { role: 'super-admin', permissions: {} });
  const place = (path: string) => {
    const { group, link } = locateInMenu(menu, resources, path);
    return { group, to: link?.to };
  };

  it('finds the entry of a list whatever its page', () => {
    expect(place('/orders/1')).toEqual({ group: 'orders', to: 'orders/1' });
    expect(place('/orders/37')).toEqual({ group: 'orders', to: 'orders/1' });
    expect(place('/orders/fresh/4')).toEqual({ group: 'orders', to: 'orders/fresh/1' });
    expect(place('/assigning-job/water/w/3')).toEqual({
      group: 'assigningJobs',
      to: 'assigning-job/water/w/1',
    });
  });

  it("finds the list entry of a record screen through its resource's routes", () => {
    expect(place('/category/edit/abc')).toEqual({
      group: 'serviceManagement',
      to: 'categories/1',
    });
    expect(place('/rider/run/r1')).toEqual({ group: 'assigningJobs', to: 'riders/1' });
    // Not New Order, the first entry of the orders' resource: a create screen is no list.
    expect(place('/order/view/o1')).toEqual({ group: 'orders', to: 'orders/1' });
  });

  it('finds New order by its own entry', () => {
    expect(place('/order/new')).toEqual({ group: 'orders', to: 'order/new' });
  });

  it('finds nothing for a page outside the menu', () => {
    expect(place('/dashboard')).toEqual({ group: undefined, to: undefined });
  });
});
