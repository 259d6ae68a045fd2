import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { PrettyOptions } from 'pino-pretty';

/**
 * How the server logs (docs/operations.md, "Logs"): one pino logger made here, used by
 * server/main.ts for the start (seed progress) and handed to buildApp for the requests.
 *
 * - JSON lines, one per event, ISO time; pretty one-liners instead when started from a
 *   terminal in development (pino-pretty, a devDependency: absent in production installs).
 * - One line per request ("request completed": `req`, `res`, `responseTime`), with the request
 *   id (`reqId`) on it and on every line logged while serving that request; the same id is
 *   sent back as `X-Request-Id`: info for API calls, debug for files and pages served, warn
 *   when slow, error when failed. The "incoming request" line is debug.
 * - Secrets never reach the log: request bodies and headers are not logged at all (the `req`
 *   field is method, url and address); fields named like a secret are replaced with
 *   `[Redacted]` wherever something logs them; a failed query's parameters are left out.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a balancer or proxy gives (`X-Request-Id`) is kept when it is short and made of
 * characters that are safe in a log line and a header (UUIDs, hex, base64 ids); any other is
 * replaced, so a client cannot write into the log through it.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when it is safe, else a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Keys whose values are never logged, at the top of a log line's object or up to two levels in. */
const SECRET_KEYS = [
  'password',
  'confirmPassword',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'token',
  'securityToken',
  'otp',
  'otpHash',
  'authorization',
  'cookie',
  'jwtSecret',
];
export const REDACTED = '[Redacted]';
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/** Query parameters that would be secrets if a URL ever carried them. */
const SECRET_QUERY = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));

/** The url as logged: the value of a query parameter named like a secret is replaced. */
function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=')[0] ?? '';
      return SECRET_QUERY.has(key.toLowerCase()) ? `${key}=${REDACTED}` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/**
 * drizzle reports a failed query with its parameters (`params`, and in its message and stack):
 * customers' details, hashes. The SQL and the database's reason are kept, the values are not.
 */
function serializeError(err: Error) {
  const serialized = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  if (!(err instanceof Error)) return serialized;
  const { query, params, cause } = err as { query?: unknown; params?: unknown; cause?: unknown };
  if (typeof query !== 'string' || !Array.isArray(params)) return serialized;
  const withheld = `[${params.length} values not logged]`;
  const reason = cause instanceof Error ? `: ${cause.message}` : '';
  const stack = typeof serialized.stack === 'string' ? serialized.stack : '';
  return {
    ...serialized,
    message: `Failed query: ${query}${reason}`,
    params: withheld,
    stack: stack.replace(
      /\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g,
      `\nparams: ${withheld}`,
    ),
  };
}

const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    remoteAddress: request.ip,
  }),
  res: (reply: Pick<FastifyReply, 'statusCode'>) => ({ statusCode: reply.statusCode }),
  err: serializeError,
};

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The logger's options (level from LOG_LEVEL, redaction, serializers), whatever it writes to. */
export function loggerOptions(level = 'info'): LoggerOptions {
  if (!LEVELS.includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')} (it is "${level}").`);
  }
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

/** Balancers ask these every few seconds: their answers log at debug unless they fail. */
const PROBES = new Set(['/api/health', '/api/ready']);

export const REQUEST_LOG = {
  /** A request that takes this long (ms) is logged at warn, whatever it asked for. */
  slowMs: 1000,
};

/**
 * What a request's line says at info (issue 39.6: one admin's 15 minutes wrote 5,854 lines, nearly
 * all of them scripts, styles and images): the API calls. Files and pages (bundles, images,
 * uploads, the landing page, the admin shell: everything outside /api) and the health probes
 * that pass are debug; a failed or slow one is logged all the same.
 */
function quietAtInfo(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.statusCode >= 400) return false;
  return !request.url.startsWith('/api/') || PROBES.has(request.routeOptions.url ?? '');
}

/**
 * Fastify's request lines, one per request: "request completed" carries the method, url,
 * address, status and time; "incoming request" is debug (LOG_LEVEL=debug shows a request that
 * never completes). Failed: error; slow (REQUEST_LOG.slowMs): warn; files, pages and probes:
 * debug; API calls: info.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.elapsedTime >= REQUEST_LOG.slowMs) reply.log.warn(line, 'request completed');
    else if (quietAtInfo(request, reply)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

interface LogFields {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A pretty line: `POST /api/admin/login 200 41 ms` for a request, else the message. */
function prettyMessage(log: LogFields): string {
  const id = log.reqId ? `  (${log.reqId})` : '';
  if (log.req && log.res) {
    const ms = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
    return `${log.req.method} ${log.req.url} ${log.res.statusCode}${ms}${id}`;
  }
  return `${log.msg ?? ''}${id}`;
}

/** pino-pretty's settings: time, level, then the request line or the message. */
export const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat: (log: Record<string, unknown>) => prettyMessage(log as LogFields),
  singleLine: true,
} satisfies PrettyOptions;

/**
 * pino-pretty's stream when the output is a terminal outside production and the package is
 * installed (a devDependency); otherwise none, and the lines stay JSON.
 */
export async function prettyStream(
  env: NodeJS.ProcessEnv,
  stdout: { isTTY?: boolean },
): Promise<DestinationStream | undefined> {
  if (env.NODE_ENV === 'production' || !stdout.isTTY) return undefined;
  try {
    const { default: pretty } = await import('pino-pretty');
    // sync: written before the process exits (a shutdown, a failed start).
    return pretty({ ...PRETTY_OPTIONS, sync: true });
  } catch {
    return undefined;
  }
}

/** The server's logger: LOG_LEVEL, JSON lines on stdout, or pretty ones in a terminal. */
export async function createLogger(
  env: NodeJS.ProcessEnv = process.env,
  stdout: { isTTY?: boolean } = process.stdout,
): Promise<Logger> {
  const destination =
    (await prettyStream(env, stdout)) ?? pino.destination({ dest: 1, sync: true });
  return pino(loggerOptions(env.LOG_LEVEL || 'info'), destination);
}
