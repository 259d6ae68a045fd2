import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '@server/lib/uploads';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestServer, type TestServer } from './helpers';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/**
 * Every answer carries the security headers (server/plugins/securityHeaders.ts): the pages a
 * strict Content-Security-Policy that allows no inline script and no framing, /api and /uploads
 * a policy that loads nothing, and /uploads a sandbox on top. A small stand-in build is enough:
 * the headers do not depend on what the bundles hold (the browser tests run the real build
 * under this policy and fail on any violation).
 */
describe('security headers', () => {
  let distDir: string;
  let s: TestServer;
  let imageUrl: string;
  let polyglotUrl: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'hs-headers-dist-'));
    await mkdir(path.join(distDir, 'landing'), { recursive: true });
    await mkdir(path.join(distDir, 'assets'), { recursive: true });
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Admin</title><div id="root"></div><script type="module" src="/assets/admin-x.js"></script>',
    );
    await writeFile(
      path.join(distDir, 'landing', 'index.html'),
      '<!doctype html><title>Landing</title><script type="module" src="/assets/landing-x.js"></script><a href="mailto:support@example.com">support@example.com</a>',
    );
    await writeFile(path.join(distDir, 'assets', 'admin-x.js'), 'export {};\n');
    s = await createTestServer({ env: { DIST_DIR: distDir } });
    imageUrl = (await storeImage(s.uploads, await s.tinyPng())).url;
    // A valid PNG with an HTML page after its end: it decodes, so the upload check takes it.
    const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
    const polyglot = Buffer.concat([await s.tinyPng({ r: 1, g: 2, b: 3 }), html]);
    polyglotUrl = (await storeImage(s.uploads, polyglot)).url;
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers });

  function expectCommonHeaders(res: Awaited<ReturnType<typeof get>>, url: string) {
    expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    expect(res.headers['x-frame-options'], url).toBe('DENY');
    expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
    expect(csp.get('object-src') ?? csp.get('default-src'), url).toEqual(["'none'"]);
    return csp;
  }

  const PAGES = [
    '/',
    '/terms',
    '/privacy',
    '/admin-panel',
    '/admin-panel/',
    '/admin-panel/login',
    '/admin-panel/category/edit/42',
    '/assets/admin-x.js',
    '/no-such-page',
  ];

  it.each(PAGES)('%s: a strict policy, no framing, nosniff, no referrer', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(url === '/no-such-page' ? 404 : 200);
    const csp = expectCommonHeaders(res, url);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The pages the server writes itself (terms, privacy, 404) hold no inline script either.
    if (/^text\/html/.test(String(res.headers['content-type']))) {
      for (const [tag] of res.body.matchAll(/<script\b[^>]*>/gi)) {
        expect(tag, `${url}: inline script`).toMatch(/\bsrc=/);
      }
      expect(res.body).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('keeps the caching of each kind of answer', async () => {
    expect((await get('/admin-panel/x')).headers['cache-control']).toBe('no-cache');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/admin-x.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(imageUrl)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('/api answers load nothing and cannot be framed or sniffed', async () => {
    for (const [url, status] of [
      ['/api/contact-us/get-contact-us', 200],
      ['/api/category/view-all-categories', 401],
      ['/api/no-such-call', 404],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const csp = expectCommonHeaders(res, url);
      if (status !== 404) expect(csp.get('default-src'), url).toEqual(["'none'"]);
    }
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(login.headers['content-security-policy']).get('default-src')).toEqual([
      "'none'",
    ]);
  });

  it('stores no signed-in /api answer: no-store unless the route set its own caching', async () => {
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().result.token).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe('no-store');
    // Customers' names and phones.
    const customers = await get('/api/user/all-users?status=All', bearer(s.superToken));
    expect(customers.statusCode).toBe(200);
    expect(customers.headers['cache-control']).toBe('no-store');
    // Refusals, errors and public calls alike.
    for (const url of [
      '/api/category/view-all-categories',
      '/api/no-such-call',
      '/api/contact-us/get-contact-us',
      '/api/health',
    ]) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-store');
    }
    // A static asset and an uploaded image keep their year-long caching.
    for (const url of ['/assets/admin-x.js', imageUrl]) {
      expect((await get(url)).headers['cache-control'], url).toBe(
        'public, max-age=31536000, immutable',
      );
    }
  });

  it.each([...PAGES, '/api/contact-us/get-contact-us', '/api/no-such-call', '/api/health'])(
    '%s: a Permissions-Policy that refuses camera, microphone, location, payment',
    async (url) => {
      const policy = new Map(
        String((await get(url)).headers['permissions-policy'])
          .split(',')
          .map((part) => part.trim().split('=') as [string, string]),
      );
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial']) {
        expect(policy.get(feature), `${url}: ${feature}`).toBe('()');
      }
      // The panel's full-screen button.
      expect(policy.get('fullscreen'), url).toBe('(self)');
    },
  );

  it('/uploads sends images with the Permissions-Policy too', async () => {
    expect((await get(imageUrl)).headers['permissions-policy']).toMatch(/\bcamera=\(\)/);
  });

  it('/uploads sends images sandboxed, never sniffed, loading nothing', async () => {
    for (const url of [imageUrl, polyglotUrl]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/png');
      const csp = expectCommonHeaders(res, url);
      expect(csp.get('default-src'), url).toEqual(["'none'"]);
      expect(csp.get('sandbox'), url).toEqual([]);
      expect(csp.has('script-src'), url).toBe(false);
      // Catalogue pictures that the customers' apps may show from another origin.
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
  });
});
