import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from '@server/db/dataDirLock';

/** The lock that keeps a second process off an embedded database (PGlite has none of its own). */
describe('lockDataDir', () => {
  let dir: string;
  let pgdata: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hs-lock-'));
    pgdata = path.join(dir, 'pgdata');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds the process id beside the data dir until given back', async () => {
    const unlock = await lockDataDir(pgdata);
    expect((await readFile(`${pgdata}.lock`, 'utf8')).trim()).toBe(String(process.pid));
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
    expect((await readFile(`${pgdata}.lock`, 'utf8')).trim()).toBe(String(process.pid));
    await unlock();
  });
});
