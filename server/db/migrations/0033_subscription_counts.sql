CREATE TABLE "subscription_counts" (
	"category_id" text NOT NULL,
	"pincode" text NOT NULL,
	"status" text NOT NULL,
	"slot" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_counts_category_id_pincode_status_slot_pk" PRIMARY KEY("category_id","pincode","status","slot")
);
--> statement-breakpoint
CREATE INDEX "subscription_pauses_from_idx" ON "subscription_pauses" USING btree ("from_date");--> statement-breakpoint
-- Subscriptions per service, pin code, status and slot, kept in the same transaction as each
-- write (as customer_counts in 0008), starting from the subscriptions already stored.
INSERT INTO subscription_counts (category_id, pincode, status, slot, n)
  SELECT category_id, pincode, status, slot, count(*) FROM subscriptions
  GROUP BY category_id, pincode, status, slot;
--> statement-breakpoint
CREATE FUNCTION subscriptions_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE subscription_counts SET n = n - 1
      WHERE category_id = OLD.category_id AND pincode = OLD.pincode AND status = OLD.status
        AND slot = OLD.slot;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO subscription_counts (category_id, pincode, status, slot, n)
      VALUES (NEW.category_id, NEW.pincode, NEW.status, NEW.slot, 1)
      ON CONFLICT (category_id, pincode, status, slot)
      DO UPDATE SET n = subscription_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_keep_counts_insert_delete AFTER INSERT OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_keep_counts();
--> statement-breakpoint
CREATE TRIGGER subscriptions_keep_counts_update
  AFTER UPDATE OF category_id, pincode, status, slot ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_keep_counts();
