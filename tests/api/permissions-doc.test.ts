import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, type PermissionGroup } from '@server/db/schema';
import type { RouteAccess } from '@server/plugins/auth';
import { renderPermissionsDoc } from '@server/permissions-doc';
import {
  type Access,
  accessGroups,
  allPermissions,
  deniedMessage,
  GROUP_LABELS,
} from '@server/permissions';
import { bearer, createTestServer, type TestAdmin } from './helpers';
import { createRider } from './riderFixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// The route list is needed to name the tests, so the server is built while collecting them.
const server = await createTestServer();
afterAll(() => server.close());
const routes = server.app.routeAccess;

/**
 * Who may call each route, written here by hand from the spec and docs/permissions.md rather than
 * read from the routes' own `config.access`: a route whose declared group changes fails below
 * instead of being checked against its new declaration. A new route needs a line here.
 */
const EXPECTED_ACCESS: Record<string, Access> = {
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/admin/login': 'public',
  'POST /api/admin/forgot-password': 'public',
  'POST /api/admin/verify-otp': 'public',
  'POST /api/admin/reset-password': 'public',
  'POST /api/admin/change-password': 'signedIn',
  'POST /api/admin/logout': 'signedIn',
  'GET /api/admin/get-user-data': 'signedIn',
  'GET /api/admin/view-all-users': 'superAdmin',
  'GET /api/admin/export-admin-users': 'superAdmin',
  'GET /api/admin/get-admin-user/:id': 'superAdmin',
  'POST /api/admin/create-admin-user': 'superAdmin',
  'POST /api/admin/edit-admin-user': 'superAdmin',
  'GET /api/admin/audit-log': 'superAdmin',
  'GET /api/admin/export-audit-log': 'superAdmin',
  'GET /api/user/all-users': ['userManagement', 'orders'],
  'GET /api/user/export-users': 'userManagement',
  'GET /api/admin/get-users': 'userManagement',
  'GET /api/user/get-user/:id': ['userManagement', 'orders'],
  'POST /api/user/update-user-status': 'userManagement',
  'POST /api/user/bulk-update-status': 'userManagement',
  'POST /api/user/update-user': 'userManagement',
  // Issue 37: a customer's internal notes.
  'GET /api/user/notes/:id': 'userManagement',
  'POST /api/user/add-note': 'userManagement',
  // Issue 37: New order.
  'POST /api/user/add-user': ['userManagement', 'orders'],
  'GET /api/category/view-all-categories': 'signedIn',
  'GET /api/category/export-categories': 'signedIn',
  'GET /api/category/get-category/:id': 'signedIn',
  'POST /api/category/create-category': 'serviceManagement',
  'POST /api/category/edit-category': 'serviceManagement',
  'GET /api/subCategory/by-categoryId/:categoryId': 'signedIn',
  'GET /api/subCategory/get-subCategory/:id': 'signedIn',
  'POST /api/subCategory/create-subCategory': 'serviceManagement',
  'POST /api/subCategory/edit-subCategory': 'serviceManagement',
  'POST /api/subCategory/delete-subCategory': 'serviceManagement',
  'GET /api/product/by-category': 'signedIn',
  'GET /api/product/get-product/:id': 'signedIn',
  'POST /api/product/create-product': 'serviceManagement',
  'POST /api/product/edit-product': ['serviceManagement', 'pricingManagement'],
  'POST /api/product/delete-product': 'serviceManagement',
  'POST /api/accessory/get-accessories-by-category': 'signedIn',
  'GET /api/accessory/get-accessory/:id': 'signedIn',
  'POST /api/accessory/create': 'serviceManagement',
  'POST /api/accessory/edit-accessory': ['serviceManagement', 'pricingManagement'],
  'POST /api/accessory/delete-accessory': 'serviceManagement',
  'GET /api/banner/by-category/:id': 'banners',
  'GET /api/banner/export-banners/:id': 'banners',
  'GET /api/banner/get-banner/:id': 'banners',
  'POST /api/banner/create-banner': 'banners',
  'POST /api/banner/edit-banner': 'banners',
  'POST /api/banner/delete-banner': 'banners',
  'GET /api/pincode/get-paginated-pincodes': 'signedIn',
  'GET /api/pincode/export-pincodes': 'signedIn',
  'GET /api/pincode/get-pincode/:id': 'signedIn',
  'POST /api/pincode/add': 'others',
  'POST /api/pincode/edit-pincode/:id': 'others',
  'POST /api/pincode/delete-pincode/:id': 'others',
  'GET /api/plan/get-all-plans': 'signedIn',
  'GET /api/plan/export-plans': 'signedIn',
  'GET /api/plan/get-plan/:id': 'signedIn',
  'POST /api/plan/create-plan': 'tiffinPlan',
  'POST /api/plan/update-plan': 'tiffinPlan',
  'POST /api/plan/delete-plan/:id': 'tiffinPlan',
  'GET /api/delivery-charge/get-delivery-charge': 'signedIn',
  'POST /api/delivery-charge/save': 'others',
  'GET /api/delivery-time/get-delivery-time': 'signedIn',
  'POST /api/delivery-time/save': 'others',
  'GET /api/order/view-all-orders': 'orders',
  'GET /api/order/orders-by-serviceId': 'orders',
  'GET /api/order/by-type': 'orders',
  'GET /api/order/export-orders': 'orders',
  'GET /api/order/get-order/:id': ['orders', 'assigningJobs'],
  'POST /api/order/update-status': ['orders', 'assigningJobs'],
  'POST /api/order/bulk-update-status': ['orders', 'assigningJobs'],
  'GET /api/order/assign-jobs/:serviceId': 'assigningJobs',
  'GET /api/order/job-slots/:serviceId': 'assigningJobs',
  'GET /api/order/export-jobs/:serviceId': 'assigningJobs',
  'GET /api/order/job-sheet/:serviceId': 'assigningJobs',
  'POST /api/order/assign-rider': 'assigningJobs',
  'POST /api/order/auto-assign/:serviceId': 'assigningJobs',
  'POST /api/order/place-order': 'orders',
  'POST /api/order/price-preview': 'orders',
  'GET /api/order/get-customer-orders': 'orders',
  // Issue 35: subscriptions.
  'POST /api/subscription/create': 'orders',
  'POST /api/subscription/edit': 'orders',
  'GET /api/subscription/get-all-subscriptions': 'orders',
  'GET /api/subscription/export-subscriptions': 'orders',
  'GET /api/subscription/get-subscription/:id': 'orders',
  'POST /api/subscription/pause': 'orders',
  'POST /api/subscription/resume': 'orders',
  'POST /api/subscription/skip': 'orders',
  'POST /api/subscription/unskip': 'orders',
  'POST /api/subscription/cancel-day-order': 'orders',
  'GET /api/subscription/calendar/:id': 'orders',
  // Issue 36: settlement files.
  'POST /api/account/import-settlement': 'orders',
  'GET /api/account/settlement-imports': 'orders',
  'GET /api/account/settlement-lines': 'orders',
  'POST /api/account/assign-settlement-line': 'orders',
  // Issue 36: accounts, the ledger.
  'GET /api/account/get-account/:userId': ['orders', 'userManagement'],
  'POST /api/account/record-payment': 'orders',
  'POST /api/account/refund': 'orders',
  'POST /api/account/refund-deposit': 'orders',
  'POST /api/account/charge-deposit': 'orders',
  'POST /api/account/adjust': 'orders',
  'POST /api/account/set-billing-mode': 'orders',
  'GET /api/account/export-ledger/:userId': ['orders', 'userManagement'],
  // Issue 36: accounts, dues and low balance.
  'GET /api/account/dues': 'orders',
  'GET /api/account/export-dues': 'orders',
  'GET /api/account/low-balance': 'orders',
  'GET /api/account/summary': 'orders',
  'GET /api/account/get-settings': ['orders', 'settings'],
  'POST /api/account/update-settings': 'settings',
  // Issue 36: monthly statements.
  'GET /api/account/statement/:userId': 'orders',
  'GET /api/account/statements': 'orders',
  'GET /api/account/get-statements': 'orders',
  // Issue 38: sales reports and the sales register.
  'GET /api/report/sales': 'orders',
  'GET /api/report/export-sales': 'orders',
  'GET /api/report/export-sales-register': 'orders',
  // Issue 40: the emergencies report and its CSV.
  'GET /api/report/emergencies': 'orders',
  'GET /api/report/export-emergencies': 'orders',
  'GET /api/rider/get-riders': 'assigningJobs',
  'GET /api/rider/get-rider/:id': 'assigningJobs',
  'POST /api/rider/create-rider': 'assigningJobs',
  'POST /api/rider/edit-rider': 'assigningJobs',
  'POST /api/rider/delete-rider/:id': 'assigningJobs',
  'GET /api/rider/run/:riderId': 'assigningJobs',
  'GET /api/rider/cash': 'assigningJobs',
  'POST /api/rider/settle-cash': 'assigningJobs',
  // Issue 40: the rider app, and an admin's side of its sign-in.
  'POST /api/rider-app/login': 'public',
  'POST /api/rider-app/logout': 'rider',
  'GET /api/rider-app/today': 'rider',
  'POST /api/rider-app/deliver': 'rider',
  'POST /api/rider-app/not-delivered': 'rider',
  'POST /api/rider-app/proof': 'rider',
  'POST /api/rider/set-pin': 'assigningJobs',
  'GET /api/rider/devices/:riderId': 'assigningJobs',
  'POST /api/rider/sign-out-devices': 'assigningJobs',
  'GET /api/rider/dispatch-summary': 'assigningJobs',
  'GET /api/rider/run-sheet/:riderId': 'assigningJobs',
  'GET /api/live/events': 'signedIn',
  // Issue 40: what the panel's "running late" alert counts from.
  'GET /api/live/open-emergencies': ['orders', 'assigningJobs'],
  'GET /api/return-history/get-all-return-requests': 'return',
  'GET /api/return-history/export-return-requests': 'return',
  'GET /api/return-history/get-return-request/:id': 'return',
  'POST /api/return-history/update-return-request-status': 'return',
  'POST /api/return-history/bulk-update-status': 'return',
  'GET /api/returnable/ledger/:userId': ['return', 'userManagement'],
  'GET /api/returnable/outstanding': 'return',
  'GET /api/returnable/export-outstanding': 'return',
  'POST /api/returnable/adjust': 'return',
  'GET /api/returnable/stock': 'return',
  'POST /api/returnable/refill': 'return',
  'POST /api/returnable/receive': 'return',
  'GET /api/returnable/summary': 'return',
  'GET /api/settings/get-business': 'settings',
  'POST /api/settings/save-business': 'settings',
  'GET /api/order/invoice/:orderId': 'orders',
  'GET /api/order/invoices': 'orders',
  // Issue 38: GSTR-1 for a month.
  'GET /api/gst/gstr1': 'orders',
  'GET /api/gst/gstr1-summary': 'orders',
  'GET /api/order/credit-note/:creditNoteId': 'orders',
  'GET /api/order/credit-notes': 'orders',
  'POST /api/order/add-credit-note': 'orders',
  'GET /api/support/get-all-supports': 'supports',
  'GET /api/support/export-supports': 'supports',
  'GET /api/support/get-all-supports-for-user': 'supports',
  'GET /api/support/get-support/:id': 'supports',
  'POST /api/support/make-resolve': 'supports',
  'GET /api/support/tickets': 'supports',
  'GET /api/support/export-tickets': 'supports',
  'POST /api/support/reopen-support': 'supports',
  'GET /api/terms-conditions/get-terms': 'signedIn',
  'POST /api/terms-conditions/create-terms': 'settings',
  'GET /api/contact-us/get-contact-us': 'public',
  'POST /api/contact-us/create-contact-us': 'settings',
  'POST /api/content/preview': 'settings',
  'GET /api/e-comm/admin-get-all-products': 'others',
  'GET /api/roster/get-roster': 'orders',
  'GET /api/roster/export-roster': 'orders',
  'POST /api/roster/generate': 'superAdmin',
  'GET /api/roster/runs': 'orders',
  'GET /api/roster/get-settings': 'settings',
  'POST /api/roster/update-settings': 'settings',
  'GET /api/holiday/get-holidays': 'settings',
  'POST /api/holiday/add': 'settings',
  'POST /api/holiday/delete/:id': 'settings',
  'GET /api/admin/dashboard-data': 'signedIn',
  'GET /api/order/get-orders-by-filter': 'signedIn',
};

