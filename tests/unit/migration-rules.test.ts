/**
 * Migrations written from now on keep the shop open while they run at 10 M orders
 * (docs/operations.md, "Migrations"): no index built on a big table without CONCURRENTLY, no
 * column added that rewrites one, no column type changed on one, no VACUUM FULL or CLUSTER.
 */
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '@server/db/client';
import { readMigrations } from '@server/db/migrate';
import { migrationRuleBreaks, RULES_FROM_AFTER } from '@server/db/migrationRules';

const newer = readMigrations(migrationsFolder).filter(
  (m) => Number(m.tag.slice(0, 4)) > RULES_FROM_AFTER,
);

describe('migration rules', () => {
  it.each(newer.map((m) => [m.tag, m.statements.join('--> statement-breakpoint')]))(
    '%s keeps the rules for big tables',
    (_tag, sql) => {
      expect(migrationRuleBreaks(sql)).toEqual([]);
    },
  );

  it('passes what an online migration does', () => {
    expect(
      migrationRuleBreaks(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_rider_day_idx"
  ON "orders" USING btree ("rider_id", "created_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "route_note" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seen_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_fk" FOREIGN KEY ("order_id")
  REFERENCES "orders"("id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "invoices" VALIDATE CONSTRAINT "invoices_order_fk";
--> statement-breakpoint
CREATE TABLE "route_notes" ("id" text PRIMARY KEY, "note" text NOT NULL);
--> statement-breakpoint
CREATE INDEX "route_notes_note_idx" ON "route_notes" ("note");
--> statement-breakpoint
-- A comment saying CLUSTER or VACUUM FULL is no statement.
UPDATE "delivery_charges" SET "price" = 10;`),
    ).toEqual([]);
  });

  it('names each statement that would stop the writes, and why', () => {
    const breaks = migrationRuleBreaks(`CREATE INDEX "orders_rider_idx" ON "orders" ("rider_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS invoices_no ON public.invoices (number);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "route" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_entries" ADD COLUMN "uid" uuid DEFAULT gen_random_uuid();
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigserial;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "amount" SET DATA TYPE numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "phone" SET NOT NULL;
--> statement-breakpoint
VACUUM FULL orders;
--> statement-breakpoint
CLUSTER order_status_history USING order_status_history_order_idx;
--> statement-breakpoint
UPDATE orders SET notes = '' WHERE notes IS NULL;`);
    expect(breaks).toEqual([
      expect.stringContaining('an index on orders must be built CONCURRENTLY'),
      expect.stringContaining('an index on invoices must be built CONCURRENTLY'),
      expect.stringContaining('a NOT NULL column added to orders needs a default'),
      expect.stringContaining('a column filled row by row rewrites account_entries'),
      expect.stringContaining('a column filled row by row rewrites audit_log'),
      expect.stringContaining("changing a column's type on orders rewrites it"),
      expect.stringContaining('SET NOT NULL scans customers under its lock'),
      expect.stringContaining('VACUUM FULL locks the table out'),
      expect.stringContaining('CLUSTER locks the table out'),
      expect.stringContaining('rows of orders are changed in batches that commit'),
    ]);
  });

  it('lets a no-transaction migration change rows of a big table through a batching procedure', () => {
    expect(
      migrationRuleBreaks(`-- migrate: no-transaction
CREATE OR REPLACE PROCEDURE orders_notes_backfill() LANGUAGE plpgsql AS $$
BEGIN
  LOOP
    UPDATE orders SET notes = '' WHERE id IN (SELECT id FROM orders WHERE notes IS NULL LIMIT 5000);
    EXIT WHEN NOT FOUND;
    COMMIT;
  END LOOP;
END $$;
--> statement-breakpoint
CALL orders_notes_backfill();`),
    ).toEqual([]);
  });
});
