import { buildApp } from './app';
import { loadConfig } from './config';
import { keepPlannerStatistics, openDatabase } from './db/client';
import { ensureSuperAdmin, seedCategories, seedDemoData } from './db/seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: `${config.dataDir}/pgdata`,
  poolSize: config.databasePoolSize,
  statementTimeoutMs: config.statementTimeoutMs,
});
const superAdmin = await ensureSuperAdmin(database.db, config);
await seedCategories(database.db, config.dataDir);
if (config.seedDemo) await seedDemoData(database.db, config.dataDir, (line) => console.log(line));
const stopStatistics = await keepPlannerStatistics(database);

const app = await buildApp({
  config,
  db: database.db,
  logger: { level: process.env.LOG_LEVEL || 'info' },
});
app.addHook('onClose', () => {
  stopStatistics();
  return database.close();
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}

await app.listen({ port: config.port, host: config.host });
const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
console.log(`
  Home services admin is running (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}/pgdata` : 'PostgreSQL from DATABASE_URL'})
    Website:      ${base}/
    Admin panel:  ${base}/admin-panel/login
    API:          ${base}/api/
  Sign in as ${superAdmin.email}  password: ${superAdmin.passwordHint}
`);
