import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, multipart, type TestServer } from './helpers';

/**
 * Which bodies each call reads (server/plugins/bodies.ts). The oversized requests are sent as a
 * real HTTP head announcing ~100 MB with only a few bytes of body behind it: an answer can only
 * arrive if the server decided without reading (let alone buffering) the body.
 */

const HUNDRED_MB = 100 * 1024 * 1024;

let s: TestServer;
let port: number;

beforeAll(async () => {
  s = await createTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as { port: number }).port;
});
afterAll(() => s.close());

interface RawAnswer {
  status: number;
  body: { statusCode: number; message: string };
}

/** Sends `head` and the start of a body, then reads one answer without sending the rest. */
function sendHeadOnly(
  path: string,
  headers: Record<string, string>,
  bodyStart = '--x\r\n',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer: the server is waiting for the body'));
    }, 5000);
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        status: Number(text.slice(9, 12)),
        body: JSON.parse(received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8')),
      });
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${bodyStart}`);
  });
}

const MULTIPART = 'multipart/form-data; boundary=x';

describe('public calls take small JSON bodies only', () => {
  it('answers a 100 MB multipart sign-in with 415 before reading it', async () => {
    const res = await sendHeadOnly('/api/admin/login', {
      'content-type': MULTIPART,
      'content-length': String(HUNDRED_MB),
    });
    expect(res).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        message: 'This call takes a JSON body (Content-Type: application/json).',
      },
    });
  });

  it('answers a URL-encoded password recovery with 415', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/admin/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=admin%40example.com',
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a JSON sign-in over 16 KB with 413 before reading it', async () => {
    const res = await sendHeadOnly(
      '/api/admin/login',
      { 'content-type': 'application/json', 'content-length': String(20 * 1024) },
      '{"email":"',
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: 'The request is too large.' });
  });
});

describe('uploads are read only after sign-in, and only as large as the call takes', () => {
  const upload = (headers: Record<string, string>) =>
    sendHeadOnly('/api/category/create-category', {
      'content-type': MULTIPART,
      'content-length': String(HUNDRED_MB),
      ...headers,
    });

  it('answers 401 to a 100 MB upload without a token, unread', async () => {
    const res = await upload({});
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please sign in to continue.');
  });

  it('answers 403 to an admin without the group, unread', async () => {
    const admin = await s.createAdmin({ permissions: { orders: true } });
    const res = await upload(bearer(admin.token));
    expect(res.status).toBe(403);
  });

  it('answers 413 to a signed-in 100 MB upload before reading it', async () => {
    const res = await upload(bearer(s.superToken));
    expect(res).toEqual({
      status: 413,
      body: { statusCode: 413, message: 'The request is too large: send at most 1 image of 5 MB.' },
    });
  });

  it('answers 413 to a 100 MB form on a call that takes no files', async () => {
    const res = await sendHeadOnly('/api/user/update-user-status', {
      'content-type': MULTIPART,
      'content-length': String(HUNDRED_MB),
      ...bearer(s.superToken),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });

  it('answers 411 to a multipart body that does not state its length', async () => {
    const res = await sendHeadOnly(
      '/api/category/create-category',
      {
        'content-type': MULTIPART,
        'transfer-encoding': 'chunked',
        ...bearer(s.superToken),
      },
      '5\r\n--x\r\n\r\n',
    );
    expect(res.status).toBe(411);
    expect(res.body.message).toBe('Send the form with a Content-Length header.');
  });

  it('refuses a second image on a call that takes one, and saves nothing', async () => {
    const png = await s.tinyPng();
    const before = await s.app.inject({
      method: 'GET',
      url: '/api/category/view-all-categories?page=1&limit=1000',
      headers: bearer(s.superToken),
    });
    const { payload, headers } = multipart({
      name: 'Two images',
      title: 'Two images',
      description: 'One too many',
      image: { filename: 'a.png', contentType: 'image/png', data: png },
      image2: { filename: 'b.png', contentType: 'image/png', data: png },
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/category/create-category',
      headers: { ...headers, ...bearer(s.superToken) },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This call takes at most 1 image.');
    const after = await s.app.inject({
      method: 'GET',
      url: '/api/category/view-all-categories?page=1&limit=1000',
      headers: bearer(s.superToken),
    });
    expect(after.json().result.categories).toHaveLength(before.json().result.categories.length);
  });

  it('refuses a file on a call that takes none', async () => {
    const { payload, headers } = multipart({
      userId: 'x',
      status: 'Blocked',
      image: { filename: 'a.png', contentType: 'image/png', data: await s.tinyPng() },
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/user/update-user-status',
      headers: { ...headers, ...bearer(s.superToken) },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This call takes no files.');
  });

  it('answers 400, not a server error, for a cut-off multipart form', async () => {
    const { payload, headers } = multipart({ userId: 'x', status: 'Blocked' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/user/update-user-status',
      headers: { ...headers, ...bearer(s.superToken) },
      payload: payload.subarray(0, payload.length - 20),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The form data could not be read. Please send it again.',
    });
  });
});
