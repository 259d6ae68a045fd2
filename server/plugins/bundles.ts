import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import publicPages from '../pages';

/**
 * The landing page at `/`, the admin SPA at `/admin-panel/*` (any deep route), the riders' page
 * at `/rider/*` (issue 40), and their assets.
 * The build wrote `.br` and `.gz` copies of the compressible files (vite.config.ts): they are
 * sent as they are to a client that accepts them (`preCompressed`, with `vary: accept-encoding`),
 * and @fastify/compress leaves an answer that already has a content-encoding alone.
 */
export default async function bundles(app: FastifyInstance, { distDir }: { distDir: string }) {
  // `/` (with the live contact details), /terms and /privacy: rendered, and compressed, per request.
  await app.register(publicPages, { distDir });
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'bundles not built: run `npm run build` to serve the panel');
    return;
  }
  // File names carry a hash of their content, so a file never changes: cached for a year.
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
  });
  // Landing illustrations (Vite copies public/ to dist/).
  if (existsSync(path.join(distDir, 'images'))) {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'images'),
      prefix: '/images/',
      decorateReply: false,
      preCompressed: true,
      maxAge: '7d',
    });
  }
  // The admin shell names the current build's assets: revalidated on every load (its ETag
  // answers 304 while unchanged), so a new build shows at once.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
  const sendAdmin = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  app.get('/admin-panel', sendAdmin);
  app.get('/admin-panel/*', sendAdmin);
  // The riders' page, likewise: a stop's own URL (/rider/stop/<id>) reloads into the page.
  const sendRider = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('rider/index.html', { cacheControl: false });
  app.get('/rider', sendRider);
  app.get('/rider/*', sendRider);
  // Its service worker (public/rider/sw.js): looked for again on every load, and allowed the
  // scope `/rider` (the page itself; a worker under /rider/ may otherwise only have /rider/).
  app.get('/rider/sw.js', (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/rider')
      .sendFile('rider/sw.js', { cacheControl: false }),
  );
}
