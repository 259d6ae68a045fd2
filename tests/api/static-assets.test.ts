import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers';

/**
 * The panel's files as a browser gets them: the real build (vite.config.ts, into a directory of
 * its own) served by the real server. Assets go out as the build compressed them, cached for a
 * year under their hashed names; the admin shell and the riders' page are revalidated on every
 * load.
 */
describe('the built panel, served', () => {
  let distDir: string;
  let s: TestServer;
  /** The largest script of the admin entry's static imports: the chunk the login page waits on. */
  let script: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'hs-dist-'));
    await promisify(execFile)(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir, '--logLevel', 'warn'],
      { env: { ...process.env, NODE_ENV: 'production' } },
    );
    const manifest = JSON.parse(
      await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const files = [
      manifest['index.html']!.file,
      ...(manifest['index.html']!.imports ?? []).map((key) => manifest[key]!.file),
    ];
    const sizes = await Promise.all(
      files.map(async (file) => (await readFile(path.join(distDir, file))).length),
    );
    script = files[sizes.indexOf(Math.max(...sizes))]!;
    s = await createTestServer({ env: { DIST_DIR: distDir } });
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers });

  it('writes brotli and gzip copies of the scripts and styles', async () => {
    const assets = await readdir(path.join(distDir, 'assets'));
    const scripts = assets.filter((name) => /\.(js|css)$/.test(name));
    expect(scripts.length).toBeGreaterThan(10);
    for (const name of scripts) {
      const original = await readFile(path.join(distDir, 'assets', name));
      if (original.length < 1024) continue;
      const br = await readFile(path.join(distDir, 'assets', `${name}.br`));
      const gz = await readFile(path.join(distDir, 'assets', `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
    }
  });

  it('sends a script as the build compressed it, cached for a year', async () => {
    const original = await readFile(path.join(distDir, script));
    const br = await get(`/${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(await readFile(path.join(distDir, `${script}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get(`/${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.rawPayload.equals(await readFile(path.join(distDir, `${script}.gz`)))).toBe(true);

    // A client that takes no compression gets the file itself.
    const plain = await get(`/${script}`, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('sends the admin shell at any panel route, revalidated on every load', async () => {
    const html = await readFile(path.join(distDir, 'index.html'));
    for (const url of ['/admin-panel', '/admin-panel/x', '/admin-panel/category/edit/42']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).equals(html)).toBe(true);
    }
    const first = await get('/admin-panel/x', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(first.rawPayload).toString()).toContain(`/${script}`);
    // Unchanged since the last load: the browser keeps its copy.
    const again = await get('/admin-panel/x', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it("sends the riders' page at /rider and its deep routes, small and revalidated", async () => {
    const html = await readFile(path.join(distDir, 'rider', 'index.html'));
    for (const url of ['/rider', '/rider/stop/01a225b8-2bcd-705e-bbbe-0824a35159c3']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).equals(html)).toBe(true);
    }
    // Issue 40: React, node-polyglot and the page itself, never the panel's libraries; at most
    // 120 KB of JS gzip.
    const scripts = [...html.toString().matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((file) => /\/(vendor|panel|axiosClient)-/.test(file))).toEqual([]);
    let gzipBytes = 0;
    for (const file of scripts) {
      gzipBytes += gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length;
    }
    expect(gzipBytes).toBeLessThan(120_000);
  });

  it("sends the riders' page's service worker, revalidated, allowed the page's scope", async () => {
    const res = await get('/rider/sw.js', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/rider');
    expect(res.body).toBe(await readFile(path.join(distDir, 'rider', 'sw.js'), 'utf8'));
  });

  it('answers 404 for an asset that is not there', async () => {
    const res = await get('/assets/no-such-chunk.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
  });

  it('still compresses the landing page, rendered per request', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toMatch(/^<!doctype html>/i);
  });
});
