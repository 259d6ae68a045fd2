import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import { UPLOADS_URL_PREFIX } from '../lib/uploads';
import { API_DOCS_PREFIX } from './openapi';

/**
 * The pages' policy: `/`, /terms, /privacy, the panel at /admin-panel/*, their assets and the
 * HTML 404. Every script is a file of the build (no inline script, no eval), so script-src is
 * 'self' alone. docs/security.md says what each header is for.
 */
const PAGE_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // MUI's emotion writes <style> elements at run time, rich texts keep `style="text-align:..."`
  // (server/lib/richText.ts) and the legal pages carry their own <style>. A nonce cannot reach
  // emotion from a prebuilt, precompressed index.html, so inline styles are allowed; styles
  // cannot run script, and script-src stays strict.
  'style-src': ["'self'", "'unsafe-inline'"],
  // blob: the panel's preview of a picked image (URL.createObjectURL); data: the panel's empty
  // favicon (`data:,` in index.html). Uploaded images are same-origin (/uploads/...).
  'img-src': ["'self'", 'data:', 'blob:'],
  // System fonts only: no web fonts are loaded.
  'font-src': ["'self'"],
  // The panel calls the API on its own origin.
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // No upgrade-insecure-requests: the server may be reached over plain HTTP on a LAN address,
  // where upgrading its own assets to https would break the page. HTTPS is the proxy's job, and
  // Strict-Transport-Security below holds a browser to it once it has come over HTTPS.
};

/**
 * Answers that are never a page to render: JSON and files from /api, uploaded images. Nothing
 * may load from them. Uploads are sandboxed on top (below): an image opened on its own, or one
 * carrying HTML should a check ever miss it, gets a unique origin, with no script, no forms and
 * no access to the panel's storage.
 */
const LOCKED_POLICY = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const UPLOADS_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    // 'unsafe-inline' styles: the browser's own viewer of an image opened on its own styles it
    // inline (Chromium reports a violation otherwise); sandboxed, no script can use them.
    directives: { ...LOCKED_POLICY, 'style-src': ["'unsafe-inline'"], sandbox: [] },
  },
  // Public catalogue pictures (banners, products, categories) that the customers' apps show:
  // they may be embedded from another origin. Nothing private is ever stored there.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

const API_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: LOCKED_POLICY },
};

/**
 * Powerful browser features no page of ours uses, refused to them and to anything they could
 * embed (helmet has no option for this header). The panel's full-screen button
 * (src/layout/AppBar.tsx) keeps fullscreen for the page itself; nothing reads the clipboard or
 * asks for a camera, a microphone or a location.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const isApi = (url: string) => /^\/api(?:[/?]|$)/.test(url);

/**
 * Security headers on every answer (@fastify/helmet): the pages' Content-Security-Policy,
 * X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy no-referrer (admin URLs
 * carry record ids and reset tokens), Strict-Transport-Security, Cross-Origin-Opener-Policy and
 * -Resource-Policy same-origin, and Permissions-Policy. /api and /uploads get the locked policy
 * instead of the pages'. Every /api answer is `Cache-Control: no-store` (customers' names and
 * phones, a sign-in's token: no shared proxy or browser disk may keep them) unless its route set
 * its own; the pages, assets and uploads keep the Cache-Control of their routes.
 */
export default fp(async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // At onSend, so that a route's own Cache-Control (a download, the live stream) stands.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // Before helmet registers, so that helmet's own onRoute hook picks the route's options up.
  app.addHook('onRoute', (route) => {
    if (route.helmet !== undefined) return;
    // The API reference (/api/docs) is a page: the pages' policy (its scripts are files).
    if (route.url.startsWith(API_DOCS_PREFIX)) return;
    if (route.url.startsWith(UPLOADS_URL_PREFIX)) route.helmet = UPLOADS_HEADERS;
    else if (route.url.startsWith('/api/')) route.helmet = API_HEADERS;
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: PAGE_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Not includeSubDomains: the operator's other subdomains are not ours to hold to HTTPS.
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false },
  });
});
