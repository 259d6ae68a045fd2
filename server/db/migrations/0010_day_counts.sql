-- Per-day counts for deep pages (server/lib/daySeek.ts) and per-customer order counts for the
-- totals of searches, kept by the same triggers as the other counters (0005, 0008), in the same
-- transaction as each write, whoever writes. Filled from the rows already stored.
INSERT INTO order_day_counts (day, category_id, status, order_type, n)
  SELECT order_day(created_at), category_id, status, order_type, count(*)
  FROM orders GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO customer_order_counts (customer_id, category_id, status, order_type, n)
  SELECT customer_id, category_id, status, order_type, count(*) FROM orders GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO customer_day_counts (day, status, n)
  SELECT order_day(created_at), status, count(*) FROM customers GROUP BY 1, 2;
--> statement-breakpoint
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
        AND status = OLD.status AND order_type = OLD.order_type;
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
    INSERT INTO order_day_counts (day, category_id, status, order_type, n)
      VALUES (order_day(NEW.created_at), NEW.category_id, NEW.status, NEW.order_type, 1)
      ON CONFLICT (day, category_id, status, order_type) DO UPDATE
        SET n = order_day_counts.n + 1;
    INSERT INTO customer_order_counts (customer_id, category_id, status, order_type, n)
      VALUES (NEW.customer_id, NEW.category_id, NEW.status, NEW.order_type, 1)
      ON CONFLICT (customer_id, category_id, status, order_type) DO UPDATE
        SET n = customer_order_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE customer_counts SET n = n - 1 WHERE status = OLD.status;
    UPDATE customer_day_counts SET n = n - 1
      WHERE day = order_day(OLD.created_at) AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO customer_counts (status, n) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET n = customer_counts.n + 1;
    INSERT INTO customer_day_counts (day, status, n) VALUES (order_day(NEW.created_at), NEW.status, 1)
      ON CONFLICT (day, status) DO UPDATE SET n = customer_day_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER customers_keep_counts_update ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_keep_counts_update AFTER UPDATE OF status, created_at ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_keep_counts();
--> statement-breakpoint
-- The per-customer counts also move when an order changes hands (a repair by hand).
DROP TRIGGER orders_keep_counts_update ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_keep_counts_update AFTER UPDATE OF
  category_id, pincode, order_type, status, created_at, total_amount, price, delivery_charge,
  customer_id
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_counts();
