import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { UploadStore } from '../../lib/uploadStore';
import { storeImage } from '../../lib/uploads';
import { allPermissions } from '../../permissions';
import type { Database } from '../client';
import { adminsTable, categoriesTable, seedProgressTable, type CategoryKind } from '../schema';
import { seedDemoAdmins } from './admins';
import { seedAccountDocuments } from './accountDocuments';
import { seedAccounts, withoutCharges } from './accounts';
import { seedBanners } from './banners';
import { seedCatalogue } from './catalogue';
import { seedCreditNotes } from './creditNotes';
import { seedCustomerNotes } from './customerNotes';
import { seedContent } from './content';
import { seedCustomers } from './customers';
import { seedEcommerce } from './ecommerce';
import { illustrationPng } from './images';
import { seedBusinessAndInvoices } from './invoices';
import { seedOrders } from './orders';
import { markCatalogue } from './returnables';
import { seedServiceAreas } from './service-areas';
import { seedRiders } from './riders';
import { seedSubscriptions } from './subscriptions';
import { seedReturnsAndTickets } from './support';

export interface SuperAdminInfo {
  email: string;
  /** Shown at start: the password when it is known to still be valid. */
  passwordHint: string;
}

/**
 * Ensures the super-admin of ADMIN_EMAIL exists, is active and holds the super-admin role.
 * ADMIN_PASSWORD, when set, is (re)applied; otherwise a password is generated on creation and
 * kept in DATA_DIR/admin-password so that it can be printed at every start.
 */
export async function ensureSuperAdmin(db: Database, config: AppConfig): Promise<SuperAdminInfo> {
  const email = config.adminEmail;
  const passwordFile = path.join(config.dataDir, 'admin-password');
  const [existing] = await db.select().from(adminsTable).where(eq(adminsTable.email, email));

  if (!existing) {
    const generated = !config.adminPassword && !existsSync(passwordFile);
    const password =
      config.adminPassword ??
      (generated
        ? randomBytes(9).toString('base64url')
        : readFileSync(passwordFile, 'utf8').trim());
    if (!config.adminPassword) writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
    const created = await db
      .insert(adminsTable)
      .values({
        name: 'Super Admin',
        email,
        phone: '',
        passwordHash: await hashPassword(password),
        role: 'super-admin',
        status: 'Active',
        permissions: allPermissions(true),
      })
      .onConflictDoNothing()
      .returning({ id: adminsTable.id });
    if (created.length === 0) {
      // Another instance starting at the same moment created it first: its password holds.
      if (generated) rmSync(passwordFile, { force: true });
      return ensureSuperAdmin(db, config);
    }
    return { email, passwordHint: config.adminPassword ? '(from ADMIN_PASSWORD)' : password };
  }

  const updates: Partial<typeof adminsTable.$inferInsert> = {};
  if (existing.role !== 'super-admin') updates.role = 'super-admin';
  if (existing.status !== 'Active') updates.status = 'Active';
  if (
    config.adminPassword &&
    !(await verifyPassword(existing.passwordHash, config.adminPassword))
  ) {
    updates.passwordHash = await hashPassword(config.adminPassword);
  }
  if (Object.keys(updates).length) {
    await db.update(adminsTable).set(updates).where(eq(adminsTable.id, existing.id));
  }
  if (config.adminPassword) return { email, passwordHint: '(from ADMIN_PASSWORD)' };
  if (existsSync(passwordFile)) {
    const generated = readFileSync(passwordFile, 'utf8').trim();
    if (await verifyPassword(existing.passwordHash, generated))
      return { email, passwordHint: generated };
  }
  return { email, passwordHint: '(changed since first start; set ADMIN_PASSWORD to reset it)' };
}

const SERVICE_CATEGORIES: {
  name: string;
  kind: CategoryKind;
  title: string;
  description: string;
}[] = [
  {
    name: 'Water',
    kind: 'water',
    title: '20 and 25 litre water jars',
    description:
      'Packaged drinking water in 20 and 25 litre jars, with dispensers, taps and stands.',
  },
  {
    name: 'Oxygen',
    kind: 'oxygen',
    title: 'Medical oxygen cylinders',
    description: 'Oxygen cylinders on rent or refill, with regulators, masks and flow meters.',
  },
  {
    name: 'Laundry',
    kind: 'laundry',
    title: 'Wash, iron and dry clean',
    description:
      'Doorstep pickup and delivery of laundry: wash and fold, steam iron and dry cleaning.',
  },
  {
    name: 'Tiffin',
    kind: 'tiffin',
    title: 'Home-style meal plans',
    description: 'Fresh home-cooked lunch and dinner delivered daily on weekly and monthly plans.',
  },
  {
    name: 'E-commerce',
    kind: 'ecommerce',
    title: 'Household essentials',
    description: 'Everyday household products delivered with your regular orders.',
  },
];

