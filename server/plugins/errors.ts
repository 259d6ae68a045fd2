import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';
import { MAX_UPLOAD_BYTES } from './bodies';

/** Banner and support calls spell the envelope's code `statuscode`, as the spec's client reads it. */
export function envelopeKey(request: FastifyRequest): 'statusCode' | 'statuscode' {
  return request.routeOptions.config?.envelope === 'statuscode' ? 'statuscode' : 'statusCode';
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
) {
  const body = { [envelopeKey(request)]: status, message };
  // Calls whose client checks a `success` flag (plan update) get `success: false` on failure.
  const flagged = request.routeOptions.config?.envelope === 'success';
  return reply.code(status).send(flagged ? { success: false, ...body } : body);
}

/** PostgreSQL's code for a statement cancelled by its statement timeout. */
const QUERY_CANCELED = '57014';
export const TOO_SLOW = 'This search is taking too long. Narrow it down and try again.';
export const WRITE_TOO_SLOW = 'The database is busy and nothing was saved. Please try again.';

/** Busboy reports a truncated or malformed multipart body as a plain Error, without a code. */
function isUnreadableMultipart(err: FastifyError, request: FastifyRequest): boolean {
  return (
    !err.code &&
    !err.statusCode &&
    /^multipart\//i.test(request.headers['content-type'] ?? '') &&
    /multipart|terminated early/i.test(err.message)
  );
}

/** Turns any error into `{ statusCode, message }`; 5xx never reveal internals. */
function toClientError(
  err: FastifyError,
  request: FastifyRequest,
): { status: number; message: string } {
  if (err instanceof HttpError) return { status: err.statusCode, message: err.message };
  if (isUnreadableMultipart(err, request)) {
    return { status: 400, message: 'The form data could not be read. Please send it again.' };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    return { status: 400, message: first?.message || 'The request is not valid.' };
  }
  // PostgreSQL cancelled a statement that ran past DATABASE_STATEMENT_TIMEOUT_MS (drizzle
  // wraps the driver's error in `cause`).
  const dbCode = (err as { cause?: { code?: string } }).cause?.code ?? err.code;
  if (dbCode === QUERY_CANCELED) {
    return { status: 503, message: request.method === 'GET' ? TOO_SLOW : WRITE_TOO_SLOW };
  }
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return {
        status: 413,
        message: `The image must be ${MAX_UPLOAD_BYTES / 1024 / 1024} MB or smaller.`,
      };
    case 'FST_FILES_LIMIT': {
      const files = request.routeOptions.config?.upload?.files ?? 0;
      const most = `at most ${files} image${files === 1 ? '' : 's'}`;
      return { status: 413, message: `This call takes ${files ? most : 'no files'}.` };
    }
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, message: 'The form has too many parts.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Send the form as JSON, URL-encoded or multipart data.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'The request is too large.' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 400, message: 'The form data could not be read.' };
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: err.message };
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, message } = toClientError(err, request);
    if (status >= 500) request.log.error({ err }, 'request failed');
    return sendError(request, reply, status, message);
  });
});
