import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from '@server/db/dataDirLock';
import { newStore, ServerProcess } from './serverProcess';

const LINUX = process.platform === 'linux';
/** A process's state and start time (clock ticks after boot), from Linux's /proc. */
const procStat = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, started: fields[19]! };
};
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/** The lock that keeps a second process off an embedded database (PGlite has none of its own). */
describe('lockDataDir', () => {
  let dir: string;
  let pgdata: string;
  let n = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hs-lock-'));
  });
  // A data dir of its own per test: a lock one test leaves held cannot decide the next.
  beforeEach(() => {
    n += 1;
    pgdata = path.join(dir, `pgdata-${n}`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds the process id beside the data dir until given back', async () => {
    const unlock = await lockDataDir(pgdata);
    const [pid, ...identity] = (await readFile(`${pgdata}.lock`, 'utf8')).trim().split('\n');
    expect(pid).toBe(String(process.pid));
    // On Linux, also which process of that id: its start time and the boot it runs in.
    if (LINUX) {
      expect(identity).toEqual([`started=${procStat(process.pid).started}`, `boot=${bootId()}`]);
    }
    await expect(lockDataDir(pgdata)).rejects.toThrow(DataDirInUse);
    await unlock();
    await expect(readFile(`${pgdata}.lock`)).rejects.toThrow(/ENOENT/);
    await (
      await lockDataDir(pgdata)
    )();
  });

  it('refuses while another running process holds it, naming it', async () => {
    await writeFile(`${pgdata}.lock`, `${process.ppid}\n`);
    await expect(lockDataDir(pgdata)).rejects.toThrow(
      `The embedded database in ${pgdata} is in use by process ${process.ppid}`,
    );
    await rm(`${pgdata}.lock`);
  });

  it('takes over the lock of a process that ended without giving it back', async () => {
    const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
    await writeFile(`${pgdata}.lock`, `${ended}\n`);
    const unlock = await lockDataDir(pgdata);
    expect((await readFile(`${pgdata}.lock`, 'utf8')).split('\n')[0]).toBe(String(process.pid));
    await unlock();
  });

  it.runIf(LINUX)('tells the process that wrote it from another given the same id', async () => {
    const { started } = procStat(process.ppid);
    // Written by that very process (same start, same boot): refused.
    await writeFile(`${pgdata}.lock`, `${process.ppid}\nstarted=${started}\nboot=${bootId()}\n`);
    await expect(lockDataDir(pgdata)).rejects.toThrow(`in use by process ${process.ppid}`);
    // The id of a live process that is not the one that wrote the lock: started at another
    // time (the id was given again), or in an earlier boot. Taken over.
    for (const identity of [
      `started=${Number(started) + 1}\nboot=${bootId()}`,
      `started=${started}\nboot=00000000-0000-0000-0000-000000000000`,
    ]) {
      await writeFile(`${pgdata}.lock`, `${process.ppid}\n${identity}\n`);
      const unlock = await lockDataDir(pgdata);
      expect((await readFile(`${pgdata}.lock`, 'utf8')).split('\n')[0]).toBe(String(process.pid));
      await unlock();
    }
  });

  it.runIf(LINUX)('takes over the lock of a killed process not yet reaped (a zombie)', async () => {
    // A shell that starts a child, then becomes `sleep`, which never waits for it: killed, the
    // child stays a zombie while the sleep runs.
    const parent = spawn('/bin/sh', ['-c', 'sleep 600 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const zombie = Number(
      await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(`${d}`))),
    );
    try {
      await expect
        .poll(() => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim())
        .toBe('sleep');
      process.kill(zombie, 'SIGKILL');
      await expect.poll(() => procStat(zombie).state).toBe('Z');
      // With its start time or without it (a lock of an older version): dead either way.
      const { started } = procStat(zombie);
      await writeFile(`${pgdata}.lock`, `${zombie}\nstarted=${started}\nboot=${bootId()}\n`);
      await (
        await lockDataDir(pgdata)
      )();
      await writeFile(`${pgdata}.lock`, `${zombie}\n`);
      const unlock = await lockDataDir(pgdata);
      expect((await readFile(`${pgdata}.lock`, 'utf8')).split('\n')[0]).toBe(String(process.pid));
      await unlock();
    } finally {
      for (const pid of [zombie, parent.pid!]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  });
});

/**
 * The real server killed with kill -9 and started again at once, while the killed process is
 * still a zombie (its parent has not waited for it yet): the lock it left must not stop the
 * new one. PGlite only (PostgreSQL needs no lock).
 */
describe.runIf(LINUX && !process.env.TEST_DATABASE_URL)('a server restarted after kill -9', () => {
  it('starts at once, though the killed server is not yet reaped', async () => {
    const store = await newStore();
    const first = new ServerProcess(store, { SEED_DEMO: 'false' }, { zombieWhenKilled: true });
    await first.ready();
    const pid = await first.crash();
    await expect.poll(() => procStat(pid).state).toBe('Z');

    const second = new ServerProcess(store, { SEED_DEMO: 'false' });
    const base = await second.ready();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // The killed one was still a zombie when the second took over its lock.
    expect(procStat(pid).state).toBe('Z');
    await second.stop();
  }, 300_000);
});
