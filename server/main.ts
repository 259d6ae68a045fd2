import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';
import { keepPlannerStatistics, openDatabase } from './db/client';
import { openReplica } from './db/replica';
import { ensureSuperAdmin, seedCategories, seedDemoData } from './db/seed';
import { createLogger } from './lib/logging';
import { closeOnSignals } from './lib/shutdown';
import { filesLeftOnDisk, uploadStoreFor } from './lib/uploadStore';

const config = loadConfig();
// A heap that grows by a bounded step after each full collection instead of V8's up-to-4x: the
// flag is read at every collection, so setting it here, before the load, is enough.
if (config.heapGrowingPercent > 0) {
  setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
}
// JSON lines, or readable ones in a terminal (server/lib/logging.ts, LOG_LEVEL).
const log = await createLogger();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: `${config.dataDir}/pgdata`,
  poolSize: config.databasePoolSize,
  statementTimeoutMs: config.statementTimeoutMs,
});
const uploads = uploadStoreFor(config, database.db);
if (uploads.kind === 'database' && (await filesLeftOnDisk(config.dataDir))) {
  log.warn(
    `${config.dataDir}/uploads holds image files, but with DATABASE_URL images are served from ` +
      'the database: `npm run uploads:to-db` copies those missing there (`-- --delete`: and removes the files)',
  );
}
const superAdmin = await ensureSuperAdmin(database.db, config);
await seedCategories(database.db, uploads);
if (config.seedDemo) await seedDemoData(database.db, uploads, (line) => log.info(line));
const stopStatistics = await keepPlannerStatistics(database);
// Reads on a streaming replica (DATABASE_READ_URL; docs/operations.md "Reads on a replica").
const replica = config.databaseReadUrl
  ? await openReplica({
      url: config.databaseReadUrl,
      primary: database.db,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.statementTimeoutMs,
      maxLagMs: config.databaseReadMaxLagMs,
      log,
    })
  : undefined;

// rosterClock: each day's deliveries made at the cut-off (server/modules/roster/clock.ts).
const app = await buildApp({
  config,
  db: database.db,
  replica,
  logger: log,
  uploads,
  rosterClock: {},
});
// Runs once the server has stopped listening and every request in flight is answered.
app.addHook('onClose', async () => {
  stopStatistics();
  await replica?.close();
  return database.close();
});
closeOnSignals(app, { timeoutMs: config.shutdownTimeoutMs });

await app.listen({ port: config.port, host: config.host });
const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
console.log(`
  Home services admin is running (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}/pgdata` : `PostgreSQL from DATABASE_URL${replica ? ', reads on DATABASE_READ_URL' : ''}`})
    Website:      ${base}/
    Admin panel:  ${base}/admin-panel/login
    Riders' page: ${base}/rider
    API:          ${base}/api/
  Sign in as ${superAdmin.email}  password: ${superAdmin.passwordHint}
`);
