/**
 * Reads on a replica (DATABASE_READ_URL) on a real PostgreSQL server. The "replica" here is a
 * second database migrated apart, so that what a read finds says which database answered it (a
 * record saved on the primary is not there, as on a replica that has not replayed it yet); the
 * monitor's answers are the test's own. `npm run cluster:check` does the same with a real
 * streaming replica. Runs with TEST_DATABASE_URL only (vitest.config.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '@server/db/client';
import { openReplica, type ReplicaProbe } from '@server/db/replica';
import { parseLsn } from '@shared/lsn';
import { bearer, createTestDatabase, createTestServer, type TestServer } from '../api/helpers';

const caughtUp: ReplicaProbe = {
  inRecovery: true,
  replayLsn: '0/1',
  caughtUp: true,
  replayAgeMs: null,
};
/** What the replica answers the monitor next: a probe, or a failure. */
let answer: ReplicaProbe | Error = caughtUp;
const lines: string[] = [];
const log = {
  info: (line: string) => lines.push(`info ${line}`),
  warn: (line: string) => lines.push(`warn ${line}`),
};

let s: TestServer;
let replicaDb: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  replicaDb = await createTestDatabase();
  await (await openDatabase({ databaseUrl: replicaDb.url })).close();
  s = await createTestServer({
    replica: (primary) =>
      openReplica({
        url: replicaDb.url,
        primary,
        poolSize: 2,
        statementTimeoutMs: 5000,
        maxLagMs: 2000,
        pollMs: 20,
        log,
        probe: async () => {
          if (answer instanceof Error) throw answer;
          return answer;
        },
      }),
  });
});

afterAll(async () => {
  await s?.close();
  await replicaDb?.drop();
});

/** Until the monitor has taken in the replica's new answer. */
async function monitorSees(next: ReplicaProbe | Error, usable: boolean) {
  answer = next;
  // A replica falling behind counts as behind by at most the time since it was last caught up:
  // past the 2 s bound after 2 s.
  await vi.waitFor(() => expect(s.app.replica!.state()?.usable).toBe(usable), { timeout: 10_000 });
  // One look more, so that the state is the new answer's whatever it was before.
  const at = Date.now();
  await vi.waitFor(() => expect(s.app.replica!.state()!.at).toBeGreaterThan(at));
}

const list = (number: string, readAfter?: string) =>
  s.app.inject({
    url: `/api/pincode/get-paginated-pincodes?search=${number}`,
    headers: { ...bearer(s.superToken), ...(readAfter && { 'x-read-after': readAfter }) },
  });
const found = (res: Awaited<ReturnType<typeof list>>) =>
  (res.json().result.pincodes as { number: string }[]).map((p) => p.number);

describe('reads on a replica', () => {
  it("reads lists from the replica, and the caller's own write from a database that holds it", async () => {
    await monitorSees(caughtUp, true);
    const added = await s.app.inject({
      method: 'POST',
      url: '/api/pincode/add',
      headers: bearer(s.superToken),
      payload: { pinCode: '400001', pinType: 'Home' },
    });
    expect(added.statusCode).toBe(200);
    const position = added.headers['x-read-after'] as string;
    expect(parseLsn(position)).toBeGreaterThan(parseLsn('0/1')!);

    // Without the position: the replica, which has not replayed the write.
    const blind = await list('400001');
    expect(blind.headers['x-read-from']).toBe('replica');
    expect(found(blind)).toEqual([]);
    // With it: the primary, until the replica has replayed that far.
    const next = await list('400001', position);
    expect(next.headers['x-read-from']).toBe('primary');
    expect(found(next)).toEqual(['400001']);
    await monitorSees({ ...caughtUp, replayLsn: position }, true);
    expect((await list('400001', position)).headers['x-read-from']).toBe('replica');

    // A record's own screen (get-one, edit) reads the primary: no header, and it is there.
    const id = added.json().result.pincode._id as string;
    const one = await s.app.inject({
      url: `/api/pincode/get-pincode/${id}`,
      headers: bearer(s.superToken),
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-read-from']).toBeUndefined();
    // A refused write carries no position.
    const again = await s.app.inject({
      method: 'POST',
      url: '/api/pincode/add',
      headers: bearer(s.superToken),
      payload: { pinCode: '400001', pinType: 'Home' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-read-after']).toBeUndefined();
  });

  it('reads from the primary while the replica lags or does not answer, saying so once each way', async () => {
    await monitorSees(caughtUp, true);
    lines.length = 0;
    await monitorSees({ ...caughtUp, caughtUp: false, replayAgeMs: 9000 }, false);
    const lagging = await list('400001');
    expect(lagging.statusCode).toBe(200);
    expect(lagging.headers['x-read-from']).toBe('primary');
    expect(found(lagging)).toEqual(['400001']);
    await monitorSees(new Error('connect ECONNREFUSED 127.0.0.1:5433'), false);
    expect((await list('400001')).headers['x-read-from']).toBe('primary');
    await monitorSees(caughtUp, true);
    expect((await list('400001')).headers['x-read-from']).toBe('replica');
    // Its last commit 9 s old, but caught up at a look some 2 s before: 2 s behind.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^warn replica: reads go to the primary: it is \d+\.\d s behind the primary \(more than DATABASE_READ_MAX_LAG_MS, 2000 ms\)$/,
    );
    expect(lines[1]).toBe(
      'info replica: reads go to the replica (DATABASE_READ_URL), 0 ms behind the primary',
    );
  });

  it('refuses a position that is not one', async () => {
    const res = await list('400001', '16B3748');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "X-Read-After must be a WAL position such as 0/16B3748, as a write's answer gave it.",
    );
  });

  it('runs a read on the primary when the replica fails it, and reads the primary after', async () => {
    const gone: string[] = [];
    const replica = await openReplica({
      url: 'postgres://postgres@127.0.0.1:1/nothing',
      primary: s.db,
      poolSize: 1,
      statementTimeoutMs: 5000,
      maxLagMs: 2000,
      pollMs: 60_000,
      log: { info: (l) => gone.push(l), warn: (l) => gone.push(l) },
      probe: async () => caughtUp,
    });
    try {
      expect(replica.choose()).toBe('replica');
      const { rows } = await replica.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pincodes WHERE number = '400001'`,
      );
      expect(rows).toEqual([{ n: 1 }]);
      expect(replica.choose()).toBe('primary');
      expect(gone[1]).toMatch(/^replica: reads go to the primary: a read failed \(ECONNREFUSED/);
    } finally {
      await replica.close();
    }
  });

  it('never reads from a server that is not in recovery', async () => {
    const seen: string[] = [];
    const replica = await openReplica({
      url: s.config.databaseUrl!,
      primary: s.db,
      poolSize: 1,
      statementTimeoutMs: 5000,
      maxLagMs: 2000,
      pollMs: 60_000,
      log: { info: (l) => seen.push(l), warn: (l) => seen.push(l) },
    });
    try {
      expect(replica.choose()).toBe('primary');
      expect(seen).toEqual([
        'replica: reads go to the primary: it is not in recovery (a primary, not a replica)',
      ]);
    } finally {
      await replica.close();
    }
  });
});
