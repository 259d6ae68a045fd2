import { HttpError } from 'react-admin';
import { session } from './session';

/** How a call's answer says it succeeded (the spec's envelopes differ per area). */
export type Envelope = 'statusCode' | 'statuscode' | 'success';
export type BodyKind = 'json' | 'form' | 'multipart';

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  bodyKind?: BodyKind;
  envelope?: Envelope;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiAnswer = Record<string, any>;

export const API_PREFIX = '/api/';
export const NETWORK_ERROR = 'Unable to reach the server. Check your connection and try again.';
export const DOWNLOAD_CUT =
  'The download stopped before the end (connection lost). Check your connection and try again.';

/** A file chosen in an ImageInput ({ rawFile }) or a plain File. */
function asFile(value: unknown): File | undefined {
  if (typeof File !== 'undefined' && value instanceof File) return value;
  const raw = (value as { rawFile?: unknown } | null)?.rawFile;
  return typeof File !== 'undefined' && raw instanceof File ? raw : undefined;
}

function encodeBody(
  body: Record<string, unknown>,
  kind: BodyKind,
): { body: BodyInit; type?: string } {
  const entries = Object.entries(body).filter(([, v]) => v !== undefined && v !== null);
  if (kind === 'json')
    return { body: JSON.stringify(Object.fromEntries(entries)), type: 'application/json' };
  if (kind === 'form') {
    const params = new URLSearchParams();
    for (const [k, v] of entries) params.append(k, String(v));
    return { body: params, type: 'application/x-www-form-urlencoded' };
  }
  const form = new FormData();
  for (const [k, v] of entries) {
    const file = asFile(v);
    // Several files under one field name (a multiple ImageInput): one part per file.
    const files = Array.isArray(v) && v.length ? v.map(asFile) : [];
    if (file) form.append(k, file, file.name);
    else if (files.length && files.every((f) => f)) {
      for (const f of files as File[]) form.append(k, f, f.name);
    } else if (typeof v === 'object') form.append(k, JSON.stringify(v));
    else form.append(k, String(v));
  }
  return { body: form }; // the browser sets the multipart boundary
}

export function buildUrl(path: string, query?: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const qs = params.toString();
  return API_PREFIX + path + (qs ? `?${qs}` : '');
}

function succeeded(answer: ApiAnswer, envelope: Envelope): boolean {
  if (envelope === 'success') return answer.success === true;
  const code = answer[envelope] ?? answer.statusCode ?? answer.statuscode;
  return typeof code === 'number' ? code >= 200 && code < 300 : true;
}

/**
 * The one HTTP client of the panel: adds the bearer token, encodes the body as the call
 * requires, and turns any failure (HTTP status, envelope code, network) into an HttpError
 * carrying the server's message.
 */
export async function apiRequest(req: ApiRequest): Promise<ApiAnswer> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = session.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (req.method === 'POST') {
    const encoded = encodeBody(req.body ?? {}, req.bodyKind ?? 'json');
    body = encoded.body;
    if (encoded.type) headers.set('Content-Type', encoded.type);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(req.path, req.query), { method: req.method, headers, body });
  } catch {
    throw new HttpError(NETWORK_ERROR, 0);
  }
  let answer: ApiAnswer = {};
  try {
    answer = await response.json();
  } catch {
    // A proxy error page or an empty body: fall through with the HTTP status.
  }
  const envelope = req.envelope ?? 'statusCode';
  if (!response.ok || !succeeded(answer, envelope)) {
    const status = response.ok
      ? Number(answer[envelope] ?? answer.statusCode ?? 400)
      : response.status;
    throw new HttpError(
      answer.message || `The server answered ${response.status}.`,
      status,
      answer,
    );
  }
  return answer;
}

export interface DownloadRequest {
  path: string;
  query?: Record<string, unknown>;
  /** The file's type, for the Accept header (a refusal answers JSON); a PDF by default. */
  type?: string;
  /** Bytes received so far, as they arrive. */
  onProgress?: (receivedBytes: number) => void;
  signal?: AbortSignal;
}

export interface DownloadedBlob {
  blob: Blob;
  /** The name the server gives it (Content-Disposition), if any. */
  fileName?: string;
}

/**
 * A file (a streamed PDF or CSV) with the bearer token, read as it arrives so that the caller
 * can show progress. A refusal answers the JSON envelope: it becomes an HttpError with the
 * server's message and status (401 included, for the authProvider); a connection lost part way
 * is an HttpError of status 0, never a truncated file.
 */
export async function apiDownload(req: DownloadRequest): Promise<DownloadedBlob> {
  const headers = new Headers({ Accept: `${req.type ?? 'application/pdf'}, application/json` });
  const token = session.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(req.path, req.query), { headers, signal: req.signal });
  } catch (error) {
    if (req.signal?.aborted) throw error;
    throw new HttpError(NETWORK_ERROR, 0);
  }
  if (!response.ok) {
    let answer: ApiAnswer = {};
    try {
      answer = await response.json();
    } catch {
      // A proxy error page or an empty body: fall through with the HTTP status.
    }
    throw new HttpError(
      answer.message || `The server answered ${response.status}.`,
      response.status,
      answer,
    );
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      req.onProgress?.(received);
    }
  } catch (error) {
    if (req.signal?.aborted) throw error;
    throw new HttpError(DOWNLOAD_CUT, 0);
  }
  return { blob: new Blob(chunks, { type }), fileName: named?.[1] };
}
