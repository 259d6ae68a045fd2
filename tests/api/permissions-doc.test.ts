import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, type PermissionGroup } from '@server/db/schema';
import type { RouteAccess } from '@server/plugins/auth';
import { renderPermissionsDoc } from '@server/permissions-doc';
import { accessGroups, allPermissions, deniedMessage, GROUP_LABELS } from '@server/permissions';
import { bearer, createTestServer, type TestAdmin } from './helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// The route list is needed to name the tests, so the server is built while collecting them.
const server = await createTestServer();
afterAll(() => server.close());
const routes = server.app.routeAccess;

const noGroups = await server.createAdmin({ permissions: allPermissions(false) });
const everyGroup = await server.createAdmin({ permissions: allPermissions(true) });
const onlyGroup = {} as Record<PermissionGroup, TestAdmin>;
for (const group of PERMISSION_GROUPS) {
  onlyGroup[group] = await server.createAdmin({ permissions: { [group]: true } });
}

/** Signing out ends the session it is called with: it gets a session of its own. */
async function sessionFor(route: RouteAccess, token: string | undefined) {
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
      const known = ['public', 'signedIn', 'superAdmin'].includes(route.access as string);
      expect(known || accessGroups(route.access).length > 0, `${route.url}: ${route.access}`).toBe(
        true,
      );
    }
  });
});

describe.each(routes.map((r) => [`${r.method} ${r.url} (${r.access})`, r] as const))(
  'authorization of %s',
  (_name, route) => {
    const { access } = route;

    if (access === 'public') {
      it('needs no token', async () => {
        const res = await call(route);
        expect([401, 403]).not.toContain(res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      });
      return;
    }

    it('answers 401 without a token', async () => {
      expect(await expectDenied(route, undefined, 401)).toEqual({
        statusCode: 401,
        message: 'Please sign in to continue.',
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
  },
);
