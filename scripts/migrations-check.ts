/**
 * `npm run migrations:check -- [--url postgres://...] [--migration <tag>] [--writers N] [--force]`:
 * shows that orders keep being written while a migration runs on large data (docs/operations.md,
 * "Migrations"). On the PostgreSQL database of `--url` (else DATABASE_URL), which seed:large must
 * have filled (its `seed:large` row in `seed_progress`) unless `--force`:
 *
 *   1. migrates it, as a start would;
 *   2. undoes the newest migration of the journal (or `--migration`): drops what it made and
 *      deletes its bookkeeping row (an undo known to this script: UNDO below, or the indexes of a
 *      migration that only builds them CONCURRENTLY);
 *   3. starts writers (`--writers`, 4 by default) placing orders and delivering them, as the shop
 *      does: an order copied from one of the database's own as a new Pending order, then the same
 *      order Delivered, which fires every trigger a delivery fires (counters, the jars-and-
 *      cylinders ledger, the account's charge);
 *   4. applies the migration again through the server's runner (server/db/migrate.ts), then a
 *      demonstration of an online migration that builds an index over `orders` CONCURRENTLY
 *      (dropped afterwards, no bookkeeping row);
 *   5. prints, per migration, its duration and the writes' count, p99 and max latency while it
 *      ran (and before, for comparison), and fails (exit 1) when a write took more than 1 s.
 *
 * The orders it writes stay (as invented as the rest of seed:large's data); it prints how many.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { migrationsFolder } from '@server/db/client';
import {
  applyMigration,
  MIGRATIONS_TABLE,
  pgMigrationSql,
  readMigrations,
  runMigrations,
  type Migration,
} from '@server/db/migrate';
import { SEEDED_MARK } from '@server/db/seed/large';

/** A write that waited longer than this fails the check. */
const LIMIT_MS = 1000;
/** Writes measured before the migration, for comparison. */
const BASELINE_MS = 3000;

/** How to take back a migration that is not only CONCURRENTLY built indexes. */
const UNDO: Record<string, string[]> = {
  '0044_sales_reports': [
    'DROP TRIGGER IF EXISTS sales_monthly_keep_invoices ON invoices',
    'DROP TRIGGER IF EXISTS sales_monthly_keep_notes ON credit_notes',
    'DROP TRIGGER IF EXISTS collections_daily_keep ON account_entries',
    'DROP FUNCTION IF EXISTS sales_monthly_keep_invoices()',
    'DROP FUNCTION IF EXISTS sales_monthly_keep_notes()',
    'DROP FUNCTION IF EXISTS collections_daily_keep()',
    'DROP TABLE IF EXISTS sales_monthly',
    'DROP TABLE IF EXISTS collections_daily',
  ],
  '0045_session_notify': [
    'DROP TRIGGER IF EXISTS admins_announce ON admins',
    'DROP TRIGGER IF EXISTS admins_truncate_announce ON admins',
    'DROP TRIGGER IF EXISTS revoked_sessions_announce ON revoked_sessions',
    'DROP FUNCTION IF EXISTS admin_sessions_announce()',
  ],
  '0048_open_slot_counts': [
    'DROP TRIGGER IF EXISTS orders_keep_open_slot_counts_insert ON orders',
    'DROP TRIGGER IF EXISTS orders_keep_open_slot_counts_update ON orders',
    'DROP TRIGGER IF EXISTS orders_keep_open_slot_counts_delete ON orders',
    'DROP FUNCTION IF EXISTS orders_keep_open_slot_counts_inserted()',
    'DROP FUNCTION IF EXISTS orders_keep_open_slot_counts()',
    'DROP TABLE IF EXISTS order_open_slot_counts',
  ],
};

/** An online migration as one would write it: an index over the 10 M orders, built CONCURRENTLY. */
const DEMO: Migration = {
  tag: 'demo: CREATE INDEX CONCURRENTLY on orders',
  when: 0,
  hash: '',
  statements: [
    `CREATE INDEX CONCURRENTLY IF NOT EXISTS migrations_check_demo_idx
       ON orders (customer_id, status, updated_at)`,
  ],
  online: true,
};
const DEMO_UNDO = ['DROP INDEX CONCURRENTLY IF EXISTS migrations_check_demo_idx'];

