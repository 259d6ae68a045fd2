CREATE TABLE "returnable_holder_days" (
	"day" date PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returnable_holders" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"oldest_outstanding_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "returnable_outstanding_days" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "returnable_holders_oldest_idx" ON "returnable_holders" USING btree ("oldest_outstanding_at") WHERE "returnable_holders"."oldest_outstanding_at" IS NOT NULL;
--> statement-breakpoint
UPDATE returnable_outstanding_days d SET units = s.units
  FROM (SELECT category_id, order_day(oldest_outstanding_at) AS day, sum(outstanding) AS units
          FROM returnable_balances WHERE outstanding > 0 GROUP BY 1, 2) s
 WHERE d.category_id = s.category_id AND d.day = s.day;
--> statement-breakpoint
INSERT INTO returnable_holders (customer_id, oldest_outstanding_at)
  SELECT customer_id, min(oldest_outstanding_at) FILTER (WHERE outstanding > 0)
  FROM returnable_balances GROUP BY customer_id;
--> statement-breakpoint
INSERT INTO returnable_holder_days (day, n)
  SELECT order_day(oldest_outstanding_at), count(*)
  FROM returnable_holders WHERE oldest_outstanding_at IS NOT NULL GROUP BY 1;
--> statement-breakpoint
-- As 0026, with the units of each day, and each customer's oldest unit out of any item with
-- the holders per day of it. The customer's row is locked before their balances are read, so
-- that two transactions changing two of their balances at once take turns and the second reads
-- what the first wrote.
CREATE OR REPLACE FUNCTION returnable_balances_keep_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
  was timestamptz;
  now_oldest timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.outstanding > 0
      AND OLD.oldest_outstanding_at IS NOT NULL THEN
    UPDATE returnable_outstanding_days SET n = n - 1, units = units - OLD.outstanding
      WHERE category_id = OLD.category_id AND day = order_day(OLD.oldest_outstanding_at);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.outstanding > 0
      AND NEW.oldest_outstanding_at IS NOT NULL THEN
    INSERT INTO returnable_outstanding_days (category_id, day, n, units)
      VALUES (NEW.category_id, order_day(NEW.oldest_outstanding_at), 1, NEW.outstanding)
      ON CONFLICT (category_id, day) DO UPDATE SET n = returnable_outstanding_days.n + 1,
        units = returnable_outstanding_days.units + excluded.units;
  END IF;
  FOR who IN SELECT DISTINCT c FROM unnest(ARRAY[OLD.customer_id, NEW.customer_id]) AS c
      WHERE c IS NOT NULL LOOP
    INSERT INTO returnable_holders (customer_id) VALUES (who) ON CONFLICT (customer_id) DO NOTHING;
    SELECT oldest_outstanding_at INTO was FROM returnable_holders WHERE customer_id = who
      FOR UPDATE;
    SELECT min(oldest_outstanding_at) INTO now_oldest FROM returnable_balances
     WHERE customer_id = who AND outstanding > 0;
    CONTINUE WHEN was IS NOT DISTINCT FROM now_oldest;
    UPDATE returnable_holders SET oldest_outstanding_at = now_oldest WHERE customer_id = who;
    IF was IS NOT NULL THEN
      UPDATE returnable_holder_days SET n = n - 1 WHERE day = order_day(was);
    END IF;
    IF now_oldest IS NOT NULL THEN
      INSERT INTO returnable_holder_days (day, n) VALUES (order_day(now_oldest), 1)
        ON CONFLICT (day) DO UPDATE SET n = returnable_holder_days.n + 1;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER returnable_balances_keep_days_update ON returnable_balances;
--> statement-breakpoint
-- Most updates of a balance change what it holds; only its name, pin code or time do not.
CREATE TRIGGER returnable_balances_keep_days_update AFTER UPDATE ON returnable_balances
  FOR EACH ROW WHEN (OLD.outstanding IS DISTINCT FROM NEW.outstanding
    OR OLD.oldest_outstanding_at IS DISTINCT FROM NEW.oldest_outstanding_at
    OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION returnable_balances_keep_days();
