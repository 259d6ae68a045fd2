import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseUploadName, UPLOADS_URL_PREFIX, type UploadStore } from '../lib/uploadStore';

/** Uploads are named by their content hash, so they never change: cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves uploaded images at /uploads/ab/<sha256>.png: files of DATA_DIR/uploads through
 * @fastify/static with the embedded database; rows of the `uploads` table with PostgreSQL, so
 * that every instance serves every image.
 */
export default async function uploadsPlugin(app: FastifyInstance, opts: { store: UploadStore }) {
  if (opts.store.kind === 'disk') {
    await app.register(fastifyStatic, {
      root: path.join(app.config.dataDir, 'uploads'),
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
    return;
  }

  const store = opts.store;
  // HEAD is its own route: it answers the size without reading the bytes.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_URL_PREFIX}*`,
    exposeHeadRoute: false,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0]!;
      const fresh = isFresh(request.headers['if-none-match'], url);
      const upload =
        request.method === 'HEAD' || fresh ? await store.info(url) : await store.open(url);
      if (!upload) return reply.callNotFound();
      // The bytes' own hash: a strong validator that never changes.
      reply.header('cache-control', IMMUTABLE).header('etag', `"${upload.key}"`);
      if (fresh) return reply.code(304).send();
      reply.type(upload.contentType).header('content-length', upload.size);
      return reply.send('bytes' in upload ? upload.bytes : undefined);
    },
  });
}

/** Whether If-None-Match names the ETag of the upload at `url` (its hash, in the URL). */
function isFresh(ifNoneMatch: string | undefined, url: string): boolean {
  if (!ifNoneMatch) return false;
  const key = parseUploadName(url)?.key;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || (key !== undefined && tag === `"${key}"`));
}
