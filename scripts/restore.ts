/**
 * `npm run restore -- FILE [--force]`: puts a backup's database and uploaded images in place of
 * the configured ones (server/ops/backup.ts), after checking every file of the archive.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { BackupError } from '@server/ops/archive';
import { restoreBackup } from '@server/ops/restore';
import { megabytes, runCommand } from './ops-command';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup made by \`npm run backup\` into DATABASE_URL's PostgreSQL database, else into
the embedded database in DATA_DIR/pgdata (stop the server first), and DATA_DIR/uploads.
A backup of the embedded database with DATABASE_URL set moves it into that PostgreSQL database,
which must be empty, its images into the database's uploads table.
  --force   replace a database or uploads that are not empty`;

await runCommand(USAGE, async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(USAGE);
  if (positionals.length !== 1) throw new BackupError(`Name one backup file.\n\n${USAGE}`);
  const config = loadConfig();
  const { manifest, moved } = await restoreBackup(config, {
    file: positionals[0]!,
    force: values.force,
    log: console.log,
  });
  if (moved) {
    return console.log(
      `Moved the embedded database of the backup of ${manifest.createdAt} into the PostgreSQL ` +
        `database of DATABASE_URL: ${moved.tables} tables, ${moved.rows.toLocaleString('en-US')} ` +
        `rows, and ${moved.uploads} uploaded images into its uploads table.\n` +
        'Start the servers with this DATABASE_URL and the JWT_SECRET the embedded server had ' +
        '(or the same DATA_DIR, for its jwt-secret file), so that sessions survive.',
    );
  }
  console.log(
    `Restored the backup of ${manifest.createdAt}: ` +
      `${manifest.database.kind === 'pglite' ? `the embedded database into ${config.dataDir}/pgdata` : 'the PostgreSQL database of DATABASE_URL'} ` +
      `(${manifest.database.migrations} migrations) and ${manifest.uploads.files} uploaded files ` +
      `(${megabytes(manifest.uploads.bytes)}) into ${config.dataDir}/uploads.\n` +
      'Start the server: it applies any migration newer than the backup. The token secret and ' +
      'the generated admin password of DATA_DIR are not part of a backup (docs/operations.md).',
  );
});
