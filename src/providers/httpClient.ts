import { HttpError } from 'react-admin';

/** How a call's answer says it succeeded (the spec's envelopes differ per area). */
export type Envelope = 'statusCode' | 'statuscode' | 'success';
export type BodyKind = 'json' | 'form' | 'multipart';

/** How much of a request's body has gone out: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  bodyKind?: BodyKind;
  /** Body fields sent even when null (a JSON body's other nulls are left out). */
  nullFields?: readonly string[];
  envelope?: Envelope;
  /**
   * While a body carrying files goes out: bytes sent so far; `null` once the call has settled
   * (answered or failed). Not called for a body without files.
   */
  onUploadProgress?: (progress: UploadProgress | null) => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiAnswer = Record<string, any>;

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

export const API_PREFIX = '/api/';
/** A call with no answer after this long (an upload or a download: no progress) fails. */
export const REQUEST_TIMEOUT_MS = 30_000;
import { DOWNLOAD_CUT, NETWORK_ERROR, TIMEOUT_ERROR } from './networkMessages';
export { DOWNLOAD_CUT, NETWORK_ERROR, TIMEOUT_ERROR };

/** No answer came in time: status 0 like a network failure, but said (and not retried) apart. */
export const timeoutError = () =>
  new HttpError(TIMEOUT_ERROR, 0, { message: TIMEOUT_ERROR, timeout: true });

/** Whether a call failed because the server did not answer in time. */
export function isTimeout(error: unknown): boolean {
  return error instanceof HttpError && error.status === 0 && error.body?.timeout === true;
}

/**
 * The client itself (axios, its instance and interceptors: `axiosClient.ts`) is fetched on
 * first use, so that the login page shows without it; a signed-in panel asks for it as soon as
 * the session is checked (`preloadHttpClient`), the login page once the admin starts on the form.
 */
let client: Promise<typeof import('./axiosClient')> | undefined;

function loadClient() {
  client ??= import('./axiosClient').catch(() => {
    // Offline, or a new release replaced the chunk: the next call tries again.
    client = undefined;
    throw new HttpError(NETWORK_ERROR, 0);
  });
  return client;
}

/** Starts fetching the client before the first call needs it. */
export function preloadHttpClient() {
  loadClient().catch(() => {}); // a failure shows on the call that needs it
}

/**
 * A call of the spec through the panel's one axios instance: the bearer token, the body
 * encoded as the call requires, the answer's envelope checked. Any failure is an HttpError with
 * the server's message and status (a 401 reaches the authProvider's checkError, which signs
 * out), or status 0 and NETWORK_ERROR / TIMEOUT_ERROR when no answer came. An ordinary call
 * times out after REQUEST_TIMEOUT_MS; one that uploads files reports its progress and times
 * out only when nothing has moved for that long.
 */
export async function apiRequest(req: ApiRequest): Promise<ApiAnswer> {
  return (await loadClient()).request(req);
}

/**
 * A file (a streamed PDF or CSV) with the bearer token, read as it arrives so that the caller
 * can show progress. A refusal answers the JSON envelope: it becomes an HttpError with the
 * server's message and status (401 included, for the authProvider); a connection lost part way
 * is an HttpError of status 0, never a truncated file; so is a server silent for
 * REQUEST_TIMEOUT_MS, before or during the file. The caller's abort stays an abort.
 */
export async function apiDownload(req: DownloadRequest): Promise<DownloadedBlob> {
  return (await loadClient()).download(req);
}
