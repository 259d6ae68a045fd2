import { afterEach, beforeEach, vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
}

export interface StubAnswer {
  status?: number;
  body: unknown;
}

/**
 * Replaces fetch for the tests of a file (or describe block): every call the panel makes is
 * recorded in `calls`; it is answered with the next entry of `answers`, else `fallback`. A
 * session token is in storage, as after sign-in.
 */
export function stubApi(fallback: unknown = { statusCode: 200, message: 'ok' }) {
  const calls: RecordedCall[] = [];
  const answers: StubAnswer[] = [];
  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        url: new URL(input, 'http://panel.test'),
        headers: new Headers(init.headers),
        body: init.body,
      });
      const answer = answers.shift() ?? { body: fallback };
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
