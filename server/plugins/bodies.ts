import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Every POST accepts JSON, URL-encoded and multipart bodies alike (the panel's calls mix them).
 * Multipart file parts arrive in `request.body` as Buffers, text parts as strings.
 */
export default fp(async (app) => {
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 100, fieldSize: 1024 * 1024 },
  });
  // A POST without any body (the spec's `empty body` calls, or a client that sends none) is read
  // as {}, so validation names the missing field instead of 'expected object, received null'.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body == null) request.body = {};
  });
  // Some calls post an empty body with a JSON content type; read it as {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('The request body is not valid JSON.') as Error & {
        statusCode: number;
      };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
});