/** The hand-written table as routes, in its order. */
const expectedRoutes: RouteAccess[] = Object.entries(EXPECTED_ACCESS).map(([key, access]) => {
  const [method, url] = key.split(' ') as [string, string];
  return { method, url, access };
});

const noGroups = await server.createAdmin({ permissions: allPermissions(false) });
const everyGroup = await server.createAdmin({ permissions: allPermissions(true) });
const onlyGroup = {} as Record<PermissionGroup, TestAdmin>;
for (const group of PERMISSION_GROUPS) {
  onlyGroup[group] = await server.createAdmin({ permissions: { [group]: true } });
}

/** A rider signed in to the rider app (issue 40): their token reaches their calls only. */
const rider = await createRider(server);
const riderToken = await (async () => {
  const pin = '4826';
  await server.app.inject({
    method: 'POST',
    url: '/api/rider/set-pin',
    headers: bearer(server.superToken),
    payload: { riderId: rider._id, pin },
  });
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/rider-app/login',
    payload: { phone: rider.phone, pin },
  });
  return (res.json() as { result: { token: string } }).result.token;
})();

/** Signing out ends the session it is called with: it gets a session of its own. */
async function sessionFor(route: RouteAccess, token: string | undefined) {
  if (route.url === '/api/rider-app/logout' && token === riderToken) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/rider-app/login',
      payload: { phone: rider.phone, pin: '4826' },
    });
    return (res.json() as { result: { token: string } }).result.token;
  }
  if (route.url !== '/api/admin/logout' || !token) return token;
  const session = await server.app.sessions.verify(token);
  return session ? server.app.sessions.sign(session) : token;
}

