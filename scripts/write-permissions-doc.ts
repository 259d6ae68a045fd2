/**
 * Writes docs/permissions.md from the routes the server registers (`npm run docs:permissions`).
 * The app is built on an in-memory database with a throw-away DATA_DIR; nothing is served.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { renderPermissionsDoc } from '@server/permissions-doc';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs', 'permissions.md');

const dataDir = await mkdtemp(path.join(tmpdir(), 'hs-permissions-doc-'));
const database = await openDatabase({ dataDir: 'memory://' });
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'only-used-to-build-the-app',
    DIST_DIR: path.join(dataDir, 'no-dist'),
  });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  await writeFile(target, renderPermissionsDoc(app.routeAccess));
  console.log(`wrote ${path.relative(root, target)} (${app.routeAccess.length} routes)`);
  await app.close();
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
