import { afterEach, beforeEach, vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** What the panel passed to fetch, e.g. `/api/order/job-sheet/w1?pincode=560034`. */
  input: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
}

export interface StubAnswer {
  status?: number;
  body: unknown;
}

/** A JSON answer, or a function that makes the Response itself (a stream, a network failure). */
export type Answer = StubAnswer | ((call: RecordedCall) => Response | Promise<Response>);

/**
 * Replaces fetch for the tests of a file (or describe block): every call the panel makes is
 * recorded in `calls`; it is answered with the next entry of `answers`, else `fallback` (a JSON
 * body, or a function of the call that gives one). A session token is in storage, as after
 * sign-in.
 */
export function stubApi(
  fallback: object | ((call: RecordedCall) => object) = { statusCode: 200, message: 'ok' },
) {
  const calls: RecordedCall[] = [];
  const answers: Answer[] = [];
  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const call: RecordedCall = {
        method: init.method ?? 'GET',
        input,
        url: new URL(input, 'http://panel.test'),
        headers: new Headers(init.headers),
        body: init.body,
      };
      calls.push(call);
      const answer =
        answers.shift() ??
        ({ body: typeof fallback === 'function' ? fallback(call) : fallback } as StubAnswer);
      if (typeof answer === 'function') return answer(call);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    localStorage.setItem('token', 'tok-123');
  });
  afterEach(() => vi.unstubAllGlobals());
  return { calls, answers };
}
