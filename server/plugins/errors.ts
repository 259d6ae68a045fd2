import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';
import { responseMismatch } from '../lib/responses';
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

/**
 * PostgreSQL's data exceptions for text it cannot take: 22021 (a byte sequence the encoding
 * refuses: NUL in text), 22P05 (a character jsonb cannot hold: \u0000), 22P02 (text that is not a
 * number, uuid, ...), 22001 (too long for the column), 22003 (a number out of range), 22007 and
 * 22008 (a date it cannot read). The route schemas refuse these first; this is the last line, so
 * that a value a schema let through is still a 400 and not a 500.
 */
const UNSTORABLE_CHARACTERS = new Set(['22021', '22P05']);
const UNSTORABLE_VALUES = new Set(['22P02', '22001', '22003', '22007', '22008']);
export const BAD_CHARACTERS =
  'The text contains characters that cannot be saved, such as control characters. Remove them and try again.';
export const BAD_VALUE = 'A value sent cannot be saved as it is. Check the form and try again.';

/**
 * PostgreSQL's program_limit_exceeded. Raised by series_full() (migration 0043) when an invoice
 * or note series of a financial year would pass the 99,999,999 numbers it holds: the message
 * names the series and the year, and the write it stopped rolled back whole. Any other 54000
 * (an index row too large for its index) is a value the database cannot take.
 */
const PROGRAM_LIMIT_EXCEEDED = '54000';
const SERIES_FULL = /^The .+ series of .+ is full: /;

/** The database's own message of an error, as drizzle wraps it in `cause` or as is. */
function databaseMessage(err: FastifyError): string {
  const cause = (err as { cause?: { message?: unknown } }).cause;
  return typeof cause?.message === 'string' ? cause.message : err.message;
}

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
): { status: number; message: string; refusedByDatabase?: boolean } {
  if (err instanceof HttpError) return { status: err.statusCode, message: err.message };
  // Only with VALIDATE_RESPONSES (the API tests): say which field, so the failing test does.
  if (err instanceof ResponseSerializationError) {
    return { status: 500, message: responseMismatch(err) };
  }
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
  if (dbCode === PROGRAM_LIMIT_EXCEEDED) {
    const message = databaseMessage(err);
    if (SERIES_FULL.test(message)) return { status: 409, message };
    return { status: 400, message: BAD_VALUE, refusedByDatabase: true };
  }
  if (dbCode && UNSTORABLE_CHARACTERS.has(dbCode)) {
    return { status: 400, message: BAD_CHARACTERS, refusedByDatabase: true };
  }
  if (dbCode && UNSTORABLE_VALUES.has(dbCode)) {
    return { status: 400, message: BAD_VALUE, refusedByDatabase: true };
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
    const { status, message, refusedByDatabase } = toClientError(err, request);
    if (status >= 500) request.log.error({ err }, 'request failed');
    // A schema should have refused it first: worth a look, though the client got its 400.
    if (refusedByDatabase) request.log.warn({ err }, 'value refused by the database');
    return sendError(request, reply, status, message);
  });
});
