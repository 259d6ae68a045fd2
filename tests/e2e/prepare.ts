/**
 * Run by the Playwright webServer before the server starts: a fresh DATA_DIR with the
 * super-admin, the seeded categories and two orders-only admins. PGlite lets one process at a
 * time open the database, so it is closed before the server opens it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { adminsTable } from '../../server/db/schema';
import { ensureSuperAdmin, seedCategories } from '../../server/db/seed';
import { seedCustomers } from '../../server/db/seed/customers';
import { hashPassword } from '../../server/lib/passwords';
import { ORDERS_ADMIN, RECOVER_ADMIN } from './fixtures';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('prepare.ts needs DATA_DIR');
rmSync(path.resolve(dataDir), { recursive: true, force: true });

const config = loadConfig(); // recreates DATA_DIR
const database = await openDatabase({ dataDir: `${config.dataDir}/pgdata` });
try {
  await ensureSuperAdmin(database.db, config);
  await seedCategories(database.db, config.dataDir);
  // A few customers for the customer screens (demo data is off in browser tests).
  await seedCustomers(database.db, 12);
  for (const admin of [ORDERS_ADMIN, RECOVER_ADMIN]) {
    await database.db.insert(adminsTable).values({
      name: admin.name,
      email: admin.email,
      phone: '',
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
      status: 'Active',
      permissions: { orders: true },
    });
  }
} finally {
  await database.close();
}
console.log(`e2e data prepared in ${config.dataDir}`);
