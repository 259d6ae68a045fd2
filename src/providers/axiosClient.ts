import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { HttpError } from 'react-admin';
import { laterLsn, READ_AFTER_HEADER } from '@shared/lsn';
import {
  API_PREFIX,
  DOWNLOAD_CUT,
  NETWORK_ERROR,
  REQUEST_TIMEOUT_MS,
  timeoutError,
  type ApiAnswer,
  type ApiRequest,
  type BodyKind,
  type DownloadedBlob,
  type DownloadRequest,
  type Envelope,
} from './httpClient';
import { session } from './session';

/**
 * The panel's one HTTP client, loaded on first use through `httpClient.ts` (which the rest of
 * the panel imports): axios, its instance and interceptors.
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The answer's envelope, checked by the response interceptor; unset for a file. */
    envelope?: Envelope;
  }
}

/**
 * XMLHttpRequest underneath (it reports upload progress over HTTP/1.1); streamed downloads
 * ask for the fetch adapter. The base is absolute so that fetch's Request takes it outside a
 * page too (the unit tests).
 */
export const api = axios.create({
  baseURL: new URL(API_PREFIX, window.location.origin).href,
  adapter: 'xhr',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  // Sessions are bearer tokens, not cookies: no XSRF cookie to read.
  withXSRFToken: false,
  // A timeout is ETIMEDOUT, told apart from an aborted request (ECONNABORTED).
  transitional: { clarifyTimeoutError: true },
});

/**
 * The database position of this panel's latest write, as the server answered it (only with a
 * read replica, DATABASE_READ_URL): sent with every call, so that a list read right after a save
 * comes from a database that already holds it (docs/operations.md, "Reads on a replica").
 */
let readAfter: string | undefined;

api.interceptors.request.use((config) => {
  const token = session.getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  if (readAfter) config.headers.set(READ_AFTER_HEADER, readAfter);
  return config;
});

/** Keeps the latest write position an answer carries (a refusal carries none). */
function rememberReadAfter(response: AxiosResponse): AxiosResponse {
  const position = response.headers[READ_AFTER_HEADER.toLowerCase()] as unknown;
  if (typeof position === 'string') readAfter = laterLsn(readAfter, position);
  return response;
}

api.interceptors.response.use(rememberReadAfter);
api.interceptors.response.use(checkEnvelope, toHttpError);

function succeeded(answer: ApiAnswer, envelope: Envelope): boolean {
  if (envelope === 'success') return answer.success === true;
  const code = answer[envelope] ?? answer.statusCode ?? answer.statuscode;
  return typeof code === 'number' ? code >= 200 && code < 300 : true;
}

/** A 2xx whose envelope says it failed is an error with the code the envelope gives. */
function checkEnvelope(response: AxiosResponse): AxiosResponse {
  const envelope = response.config.envelope;
  if (!envelope) return response;
  const answer = asAnswer(response.data);
  if (!succeeded(answer, envelope)) {
    const code =
      envelope === 'success' ? answer.statusCode : (answer[envelope] ?? answer.statusCode);
    throw new HttpError(
      answer.message || `The server answered ${response.status}.`,
      typeof code === 'number' ? code : 400,
      answer,
    );
  }
  response.data = answer;
  return response;
}

function asAnswer(data: unknown): ApiAnswer {
  if (data && typeof data === 'object' && !Array.isArray(data)) return data as ApiAnswer;
  // A proxy error page or an empty body: no envelope, the HTTP status alone.
  if (typeof data !== 'string') return {};
  try {
    return asAnswer(JSON.parse(data));
  } catch {
    return {};
  }
}

/** A refusal's JSON body, even when the call asked for a stream (a file). */
async function readAnswer(data: unknown): Promise<ApiAnswer> {
  if (typeof ReadableStream !== 'undefined' && data instanceof ReadableStream) {
    try {
      return asAnswer(await new Response(data).text());
    } catch {
      return {};
    }
  }
  return asAnswer(data);
}

/** The reason a stall guard aborts with (see stallGuard). */
class Stalled extends Error {}

const stalled = (config?: InternalAxiosRequestConfig) =>
  (config?.signal as AbortSignal | undefined)?.reason instanceof Stalled;

/**
 * Any failure as react-admin's HttpError: the server's message and status, or status 0 with a
 * message a person can act on when no answer came. A caller's own abort stays an abort.
 */
async function toHttpError(error: unknown): Promise<never> {
  if (!axios.isAxiosError(error)) throw error;
  if (error.response) {
    const { status } = error.response;
    const answer = await readAnswer(error.response.data);
    throw new HttpError(answer.message || `The server answered ${status}.`, status, answer);
  }
  if (error.code === AxiosError.ETIMEDOUT || stalled(error.config)) throw timeoutError();
  if (axios.isCancel(error)) throw error;
  throw new HttpError(NETWORK_ERROR, 0);
}

