/**
 * `npm run backup -- --out FILE [--force]`: the database and the uploaded images in one archive
 * (server/ops/backup.ts). The embedded database needs the server stopped; PostgreSQL does not.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { BackupError } from '@server/ops/archive';
import { createBackup } from '@server/ops/backup';
import { megabytes, runCommand } from './ops-command';

const USAGE = `Usage: npm run backup -- --out FILE [--force]

Writes the database (DATABASE_URL's PostgreSQL through pg_dump, with the uploaded images it
holds, else the embedded database in DATA_DIR/pgdata, which needs the server stopped) and
DATA_DIR/uploads into one tar archive.
  --out FILE   where to write it (e.g. backups/home-services-2026-01-31.tar)
  --force      replace FILE if it exists`;

await runCommand(USAGE, async () => {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(USAGE);
  if (!values.out) throw new BackupError(`--out FILE is missing.\n\n${USAGE}`);
  const report = await createBackup(loadConfig(), {
    out: values.out,
    force: values.force,
    log: console.log,
  });
  const { database, uploads } = report.manifest;
  console.log(
    `Backup written to ${report.file} (${megabytes(report.archiveBytes)}): ` +
      (database.kind === 'pglite'
        ? `the embedded database (${database.migrations} migrations) and ${uploads.files} ` +
          `uploaded files (${megabytes(uploads.bytes)}).`
        : `the PostgreSQL database (${database.migrations} migrations), which holds the ` +
          `uploaded images, and ${uploads.files} files of DATA_DIR/uploads ` +
          `(${megabytes(uploads.bytes)}).`),
  );
});
