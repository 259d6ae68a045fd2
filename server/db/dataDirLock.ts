import { readFile, rm, writeFile } from 'node:fs/promises';

/**
 * PGlite takes no lock of its own: a second process opens a data directory that a server is
 * using, both write to it, and the first to close removes the other's `postmaster.pid`. This
 * lock file beside the data directory (`DATA_DIR/pgdata.lock`, holding the owner's process id)
 * makes a second server, a backup or a restore stop with a message instead. A lock left by a
 * process that ended without closing (a crash, kill -9) is taken over.
 */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a server, or a command ` +
        'such as a backup). PGlite allows one process at a time: stop that process and try ' +
        `again. If no such process is running, delete ${lockFileOf(dataDir)}.`,
    );
    this.name = 'DataDirInUse';
  }
}

const lockFileOf = (dataDir: string) => `${dataDir}.lock`;

/** Lock files this process holds (a process id alone cannot tell its own open handles apart). */
const heldHere = new Set<string>();

/** Takes the lock of a PGlite data directory; resolves to the function that gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = lockFileOf(dataDir);
  if (heldHere.has(lockFile)) throw new DataDirInUse(dataDir, process.pid);
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    try {
      await writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(lockFile);
      return async () => {
        heldHere.delete(lockFile);
        if ((await ownerOf(lockFile)) === process.pid) await rm(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = await ownerOf(lockFile);
    // Our own id without an open handle here is a previous process that had the same id (a
    // container's server is often process 1 after every restart).
    if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
      throw new DataDirInUse(dataDir, owner);
    }
    if (owner === undefined && attempt <= 3) {
      // Just created by another process that has not written its id yet: look again.
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    await rm(lockFile, { force: true });
  }
  throw new Error(`Could not take the lock ${lockFile}: other processes keep taking it.`);
}

async function ownerOf(lockFile: string): Promise<number | undefined> {
  const text = await readFile(lockFile, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
