import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newStore, rows, ServerProcess, signIn } from './serverProcess';

/**
 * Graceful shutdown of the real server process (server/lib/shutdown.ts): on SIGTERM it takes no
 * new connections, finishes the request in flight, closes the database and exits 0; a second
 * signal, or a request still running after SHUTDOWN_TIMEOUT_MS, ends it with exit code 1.
 *
 * The request held open across the signal is a signed-in POST whose JSON body is sent in two
 * halves: the server has it (its "incoming request" line, LOG_LEVEL=debug) and waits for the
 * rest of the body, which the test sends only after the signal.
 */

interface HeldRequest {
  /** Sends the second half of the body. */
  finish(): void;
  /** Everything the server sent on the connection, once it is closed. */
  received: Promise<string>;
  /** Whether anything has come back yet. */
  answered(): boolean;
}

async function holdRequest(
  base: string,
  path: string,
  token: string,
  body: object,
): Promise<HeldRequest> {
  const { hostname, port, host } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const received = new Promise<string>((resolve) => {
    socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  socket.on('error', () => {});
  const json = JSON.stringify(body);
  const half = Math.floor(json.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n` +
      json.slice(0, half),
  );
  return {
    finish: () => socket.write(json.slice(half)),
    received,
    answered: () => chunks.length > 0,
  };
}

/** An HTTP/1.1 answer as received: status, headers, body. */
function parseAnswer(text: string) {
  const split = text.indexOf('\r\n\r\n');
  expect(split, `not an HTTP answer: ${JSON.stringify(text)}`).toBeGreaterThan(0);
  const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(split + 4) };
}

/** A new connection's GET /api/health: its status, or how the connection failed. */
function probeNewConnection(base: string): Promise<number | 'refused' | 'reset'> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') resolve('refused');
      else if (err.code === 'ECONNRESET') resolve('reset');
      else reject(err);
    });
  });
}

/** A server started on fresh data, signed in, with one request held open. */
async function serverWithHeldRequest(env: Record<string, string> = {}) {
  const store = await newStore();
  const server = new ServerProcess(store, { SEED_DEMO: 'false', LOG_LEVEL: 'debug', ...env });
  const base = await server.ready();
  const token = await signIn(base);
  const pinCode = '560034';
  const held = await holdRequest(base, '/api/pincode/add', token, { pinCode, pinType: 'Office' });
  // The server has the request (its headers, half its body) before the signal is sent.
  await server.waitFor(/"url":"\/api\/pincode\/add".*"msg":"incoming request"/);
  return { store, server, base, held, pinCode };
}

describe('graceful shutdown (SIGTERM)', () => {
  it('stops taking connections, finishes the request in flight, closes the database, exits 0', async () => {
    const { store, server, base, held, pinCode } = await serverWithHeldRequest();
    expect((await probeNewConnection(base)) as number).toBe(200);

    server.kill('SIGTERM');
    await server.waitFor(/"msg":"shutting down/);

    // New connections are refused (or, on one accepted just before, answered 503) while the
    // held request is still waiting for the rest of its body.
    let probe: Awaited<ReturnType<typeof probeNewConnection>> = 200;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      probe = await probeNewConnection(base);
      if (probe === 'refused' || probe === 503) break;
      await sleep(25);
    }
    expect(['refused', 503]).toContain(probe);
    expect(held.answered()).toBe(false);
    expect(server.exitCode).toBeNull();

    held.finish();
    const answer = parseAnswer(await held.received);
    expect(answer.status).toBe(200);
    // Complete: as long as it says, and the connection closed after it.
    expect(Buffer.byteLength(answer.body)).toBe(Number(answer.headers['content-length']));
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({
      statusCode: 200,
      message: `Pin code ${pinCode} added successfully`,
      result: { pincode: { number: pinCode, pinType: 'Office' } },
    });

    await server.exited;
    expect(server.exitCode).toBe(0);
    expect(server.messages()).toContain('shut down: every request answered, database closed');
    // The write of the request answered during the shutdown is in the database.
    const [saved] = await rows<{ n: number }>(
      store,
      sql`select count(*)::int as n from pincodes where number = ${pinCode}`,
    );
    expect(saved!.n).toBe(1);
  }, 180_000);

  it('exits 1 at once on a second signal, cutting off the request in flight', async () => {
    const { server, held } = await serverWithHeldRequest();
    server.kill('SIGTERM');
    await server.waitFor(/"msg":"shutting down/);
    server.kill('SIGTERM');
    await server.exited;
    expect(server.exitCode).toBe(1);
    expect(server.messages()).toContain(
      'second signal: exiting now, requests in flight are cut off',
    );
    expect(await held.received).toBe('');
  }, 180_000);

  it('exits 1 when requests are still in flight after SHUTDOWN_TIMEOUT_MS', async () => {
    const { server, held } = await serverWithHeldRequest({ SHUTDOWN_TIMEOUT_MS: '1000' });
    server.kill('SIGTERM');
    await server.exited;
    expect(server.exitCode).toBe(1);
    expect(server.messages()).toContain(
      'shutdown timed out: requests still in flight, exiting now',
    );
    expect(await held.received).toBe('');
  }, 180_000);
});