const USAGE = `npm run migrations:check -- [--url postgres://...] [--migration <tag>] [--writers N] [--force]

  --url        the PostgreSQL database (default: DATABASE_URL); seed:large must have filled it
  --migration  the migration to undo and run again (default: the newest of the journal)
  --writers    connections placing and delivering orders meanwhile (default 4)
  --force      run on a database seed:large did not fill (it undoes a migration there and
               writes invented orders into it)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      url: { type: 'string' },
      migration: { type: 'string' },
      writers: { type: 'string', default: '4' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const url = args.url ?? process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  fail(
    'Give a PostgreSQL database: --url postgres://... or DATABASE_URL (PGlite runs one connection, so no writer could run beside a migration there).',
  );
}
const writers = Number(args.writers);
if (!Number.isInteger(writers) || writers < 1 || writers > 32) fail('--writers is 1 to 32.');

const journal = readMigrations(migrationsFolder);
const subject = args.migration
  ? journal.find((m) => m.tag === args.migration || m.tag.startsWith(`${args.migration}_`))
  : journal.at(-1);
if (!subject) fail(`No migration ${args.migration} in ${migrationsFolder}.`);
const undo = UNDO[subject.tag] ?? indexUndo(subject);
if (!undo) {
  fail(
    `This check does not know how to undo ${subject.tag}: add its statements to UNDO in ` +
      `scripts/migrations-check.ts.`,
  );
}

/** DROP INDEX CONCURRENTLY for each index of a migration that only builds indexes so. */
function indexUndo(m: Migration): string[] | undefined {
  const names = m.statements
    .filter((s) => s.replace(/--[^\n]*/g, '').trim())
    .map(
      (s) =>
        /create\s+(?:unique\s+)?index\s+concurrently\s+(?:if\s+not\s+exists\s+)?(\S+)/i.exec(
          s,
        )?.[1],
    );
  if (!names.length || names.some((n) => !n)) return undefined;
  return names.map((n) => `DROP INDEX CONCURRENTLY IF EXISTS ${n}`);
}

const safe = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const marked = await admin
  .query(`SELECT 1 FROM seed_progress WHERE part = $1`, [SEEDED_MARK])
  .then((r) => r.rowCount === 1)
  .catch(() => false);
if (!marked && !args.force) {
  await admin.end();
  fail(
    `${safe} was not filled by npm run seed:large (no '${SEEDED_MARK}' row in seed_progress). ` +
      `This check undoes a migration and writes invented orders: run seed:large into it, or ` +
      `pass --force.`,
  );
}
await admin.query('SET statement_timeout = 0');

console.log(`migrations:check on ${safe}: ${subject.tag}, then the demo, with ${writers} writers`);
const applied = await runMigrations(pgMigrationSql(admin), { migrationsFolder });
if (applied.length) console.log(`  migrated first: ${applied.join(', ')}`);
const [{ n: orderCount }] = (await admin.query<{ n: string }>(`SELECT count(*) AS n FROM orders`))
  .rows as [{ n: string }];
console.log(`  ${Number(orderCount).toLocaleString('en-US')} orders`);

// Orders to copy: spread over the table, the kinds the shop writes now (no tiffin plans).
const samples = (
  await admin.query<{ id: string }>(
    `SELECT o.id FROM orders o TABLESAMPLE SYSTEM (1) JOIN categories c ON c.id = o.category_id
      WHERE c.kind IN ('water', 'oxygen', 'laundry') AND o.subscription_id IS NULL LIMIT 2000`,
  )
).rows.map((r) => r.id);
if (!samples.length) fail('The database has no water, oxygen or laundry orders to copy.');

interface Write {
  at: number;
  ms: number;
}
const done: Write[] = [];
/** When each write now under way started. */
const underWay = new Set<number>();
const errors: string[] = [];
let stopping = false;
let placed = 0;

const COLUMNS = `customer_id, category_id, product_id, order_type, quantity, return_quantity,
  price, amount, delivery_charge, emergency_charge, gst, total_amount, payment_method,
  is_emergency, pickup_time, delivery_time, special_instruction, address_id, address,
  delivery_address, pickup_address, pincode`;

async function writer(n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timed = async (text: string, values: unknown[]) => {
    const at = performance.now();
    underWay.add(at);
    try {
      await client.query(text, values);
    } finally {
      underWay.delete(at);
    }
    done.push({ at, ms: performance.now() - at });
  };
  try {
    for (let i = 0; !stopping; i++) {
      const id = uuidv7();
      const from = samples[(n * 7919 + i * 104_729) % samples.length];
      await timed(
        `INSERT INTO orders (id, order_id, status, ${COLUMNS})
         SELECT $1, $2, 'Pending', ${COLUMNS} FROM orders WHERE id = $3`,
        [id, `MC${Date.now().toString(36).toUpperCase()}${n}${i}`, from],
      );
      placed++;
      await timed(`UPDATE orders SET status = 'Delivered', updated_at = now() WHERE id = $1`, [id]);
      // A busy shop, not a flood: a few hundred writes a second in all.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } catch (err) {
    errors.push(`writer ${n}: ${(err as Error).message}`);
  } finally {
    await client.end();
  }
}

const p99 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The writes that were under way at some moment of [from, to]. */
const during = (from: number, to: number) =>
  done.filter((w) => w.at <= to && w.at + w.ms >= from).map((w) => w.ms);

let failed = false;
async function report(name: string, from: number, to: number, baseline: number[]) {
  // A write held back by the migration ends after it: wait for those that began before its end.
  while ([...underWay].some((at) => at <= to)) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const writes = during(from, to);
  const max = Math.max(0, ...writes);
  console.log(`\n${name}`);
  console.log(`  migration took          ${((to - from) / 1000).toFixed(1)} s`);
  console.log(
    `  writes before it        ${baseline.length} (p99 ${ms(p99(baseline))}, max ${ms(Math.max(0, ...baseline))})`,
  );
  console.log(
    `  writes while it ran     ${writes.length} (p99 ${ms(p99(writes))}, max ${ms(max)})`,
  );
  if (max > LIMIT_MS) {
    failed = true;
    console.log(`  FAIL: a write waited ${ms(max)}, more than ${LIMIT_MS} ms`);
  } else if (!writes.length) {
    failed = true;
    console.log('  FAIL: no write finished while it ran');
  } else {
    console.log(`  ok: no write waited more than ${LIMIT_MS} ms`);
  }
}

const migrator = new pg.Client({ connectionString: url });
await migrator.connect();
await migrator.query('SET statement_timeout = 0');
const migratorSql = pgMigrationSql(migrator);
const retries = (r: { attempt: number; attempts: number; waitMs: number }) =>
  console.log(`  (a lock timed out; try ${r.attempt + 1} of ${r.attempts} in ${r.waitMs} ms)`);

let running: Promise<void>[] = [];
let undone = false;
let redone = false;
try {
  for (const statement of undo) await admin.query(statement);
  await admin.query(`DELETE FROM ${MIGRATIONS_TABLE} WHERE hash = $1`, [subject.hash]);
  undone = true;
  console.log(`  undid ${subject.tag} (${undo.length} statements, its bookkeeping row)`);

  running = Array.from({ length: writers }, (_, n) => writer(n));
  const settle = async () => {
    const from = performance.now();
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    return during(from, performance.now());
  };

  let baseline = await settle();
  let from = performance.now();
  await applyMigration(migratorSql, subject, { onRetry: retries });
  redone = true;
  await report(subject.tag, from, performance.now(), baseline);

  baseline = await settle();
  from = performance.now();
  await applyMigration(migratorSql, DEMO, { record: false, onRetry: retries });
  await report(DEMO.tag, from, performance.now(), baseline);
} finally {
  stopping = true;
  await Promise.all(running);
  for (const statement of DEMO_UNDO) await admin.query(statement).catch(() => {});
  // Whatever happened above, the database ends migrated as a start leaves it.
  const back = async () => {
    if (undone && !redone) await applyMigration(pgMigrationSql(admin), subject);
    await runMigrations(pgMigrationSql(admin), { migrationsFolder });
  };
  await back().catch((err: Error) => {
    failed = true;
    console.error(`could not migrate the database back: ${err.message}`);
  });
  await migrator.end();
  await admin.end();
}

console.log(
  `\n${placed.toLocaleString('en-US')} orders placed and delivered by the writers (they stay).`,
);
if (errors.length) {
  failed = true;
  console.log(`Writes that failed:\n  ${errors.join('\n  ')}`);
}
process.exit(failed ? 1 : 0);
