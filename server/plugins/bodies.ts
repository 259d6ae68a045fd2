import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../permissions';
import { HttpError } from '../lib/errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** A signed-in call's whole body without files: rich text (terms) is the largest. */
export const FORM_BODY_LIMIT = 1024 * 1024;
/** What a public call (sign-in, recovery) needs: an e-mail, a password, a code. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/** Room for the text fields and the multipart framing beside the files of an upload. */
const UPLOAD_OVERHEAD_BYTES = 256 * 1024;

export interface UploadRule {
  /** How many image files the call takes at most (in its `image` field). */
  files: number;
  /** What the files are, when not images (the 413 names it): 'CSV file'. */
  kind?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call takes files: multipart with up to `files` images. */
    upload?: UploadRule;
  }
  interface FastifyRequest {
    /** The name each uploaded file was sent with, by field (the body holds only its bytes). */
    uploadNames: Record<string, string> | null;
  }
}

/** The largest whole request a route reads; larger ones are refused with 413 unread. */
export function bodyLimitFor(config: { access?: Access; upload?: UploadRule } | undefined) {
  if (config?.access === 'public') return PUBLIC_BODY_LIMIT;
  if (config?.upload) return config.upload.files * MAX_UPLOAD_BYTES + UPLOAD_OVERHEAD_BYTES;
  return FORM_BODY_LIMIT;
}

const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type);
const isMultipart = (type: string) => /^multipart\//i.test(type);

/**
 * Which bodies each call reads, decided before a byte of the body is read:
 * - public calls (sign-in, recovery) take JSON only, at most 16 KB;
 * - signed-in calls take JSON, URL-encoded or multipart text fields (the spec's 'form' and
 *   'multipart' calls), at most 1 MB, and no files;
 * - upload calls (`config.upload`) also take up to `files` images of 5 MB.
 * Multipart is parsed in preValidation, after authentication (plugins/auth.ts, onRequest), and
 * must state its Content-Length, which is checked against the limit before it is read: busboy
 * reads the raw request, past Fastify's own body limit.
 */
export default fp(async (app) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    route.bodyLimit ??= bodyLimitFor(route.config);
    const upload = route.config?.upload;
    const multipartOptions = {
      limits: upload
        ? { files: upload.files, fileSize: MAX_UPLOAD_BYTES, fields: 50, fieldSize: 100 * 1024 }
        : { files: 0, fields: 50, fieldSize: 100 * 1024 },
    };
    route.config = { ...route.config, multipartOptions } as typeof route.config;
  });

  app.addHook('preParsing', async (request) => {
    const type = request.headers['content-type'];
    if (!type || !request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config?.access === 'public' && !isJson(type)) {
      throw new HttpError(415, 'This call takes a JSON body (Content-Type: application/json).');
    }
    if (!isMultipart(type)) return; // Fastify enforces bodyLimit while reading the others
    const declared = request.headers['content-length'];
    if (declared === undefined) {
      throw new HttpError(411, 'Send the form with a Content-Length header.');
    }
    if (Number(declared) > bodyLimitFor(config)) throw tooLarge(request);
  });

  await app.register(formbody);
  app.decorateRequest('uploadNames', null);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // As the default reads a file (its bytes become the field's value), keeping its name too:
    // a settlement import records the file name it was given.
    async onFile(part) {
      await part.toBuffer();
      this.uploadNames = { ...this.uploadNames, [part.fieldname]: part.filename };
    },
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
      done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
  });
});

function tooLarge(request: FastifyRequest): HttpError {
  const upload = request.routeOptions.config?.upload;
  return new HttpError(
    413,
    upload
      ? `The request is too large: send at most ${upload.files} ${upload.kind ?? 'image'}${upload.files > 1 ? 's' : ''} of ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`
      : 'The request is too large.',
  );
}