/**
 * The five service categories, each with its kind and a generated image, on an empty database.
 * Instances starting together on one PostgreSQL may both find it empty: the first insert wins.
 */
export async function seedCategories(db: Database, uploads: UploadStore): Promise<boolean> {
  const [any] = await db.select({ id: categoriesTable.id }).from(categoriesTable).limit(1);
  if (any) return false;
  const rows = [];
  for (const c of SERVICE_CATEGORIES) {
    const { url } = await storeImage(uploads, await illustrationPng(c.kind, c.name));
    rows.push({ ...c, image: url });
  }
  const inserted = await db
    .insert(categoriesTable)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: categoriesTable.id });
  return inserted.length > 0;
}

type Progress = (message: string) => void;

/**
 * The parts of the demo data, in order: each reads what the ones before it wrote. The jars and
 * cylinders are returnable before the orders, so that the deliveries and approved returns write
 * the ledger through their triggers; the business details come after them, so that the invoices
 * are numbered in the order the deliveries happened. A database seeded before a part existed
 * gets it, once, on its next start.
 */
const DEMO_PARTS: [
  part: string,
  write: (db: Database, uploads: UploadStore, progress: Progress) => Promise<unknown>,
][] = [
  ['catalogue', seedCatalogue],
  ['deposits-and-tax', (db) => markCatalogue(db)],
  ['ecommerce', seedEcommerce],
  ['service-areas', (db) => seedServiceAreas(db)],
  ['banners', seedBanners],
  ['admins', (db) => seedDemoAdmins(db)],
  ['customers', (db) => seedCustomers(db)],
  // The orders paid from the account are charged by the 'accounts' part, in time order among the
  // payments; until then the orders' account triggers are held back (seed/accounts.ts).
  [
    'orders',
    (db, _uploads, progress) =>
      withoutCharges(db, () =>
        seedOrders(db, 4000, (count, of) => {
          if (count % 1000 === 0 && count < of) progress(`${count} of ${of}`);
        }),
      ),
  ],
  // The running tiffin plans of the old kind (one order spanning the plan's days) move to
  // subscriptions as an upgraded database's do, before the riders' runs and cash are made.
  [
    'tiffin-plans-moved',
    (db) => withoutCharges(db, () => db.execute(sql`SELECT tiffin_orders_to_subscriptions()`)),
  ],
  ['support', (db) => seedReturnsAndTickets(db)],
  ['riders', (db) => seedRiders(db)],
  ['subscriptions', (db) => withoutCharges(db, () => seedSubscriptions(db))],
  ['accounts', (db) => seedAccounts(db)],
  ['account-documents', (db) => seedAccountDocuments(db)],
  ['invoices', (db) => seedBusinessAndInvoices(db)],
  ['content', (db) => seedContent(db)],
  ['customer-notes', (db) => seedCustomerNotes(db)],
  ['credit-notes', (db) => seedCreditNotes(db)],
];

/**
 * Realistic demo data (SEED_DEMO, on by default): the catalogue (jars and cylinders returnable,
 * HSN/SAC codes and GST rates), service areas, plans, delivery settings, banners, e-commerce
 * products, admins, customers, orders, returns, support tickets, riders, subscriptions with the
 * last week's orders made from them, the households' accounts (prepaid and postpaid, payments,
 * dues), the business details with the ledger and invoices, terms, privacy policy and contact us.
 *
 * Crash-safe: each part is written in one transaction together with its row in seed_progress,
 * so a start killed part way leaves each part either whole and marked or not there at all, and
 * the next start writes exactly the parts still missing. The marker is inserted first: on
 * PostgreSQL a second instance starting at the same time waits on its primary key until the
 * first commits, then finds the part done. A part that finds its tables already holding data
 * (the owner's own, or a database seeded before the markers, see migration 0012) writes nothing
 * there and is marked done all the same. Images are content-addressed: in PostgreSQL they are
 * written in the part's transaction; files on disk that a killed start wrote are simply reused.
 */
export async function seedDemoData(
  db: Database,
  uploads: UploadStore,
  log: Progress = () => {},
): Promise<void> {
  for (const [part, write] of DEMO_PARTS) {
    const started = Date.now();
    const wrote = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(seedProgressTable)
        .values({ part })
        .onConflictDoNothing()
        .returning({ part: seedProgressTable.part });
      if (!claimed) return false;
      log(`demo data: seeding ${part}`);
      await write(tx, uploads.within(tx), (message) => log(`demo data: ${part} ${message}`));
      return true;
    });
    if (wrote) log(`demo data: ${part} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