/** Calls that answer a stream that never ends (live events): read the status, then hang up. */
const STREAMED = new Set(['/api/live/events']);

/** Calls a route as the permission check sees it: path parameters filled, an empty JSON body. */
async function call(route: RouteAccess, token?: string) {
  const session = await sessionFor(route, token);
  if (session && STREAMED.has(route.url)) {
    const res = await server.app.inject({
      method: 'GET',
      url: route.url,
      headers: bearer(session),
      payloadAsStream: true,
    });
    res.stream().destroy();
    return {
      statusCode: res.statusCode,
      body: `(a ${String(res.headers['content-type'])} stream)`,
      json: (): unknown => ({}),
    };
  }
  return server.app.inject({
    method: route.method as 'GET' | 'POST',
    url: route.url.replace(/:(\w+)/g, 'unknown-$1'),
    headers: session ? bearer(session) : {},
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
}

/** 400 (the empty body), 404 (the made-up id) or 200 all mean the permission check was passed. */
async function expectPassed(route: RouteAccess, token: string, who: string) {
  const res = await call(route, token);
  expect([401, 403], `${who}: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
  expect(res.statusCode, `${who}: ${res.body}`).toBeLessThan(500);
}

async function expectDenied(route: RouteAccess, token: string | undefined, status: 401 | 403) {
  const res = await call(route, token);
  expect(res.statusCode, res.body).toBe(status);
  // Banner and support calls spell the code `statuscode`; the plan update adds `success: false`.
  const {
    statuscode,
    statusCode,
    success: _success,
    ...rest
  } = res.json() as Record<string, unknown>;
  return { statusCode: statusCode ?? statuscode, ...rest } as {
    statusCode: number;
    message: string;
  };
}

it('runs on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite', () => {
  expect(server.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
});

describe('docs/permissions.md', () => {
  it('is the text generated from the routes the server registers (npm run docs:permissions)', async () => {
    const committed = await readFile(path.join(root, 'docs', 'permissions.md'), 'utf8');
    expect(committed).toBe(renderPermissionsDoc(routes));
  });

  it('lists every route and every group with its menu label', () => {
    const doc = renderPermissionsDoc(routes);
    for (const route of routes) expect(doc).toContain(`| ${route.method} | \`${route.url}\` |`);
    for (const group of PERMISSION_GROUPS) {
      expect(doc).toContain(`| \`${group}\` | ${GROUP_LABELS[group]} |`);
    }
    expect(PERMISSION_GROUPS).toHaveLength(11);
  });

  it('covers only /api routes, each with a known access rule', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(route.url).toMatch(/^\/api\//);
      const known = ['public', 'signedIn', 'superAdmin', 'rider'].includes(route.access as string);
      expect(known || accessGroups(route.access).length > 0, `${route.url}: ${route.access}`).toBe(
        true,
      );
    }
  });
});

