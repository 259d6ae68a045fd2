import { afterEach, beforeEach, vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** The path and query the panel asked for, e.g. `/api/order/job-sheet/w1?pincode=560034`. */
  input: string;
  url: URL;
  headers: Headers;
  /** What went out: a JSON or form string, FormData; nothing for a GET. */
  body: unknown;
  /** The XMLHttpRequest's timeout in ms (0: none); undefined for a fetch (a download). */
  timeout?: number;
  /** Reports bytes of the body as sent (XMLHttpRequest's upload progress), for a test to drive. */
  uploadProgress(loaded: number, total: number): void;
}

export interface StubAnswer {
  status?: number;
  body: unknown;
}

/**
 * A JSON answer, or a function that makes the Response itself (a stream, a network failure
 * when it throws, no answer at all while its promise stays pending).
 */
export type Answer = StubAnswer | ((call: RecordedCall) => Response | Promise<Response>);

function jsonResponse(answer: StubAnswer) {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status ?? 200,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * What the panel's axios instance talks to in place of the browser's XMLHttpRequest: it records
 * the call, asks `answer` for a Response and hands it back as a browser would, or fails as a
 * browser does (onerror for a network failure, ontimeout once `timeout` ms pass unanswered).
 */
function stubXhr(answer: (call: RecordedCall) => Promise<Response>) {
  return class StubXMLHttpRequest extends EventTarget {
    readyState = 0;
    status = 0;
    statusText = '';
    responseText = '';
    response: unknown = '';
    responseType = '';
    responseURL = '';
    timeout = 0;
    withCredentials = false;
    upload = new EventTarget();
    onloadend: ((event: Event) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    ontimeout: ((event: Event) => void) | null = null;
    onabort: ((event: Event) => void) | null = null;
    private method = 'GET';
    private url = '';
    private requestHeaders = new Headers();
    private responseHeaders = '';
    private settled = false;
    private timer: ReturnType<typeof setTimeout> | undefined;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
      this.readyState = 1;
    }

    setRequestHeader(name: string, value: string) {
      this.requestHeaders.set(name, value);
    }

    getAllResponseHeaders() {
      return this.responseHeaders;
    }

    abort() {
      this.finish(() => this.onabort?.(new Event('abort')));
    }

    send(body: unknown) {
      const url = new URL(this.url, window.location.href);
      const call: RecordedCall = {
        method: this.method,
        input: url.pathname + url.search,
        url,
        headers: this.requestHeaders,
        body: body ?? undefined,
        timeout: this.timeout,
        uploadProgress: (loaded, total) =>
          this.upload.dispatchEvent(
            new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
          ),
      };
      if (this.timeout > 0) {
        const timedOut = () => this.finish(() => this.ontimeout?.(new Event('timeout')));
        this.timer = setTimeout(timedOut, this.timeout);
      }
      answer(call).then(
        async (response) => {
          const text = await response.text();
          this.finish(() => {
            this.readyState = 4;
            this.status = response.status;
            this.statusText = response.statusText;
            this.responseText = text;
            this.response = text;
            this.responseHeaders = [...response.headers]
              .map(([name, value]) => `${name}: ${value}`)
              .join('\r\n');
            this.onloadend?.(new Event('loadend'));
          });
        },
        () => this.finish(() => this.onerror?.(new ProgressEvent('error'))),
      );
    }

    /** Settles once: the first of the answer, a failure, the timeout or an abort. */
    private finish(settle: () => void) {
      if (this.settled) return;
      this.settled = true;
      clearTimeout(this.timer);
      settle();
    }
  };
}

/**
 * Replaces the browser's network for the tests of a file (or describe block): XMLHttpRequest,
 * which the panel's axios instance uses for its calls, and fetch, which it uses for streamed
 * downloads. Every call the panel makes is recorded in `calls`; it is answered with the next
 * entry of `answers`, else `fallback` (a JSON body, or a function of the call that gives a JSON
 * body or a whole Response). A session token is in storage, as after sign-in.
 */
export function stubApi(
  fallback: object | ((call: RecordedCall) => object | Response) = {
    statusCode: 200,
    message: 'ok',
  },
) {
  const calls: RecordedCall[] = [];
  const answers: Answer[] = [];
  async function answer(call: RecordedCall): Promise<Response> {
    calls.push(call);
    const next = answers.shift();
    if (typeof next === 'function') return next(call);
    if (next) return jsonResponse(next);
    const body = typeof fallback === 'function' ? fallback(call) : fallback;
    return body instanceof Response ? body : jsonResponse({ body });
  }
  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    vi.stubGlobal('XMLHttpRequest', stubXhr(answer));
    vi.stubGlobal('fetch', async (input: Request | string, init: RequestInit = {}) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const answered = answer({
        method: request.method,
        input: url.pathname + url.search,
        url,
        headers: request.headers,
        body: init.body ?? undefined,
        uploadProgress: () => {
          throw new Error('A fetch reports no upload progress here.');
        },
      });
      // As a browser's fetch: an abort (the caller's, or axios's for a stall) ends the wait.
      const aborted = new Promise<never>((_resolve, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
      return Promise.race([answered, aborted]);
    });
    localStorage.setItem('token', 'tok-123');
  });
  afterEach(() => vi.unstubAllGlobals());
  return { calls, answers };
}
