-- The orders lists' filters (issue 13.1): the per-day counters split by urgency, so that the
-- total of a list filtered by a date range or to emergencies sums counters instead of counting
-- orders; and the indexes of the pin code and 'emergency only' filters.
-- The counters are refilled inside this migration's transaction: no write is missed.
ALTER TABLE "order_day_counts" DROP CONSTRAINT "order_day_counts_day_category_id_status_order_type_pk";--> statement-breakpoint
ALTER TABLE "order_day_counts" ADD COLUMN "is_emergency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
LOCK TABLE orders IN SHARE MODE;--> statement-breakpoint
DELETE FROM order_day_counts;--> statement-breakpoint
INSERT INTO order_day_counts (day, category_id, status, order_type, is_emergency, n)
  SELECT order_day(created_at), category_id, status, order_type, is_emergency, count(*)
  FROM orders GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ALTER TABLE "order_day_counts" ADD CONSTRAINT "order_day_counts_day_category_id_status_order_type_is_emergency_pk" PRIMARY KEY("day","category_id","status","order_type","is_emergency");--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_counts SET n = n - 1
      WHERE category_id = OLD.category_id AND pincode = OLD.pincode
        AND order_type = OLD.order_type AND status = OLD.status;
    UPDATE order_daily SET n = n - 1, amount = amount - order_paid(OLD)
      WHERE day = order_day(OLD.created_at) AND category_id = OLD.category_id;
    UPDATE order_day_counts SET n = n - 1
      WHERE day = order_day(OLD.created_at) AND category_id = OLD.category_id
        AND status = OLD.status AND order_type = OLD.order_type
        AND is_emergency = OLD.is_emergency;
    UPDATE customer_order_counts SET n = n - 1
      WHERE customer_id = OLD.customer_id AND category_id = OLD.category_id
        AND status = OLD.status AND order_type = OLD.order_type;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_counts (category_id, pincode, order_type, status, n)
      VALUES (NEW.category_id, NEW.pincode, NEW.order_type, NEW.status, 1)
      ON CONFLICT (category_id, pincode, order_type, status) DO UPDATE SET n = order_counts.n + 1;
    INSERT INTO order_daily (day, category_id, n, amount)
      VALUES (order_day(NEW.created_at), NEW.category_id, 1, order_paid(NEW))
      ON CONFLICT (day, category_id) DO UPDATE
        SET n = order_daily.n + 1, amount = order_daily.amount + excluded.amount;
    INSERT INTO order_day_counts (day, category_id, status, order_type, is_emergency, n)
      VALUES (order_day(NEW.created_at), NEW.category_id, NEW.status, NEW.order_type,
        NEW.is_emergency, 1)
      ON CONFLICT (day, category_id, status, order_type, is_emergency) DO UPDATE
        SET n = order_day_counts.n + 1;
    INSERT INTO customer_order_counts (customer_id, category_id, status, order_type, n)
      VALUES (NEW.customer_id, NEW.category_id, NEW.status, NEW.order_type, 1)
      ON CONFLICT (customer_id, category_id, status, order_type) DO UPDATE
        SET n = customer_order_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE INDEX "orders_pincode_created_idx" ON "orders" USING btree ("pincode","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_emergency_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."is_emergency";
--> statement-breakpoint
-- The per-day counts now also move when an order's urgency changes.
DROP TRIGGER orders_keep_counts_update ON orders;--> statement-breakpoint
CREATE TRIGGER orders_keep_counts_update AFTER UPDATE OF
  category_id, pincode, order_type, status, created_at, total_amount, price, delivery_charge,
  customer_id, is_emergency
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_counts();
