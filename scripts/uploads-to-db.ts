/**
 * `npm run uploads:to-db [-- --delete]`: copies the uploaded images of DATA_DIR/uploads into the
 * PostgreSQL database of DATABASE_URL, where servers on PostgreSQL serve them from
 * (server/ops/uploadsToDatabase.ts). Run once when moving from the embedded database or from a
 * shared uploads folder; running it again copies nothing twice.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { moveUploadsToDatabase } from '@server/ops/uploadsToDatabase';
import { runCommand } from './ops-command';

const USAGE = `Usage: npm run uploads:to-db [-- --delete]

Copies every image of DATA_DIR/uploads into the database of DATABASE_URL (the \`uploads\` table),
checking each one's SHA-256 on disk and once stored. Images already there are left as they are.
  --delete   remove each file from DATA_DIR/uploads once it is checked in the database`;

await runCommand(USAGE, async () => {
  const { values } = parseArgs({
    options: { delete: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  const report = await moveUploadsToDatabase(config, { delete: values.delete, log: console.log });
  const checked = report.copied + report.present;
  console.log(
    `${report.files} image files: ${report.copied} copied into the database, ${report.present} ` +
      `already there; ${checked} checked against their SHA-256 in the database.`,
  );
  if (values.delete) console.log(`Removed ${report.removed} files from ${config.dataDir}/uploads.`);
  else if (checked > 0) console.log('The files are left in place: --delete removes them.');
  if (report.skipped.length > 0) {
    console.log(
      `Left alone ${report.skipped.length} files that are not uploads: ${report.skipped.join(', ')}`,
    );
  }
  if (report.damaged.length > 0) {
    process.exitCode = 1;
    console.error(
      `Not copied, ${report.damaged.length} damaged files (restore them from a backup):\n  ` +
        report.damaged.join('\n  '),
    );
  }
});