describe('the hand-written access table', () => {
  it('names every route the server registers, and no other', () => {
    const registered = routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(EXPECTED_ACCESS).sort());
  });

  it("agrees with each route's declared access", () => {
    const declared = Object.fromEntries(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(declared).toEqual(EXPECTED_ACCESS);
  });
});

// Each route is called as the hand-written table says it should answer, not as it declares.
describe.each(
  expectedRoutes.map((r) => [`${r.method} ${r.url} (${String(r.access)})`, r] as const),
)('authorization of %s', (_name, route) => {
  const { access } = route;

  if (access === 'public') {
    it('needs no token', async () => {
      const res = await call(route);
      expect([401, 403]).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    });
    return;
  }

  if (access === 'rider') {
    it('answers 401 without a token, and to an admin, even the super-admin', async () => {
      for (const token of [undefined, server.superToken, everyGroup.token]) {
        const body = await expectDenied(route, token, 401);
        expect(body).toEqual({
          statusCode: 401,
          message: 'Your session has ended. Sign in again.',
        });
      }
    });

    it('lets a signed-in rider through', async () => {
      await expectPassed(route, riderToken, 'rider');
    });
    return;
  }

  it('answers 401 without a token', async () => {
    expect(await expectDenied(route, undefined, 401)).toEqual({
      statusCode: 401,
      message: 'Please sign in to continue.',
    });
  });

  it("answers 401 to a rider's token", async () => {
    if (STREAMED.has(route.url)) {
      expect((await call(route, riderToken)).statusCode).toBe(401);
      return;
    }
    expect(await expectDenied(route, riderToken, 401)).toEqual({
      statusCode: 401,
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('lets the super-admin through', async () => {
    await expectPassed(route, server.superToken, 'super-admin');
  });

  if (access === 'signedIn') {
    it('lets an admin with no group through', async () => {
      await expectPassed(route, noGroups.token, 'admin without groups');
    });
  } else if (access === 'superAdmin') {
    it('answers 403 to admins, even one with every group', async () => {
      for (const admin of [noGroups, everyGroup]) {
        const body = await expectDenied(route, admin.token, 403);
        expect(body).toEqual({ statusCode: 403, message: deniedMessage('superAdmin') });
      }
    });
  } else {
    const groups = accessGroups(access);
    const labels = groups.map((g) => GROUP_LABELS[g]).join(' or ');
    it(`answers 403 naming ${labels} to an admin without ${groups.length > 1 ? 'any of them' : 'it'}`, async () => {
      const withoutThem = await server.createAdmin({
        permissions: {
          ...allPermissions(true),
          ...Object.fromEntries(groups.map((g) => [g, false])),
        },
      });
      for (const admin of [noGroups, withoutThem]) {
        const body = await expectDenied(route, admin.token, 403);
        expect(body).toEqual({ statusCode: 403, message: deniedMessage(access) });
        for (const group of groups) expect(body.message).toContain(GROUP_LABELS[group]);
      }
    });

    for (const group of groups) {
      it(`lets an admin with only ${GROUP_LABELS[group]} through`, async () => {
        await expectPassed(route, onlyGroup[group].token, `admin with only ${group}`);
      });
    }
  }
});