/** A file chosen in an ImageInput ({ rawFile }) or a plain File. */
function asFile(value: unknown): File | undefined {
  if (typeof File !== 'undefined' && value instanceof File) return value;
  const raw = (value as { rawFile?: unknown } | null)?.rawFile;
  return typeof File !== 'undefined' && raw instanceof File ? raw : undefined;
}

function encodeBody(
  body: Record<string, unknown>,
  kind: BodyKind,
  nullFields: readonly string[] = [],
): { data: unknown; type?: string; files: number } {
  const entries = Object.entries(body).filter(
    ([k, v]) => v !== undefined && (v !== null || (kind === 'json' && nullFields.includes(k))),
  );
  if (kind === 'json') {
    return { data: Object.fromEntries(entries), type: 'application/json', files: 0 };
  }
  if (kind === 'form') {
    const params = new URLSearchParams();
    for (const [k, v] of entries) params.append(k, String(v));
    return { data: params, type: 'application/x-www-form-urlencoded', files: 0 };
  }
  const form = new FormData();
  let files = 0;
  for (const [k, v] of entries) {
    const file = asFile(v);
    // Several files under one field name (a multiple ImageInput): one part per file.
    const list = Array.isArray(v) && v.length ? v.map(asFile) : [];
    if (file) {
      form.append(k, file, file.name);
      files += 1;
    } else if (list.length && list.every((f) => f)) {
      for (const f of list as File[]) form.append(k, f, f.name);
      files += list.length;
    } else if (typeof v === 'object') form.append(k, JSON.stringify(v));
    else form.append(k, String(v));
  }
  return { data: form, files }; // the browser sets the multipart boundary
}

/** `path` (under the base) with the query's non-empty values, as the spec's calls spell them. */
function withQuery(path: string, query?: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const qs = params.toString();
  return path + (qs ? `?${qs}` : '');
}

/**
 * Aborts (as a timeout) once `ms` pass without `alive()`: an upload or a download may take
 * minutes while bytes move, but not sit silent. The caller's own signal aborts it too.
 */
function stallGuard(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  const stall = () => controller.abort(new Stalled());
  let timer = setTimeout(stall, ms);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward);
  return {
    signal: controller.signal,
    alive() {
      clearTimeout(timer);
      timer = setTimeout(stall, ms);
    },
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/** apiRequest (httpClient.ts). */
export async function request(req: ApiRequest): Promise<ApiAnswer> {
  const encoded =
    req.method === 'POST'
      ? encodeBody(req.body ?? {}, req.bodyKind ?? 'json', req.nullFields)
      : undefined;
  const uploading = Boolean(encoded?.files);
  const guard = uploading ? stallGuard(REQUEST_TIMEOUT_MS) : undefined;
  try {
    const response = await api.request<ApiAnswer>({
      method: req.method,
      url: withQuery(req.path, req.query),
      data: encoded?.data,
      headers: encoded?.type ? { 'Content-Type': encoded.type } : undefined,
      envelope: req.envelope ?? 'statusCode',
      ...(guard && {
        timeout: 0,
        signal: guard.signal,
        onUploadProgress: (event) => {
          guard.alive();
          req.onUploadProgress?.({ loaded: event.loaded, total: event.total ?? 0 });
        },
      }),
    });
    return response.data;
  } finally {
    guard?.done();
    if (uploading) req.onUploadProgress?.(null);
  }
}

/** apiDownload (httpClient.ts). */
export async function download(req: DownloadRequest): Promise<DownloadedBlob> {
  const guard = stallGuard(REQUEST_TIMEOUT_MS, req.signal);
  try {
    const response = await api.request<ReadableStream<Uint8Array<ArrayBuffer>>>({
      adapter: 'fetch',
      responseType: 'stream',
      url: withQuery(req.path, req.query),
      headers: { Accept: `${req.type ?? 'application/pdf'}, application/json` },
      timeout: 0,
      signal: guard.signal,
    });
    const type = String(response.headers['content-type'] ?? 'application/octet-stream');
    const named = /filename="([^"]+)"/.exec(String(response.headers['content-disposition'] ?? ''));
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    try {
      const reader = response.data.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        guard.alive();
        chunks.push(value);
        received += value.length;
        req.onProgress?.(received);
      }
    } catch (error) {
      if (req.signal?.aborted) throw error;
      if (guard.signal.reason instanceof Stalled) throw timeoutError();
      throw new HttpError(DOWNLOAD_CUT, 0);
    }
    return { blob: new Blob(chunks, { type }), fileName: named?.[1] };
  } finally {
    guard.done();
  }
}
