import { spawn } from 'node:child_process';
import { BackupError } from './archive';

type Tool = 'pg_dump' | 'pg_restore';

const INSTALL =
  'It comes with the PostgreSQL client tools, of the server’s major version or newer: on ' +
  'Debian or Ubuntu `apt-get install postgresql-client` (for a newer server, ' +
  '`postgresql-client-<version>` from apt.postgresql.org), on macOS `brew install libpq`; or ' +
  'put the server’s own bin directory first on PATH.';

/**
 * The URL without its password, which goes to the tool through PGPASSWORD instead: a command
 * line can be read by every user of the machine (ps).
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return { dbname: databaseUrl, env: {} };
  }
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; its standard output, or a BackupError with its complaint. */
function run(tool: Tool, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${tool} was not found (needed with DATABASE_URL). ${INSTALL}`)
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const said = Buffer.concat(err).toString('utf8').trim();
      const hint = /version mismatch|unsupported version/i.test(said)
        ? ` ${tool} must be of the server’s (or the backup’s) major version or newer. ${INSTALL}`
        : '';
      reject(new BackupError(`${tool} failed (exit code ${code}):\n${said}${hint}`));
    });
  });
}

/** `pg_dump (PostgreSQL) 15.14`: what made a dump. */
export async function toolVersion(tool: Tool): Promise<string> {
  return (await run(tool, ['--version'])).trim();
}

/**
 * pg_dump's custom format (compressed, restorable table by table) into `file`. It reads one
 * snapshot, so it is consistent while the servers keep writing.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, dbname], env);
}

/** The tables (`schema.name`) a custom-format dump creates; fails if pg_restore cannot read it. */
export async function tablesInDump(file: string): Promise<string[]> {
  const list = await run('pg_restore', ['--list', file]);
  // `215; 1259 16390 TABLE public admins postgres`
  return [...list.matchAll(/^\d+; \d+ \d+ TABLE (\S+) (\S+) /gm)].map((m) => `${m[1]}.${m[2]}`);
}

/**
 * Restores a custom-format dump in one transaction (a failure leaves the database as it was):
 * each object of the dump is dropped if present and created again; owners and grants are left
 * out, so that it restores under whichever user DATABASE_URL names, on any server.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
