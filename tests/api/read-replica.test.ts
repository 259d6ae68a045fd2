/**
 * Reads on a replica (DATABASE_READ_URL): when the replica may be read from, and where one read
 * call goes. The same choice on a real PostgreSQL server: tests/postgres/read-replica.test.ts;
 * with a streaming replica behind HAProxy: `npm run cluster:check`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { chooseRead, judgeProbe, replicaFault, type ReplicaProbe } from '@server/db/replica';
import { laterLsn, parseLsn } from '@shared/lsn';
import { bearer, createTestServer, type TestServer } from './helpers';

const MAX_LAG = 2000;
const NOW = 1_000_000;
const streaming: ReplicaProbe = {
  inRecovery: true,
  replayLsn: '2/A0000028',
  caughtUp: true,
  replayAgeMs: 3_600_000,
};

describe('WAL positions', () => {
  it('reads and orders them as PostgreSQL writes them', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('2/A0000028')).toBe((2n << 32n) + 0xa0000028n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    for (const bad of ['', '16B3748', '0/', 'G/1', '0/123456789', '1/2/3', ' ']) {
      expect(parseLsn(bad)).toBeUndefined();
    }
    expect(laterLsn('0/FFFFFFF0', '1/10')).toBe('1/10');
    expect(laterLsn('1/10', '0/FFFFFFF0')).toBe('1/10');
    expect(laterLsn(undefined, '0/5')).toBe('0/5');
    expect(laterLsn('0/5', 'nonsense')).toBe('0/5');
  });
});

describe('whether the replica may be read from', () => {
  it('reads from a replica that has replayed all it received, however old the last commit', () => {
    // An idle primary: nothing to replay, the last transaction an hour ago.
    expect(judgeProbe(streaming, MAX_LAG, NOW)).toEqual({
      usable: true,
      at: NOW,
      replayLsn: parseLsn('2/A0000028'),
      lagMs: 0,
    });
  });

  it('reads from one replaying within the lag bound, not from one further behind', () => {
    const behind = (ms: number) =>
      judgeProbe({ ...streaming, caughtUp: false, replayAgeMs: ms }, MAX_LAG, NOW);
    expect(behind(1500)).toMatchObject({ usable: true, lagMs: 1500 });
    expect(behind(5200)).toEqual({
      usable: false,
      at: NOW,
      reason: 'it is 5.2 s behind the primary (more than DATABASE_READ_MAX_LAG_MS, 2000 ms)',
    });
    // A write after a quiet hour, received and not replayed yet, by a replica caught up at the
    // last look: behind by no more than since that look.
    expect(judgeProbe({ ...streaming, caughtUp: false }, MAX_LAG, NOW, NOW - 500)).toMatchObject({
      usable: true,
      lagMs: 500,
    });
    expect(judgeProbe({ ...streaming, caughtUp: false }, MAX_LAG, NOW, NOW - 2500)).toMatchObject({
      usable: false,
    });
    // Not streaming and nothing replayed since it started: nothing says how far behind it is.
    expect(judgeProbe({ ...streaming, caughtUp: false, replayAgeMs: null }, MAX_LAG, NOW)).toEqual({
      usable: false,
      at: NOW,
      reason: 'it is not streaming from the primary (more than DATABASE_READ_MAX_LAG_MS, 2000 ms)',
    });
  });

  it('never reads from a server that is not in recovery (a primary, or a promoted replica)', () => {
    expect(
      judgeProbe({ ...streaming, inRecovery: false, replayLsn: null }, MAX_LAG, NOW),
    ).toMatchObject({ usable: false, reason: 'it is not in recovery (a primary, not a replica)' });
  });
});

describe('where a read goes', () => {
  const usable = judgeProbe(streaming, MAX_LAG, NOW);
  const STALE = 2000;

  it('goes to a usable replica, to the primary when it is not or was not looked at lately', () => {
    expect(chooseRead(usable, NOW + 400, STALE)).toBe('replica');
    expect(chooseRead(undefined, NOW, STALE)).toBe('primary');
    expect(chooseRead({ usable: false, at: NOW, reason: 'down' }, NOW, STALE)).toBe('primary');
    expect(chooseRead(usable, NOW + STALE + 1, STALE)).toBe('primary');
  });

  it("goes to the replica only once it has replayed the caller's last write", () => {
    expect(chooseRead(usable, NOW, STALE, parseLsn('2/A0000028'))).toBe('replica');
    expect(chooseRead(usable, NOW, STALE, parseLsn('2/A0000000'))).toBe('replica');
    expect(chooseRead(usable, NOW, STALE, parseLsn('2/A0000029'))).toBe('primary');
    expect(chooseRead(usable, NOW, STALE, parseLsn('3/0'))).toBe('primary');
  });

  it('runs on the primary a read the replica failed: gone, starting, or in a recovery conflict', () => {
    const answered = (code: string) =>
      Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
    expect(replicaFault(new Error('Connection terminated unexpectedly'))).toEqual({ down: true });
    expect(replicaFault(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toEqual({
      down: true,
    });
    expect(replicaFault(answered('57P01'))).toEqual({ down: true }); // admin shutdown
    expect(replicaFault(answered('57P03'))).toEqual({ down: true }); // starting up
    expect(replicaFault(answered('08006'))).toEqual({ down: true });
    // Cancelled to replay the primary's WAL: the replica is fine, this query is not.
    expect(replicaFault(answered('40001'))).toEqual({ down: false });
    // The query's own fault (a timeout, bad input) is the same on the primary: no second try.
    expect(replicaFault(answered('57014'))).toBeUndefined();
    expect(replicaFault(answered('22P02'))).toBeUndefined();
  });
});

describe('the settings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-replica-config-'));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('takes a replica beside a PostgreSQL primary only, and bounds its lag', () => {
    const both = load({ DATABASE_URL: 'postgres://p/db', DATABASE_READ_URL: 'postgres://r/db' });
    expect(both.databaseReadUrl).toBe('postgres://r/db');
    expect(both.databaseReadMaxLagMs).toBe(2000);
    expect(load({}).databaseReadUrl).toBeUndefined();
    expect(() => load({ DATABASE_READ_URL: 'postgres://r/db' })).toThrow(
      'DATABASE_READ_URL is a replica of the PostgreSQL server of DATABASE_URL: set DATABASE_URL too.',
    );
    expect(load({ DATABASE_READ_MAX_LAG_MS: '5000' }).databaseReadMaxLagMs).toBe(5000);
    expect(() => load({ DATABASE_READ_MAX_LAG_MS: '10' })).toThrow(
      'DATABASE_READ_MAX_LAG_MS must be a whole number from 100 to 600000 (it is "10").',
    );
  });
});

describe('without a replica', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s?.close());

  it('adds no header to writes or reads, and reads the primary whatever the caller sends', async () => {
    const added = await s.app.inject({
      method: 'POST',
      url: '/api/pincode/add',
      headers: bearer(s.superToken),
      payload: { pinCode: '560001', pinType: 'Home' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.headers['x-read-after']).toBeUndefined();
    const list = await s.app.inject({
      url: '/api/pincode/get-paginated-pincodes?search=560001',
      headers: { ...bearer(s.superToken), 'x-read-after': 'not a position' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-read-from']).toBeUndefined();
    expect(list.json().result.pincodes).toHaveLength(1);
  });
});
