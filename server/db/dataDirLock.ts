import { randomUUID } from 'node:crypto';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';

/**
 * PGlite takes no lock of its own: a second process opens a data directory that a server is
 * using, both write to it, and the first to close removes the other's `postmaster.pid`. This
 * lock file beside the data directory (`DATA_DIR/pgdata.lock`) makes a second server, a backup or
 * a restore stop with a message instead. It names its owner: the process id on the first line,
 * then (on Linux) that process's start time and the boot it ran in, so that a lock left by a
 * process that ended without closing (a crash, kill -9) is taken over even while the dead process
 * is a zombie not yet reaped by its parent, or when its id has since been given to another
 * process (after a reboot, a container restart).
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

/** Who holds a lock. `started` and `boot` are unknown without Linux's /proc (or in an old lock). */
interface LockOwner {
  pid: number;
  /** The process's start, in clock ticks after boot (/proc/<pid>/stat, field 22). */
  started?: string;
  /** /proc/sys/kernel/random/boot_id: a new one at every boot. */
  boot?: string;
}

/** Takes the lock of a PGlite data directory; resolves to the function that gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = lockFileOf(dataDir);
  if (heldHere.has(lockFile)) throw new DataDirInUse(dataDir, process.pid);
  // Claimed here at once, so that a second call of this process waits for nothing to refuse.
  heldHere.add(lockFile);
  let taken = false;
  // Written whole under a name of its own, then linked into place: link() fails if the lock
  // exists, so a reader never sees a half-written lock and only one process takes it.
  const draft = `${lockFile}.${randomUUID()}`;
  try {
    const mine = await ownerText(process.pid);
    await writeFile(draft, mine);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      try {
        await place(draft, lockFile, mine);
        taken = true;
        return async () => {
          heldHere.delete(lockFile);
          if ((await readFile(lockFile, 'utf8').catch(() => '')) === mine) {
            await rm(lockFile, { force: true });
          }
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = await readFile(lockFile, 'utf8').catch(() => undefined);
      if (text === undefined) continue; // given back meanwhile
      if (text === '' && attempt <= 2) {
        // Being written by place()'s fallback in another process: look again.
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const owner = parseOwner(text);
      if (owner && (await isAlive(owner))) throw new DataDirInUse(dataDir, owner.pid);
      await takeAway(lockFile, text);
    }
  } finally {
    if (!taken) heldHere.delete(lockFile);
    await rm(draft, { force: true });
  }
  throw new Error(`Could not take the lock ${lockFile}: other processes keep taking it.`);
}

/** Creates the lock from its draft; fails with EEXIST when there is one. */
async function place(draft: string, lockFile: string, text: string) {
  try {
    await link(draft, lockFile);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    // A file system without hard links (some network mounts): created in place instead.
    await writeFile(lockFile, text, { flag: 'wx' });
  }
}

/**
 * Removes a dead owner's lock, unless another process has replaced it meanwhile: the lock is
 * moved aside (atomically) and removed only if it is still the one judged dead, else put back.
 */
async function takeAway(lockFile: string, deadText: string) {
  const aside = `${lockFile}.${randomUUID()}`;
  try {
    await rename(lockFile, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if ((await readFile(aside, 'utf8').catch(() => '')) !== deadText) {
    // A live process's fresh lock: give it back (unless yet another one is there already).
    await link(aside, lockFile).catch(() => undefined);
  }
  await rm(aside, { force: true });
}

async function ownerText(pid: number): Promise<string> {
  const started = (await procStat(pid))?.started;
  const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
  return `${pid}\n${started ? `started=${started}\n` : ''}${boot ? `boot=${boot}\n` : ''}`;
}

function parseOwner(text: string): LockOwner | undefined {
  const [first, ...rest] = text.split('\n');
  const pid = Number(first?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const fields = new Map(rest.map((line) => line.trim().split('=', 2) as [string, string]));
  return { pid, started: fields.get('started'), boot: fields.get('boot') };
}

/** Whether the process that wrote a lock still runs. */
async function isAlive(owner: LockOwner): Promise<boolean> {
  // Our own id without an open handle here is a previous process that had the same id (a
  // container's server is often process 1 after every restart).
  if (owner.pid === process.pid) return false;
  if (!isRunning(owner.pid)) return false;
  const stat = await procStat(owner.pid);
  if (!stat) return true; // no /proc (macOS): the id alone
  // A killed process stays a zombie until its parent waits for it: dead, though its id exists.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  if (owner.boot) {
    const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
    if (boot && boot !== owner.boot) return false;
  }
  // The same id started at another time is another process that was given the id.
  return owner.started === undefined || owner.started === stat.started;
}

/** State and start time of a process from Linux's /proc; undefined elsewhere or when gone. */
async function procStat(pid: number): Promise<{ state: string; started: string } | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!text) return undefined;
  // "pid (command) state ppid ...": the command may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, started] = [fields[0], fields[19]];
  return state && started ? { state, started } : undefined;
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
