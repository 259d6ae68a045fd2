CREATE TABLE "returnable_outstanding_days" (
	"category_id" text NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "returnable_outstanding_days_category_id_day_pk" PRIMARY KEY("category_id","day")
);
--> statement-breakpoint
INSERT INTO returnable_outstanding_days (category_id, day, n)
  SELECT category_id, order_day(oldest_outstanding_at), count(*)
  FROM returnable_balances WHERE outstanding > 0 GROUP BY 1, 2;
--> statement-breakpoint
-- A balance counts on the day of its oldest unit out while it holds any. The ledger's trigger
-- sets outstanding first and the oldest moment just after, in the same entry: a balance is
-- counted once it has both.
CREATE FUNCTION returnable_balances_keep_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.outstanding > 0
      AND OLD.oldest_outstanding_at IS NOT NULL THEN
    UPDATE returnable_outstanding_days SET n = n - 1
      WHERE category_id = OLD.category_id AND day = order_day(OLD.oldest_outstanding_at);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.outstanding > 0
      AND NEW.oldest_outstanding_at IS NOT NULL THEN
    INSERT INTO returnable_outstanding_days (category_id, day, n)
      VALUES (NEW.category_id, order_day(NEW.oldest_outstanding_at), 1)
      ON CONFLICT (category_id, day) DO UPDATE SET n = returnable_outstanding_days.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returnable_balances_keep_days_insert_delete AFTER INSERT OR DELETE
  ON returnable_balances FOR EACH ROW EXECUTE FUNCTION returnable_balances_keep_days();
--> statement-breakpoint
-- Most entries change a balance's counts but not whether it holds any or since when.
CREATE TRIGGER returnable_balances_keep_days_update AFTER UPDATE ON returnable_balances
  FOR EACH ROW WHEN ((OLD.outstanding > 0) IS DISTINCT FROM (NEW.outstanding > 0)
    OR OLD.oldest_outstanding_at IS DISTINCT FROM NEW.oldest_outstanding_at
    OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION returnable_balances_keep_days();
