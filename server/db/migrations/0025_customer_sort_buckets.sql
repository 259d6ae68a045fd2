CREATE TABLE "customer_sort_buckets" (
	"sort" text NOT NULL,
	"status" text NOT NULL,
	"bucket" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_sort_buckets_sort_status_bucket_pk" PRIMARY KEY("sort","status","bucket")
);
--> statement-breakpoint
DROP INDEX "customers_first_name_idx";--> statement-breakpoint
DROP INDEX "customers_last_name_idx";--> statement-breakpoint
DROP INDEX "customers_email_idx";--> statement-breakpoint
CREATE INDEX "customers_first_name_idx" ON "customers" USING btree (lower("first_name") collate "C","id","status","first_name");--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree (lower("last_name") collate "C","id","status","last_name");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email") collate "C","id","status","email");--> statement-breakpoint
-- The bucket of a value of a name sort: its first two letters without case. In code point
-- order ("C") every key of a bucket sorts after every key of a smaller bucket, so the counts
-- per bucket say where a deep page starts (server/lib/bucketSeek.ts).
CREATE FUNCTION customer_sort_bucket(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT left(lower(value), 2) $$;
--> statement-breakpoint
INSERT INTO customer_sort_buckets (sort, status, bucket, n)
  SELECT s.sort, c.status, customer_sort_bucket(s.value), count(*)
  FROM customers c
  CROSS JOIN LATERAL (VALUES ('first_name', c.first_name), ('last_name', c.last_name),
    ('email', c.email)) AS s(sort, value)
  GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE customer_counts SET n = n - 1 WHERE status = OLD.status;
    UPDATE customer_day_counts SET n = n - 1
      WHERE day = order_day(OLD.created_at) AND status = OLD.status;
    UPDATE customer_sort_buckets SET n = n - 1
      WHERE status = OLD.status AND (sort, bucket) IN (
        ('first_name', customer_sort_bucket(OLD.first_name)),
        ('last_name', customer_sort_bucket(OLD.last_name)),
        ('email', customer_sort_bucket(OLD.email)));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO customer_counts (status, n) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET n = customer_counts.n + 1;
    INSERT INTO customer_day_counts (day, status, n) VALUES (order_day(NEW.created_at), NEW.status, 1)
      ON CONFLICT (day, status) DO UPDATE SET n = customer_day_counts.n + 1;
    INSERT INTO customer_sort_buckets (sort, status, bucket, n)
      VALUES ('first_name', NEW.status, customer_sort_bucket(NEW.first_name), 1),
        ('last_name', NEW.status, customer_sort_bucket(NEW.last_name), 1),
        ('email', NEW.status, customer_sort_bucket(NEW.email), 1)
      ON CONFLICT (sort, status, bucket) DO UPDATE SET n = customer_sort_buckets.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER customers_keep_counts_update ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_keep_counts_update
  AFTER UPDATE OF status, created_at, first_name, last_name, email ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_keep_counts();
