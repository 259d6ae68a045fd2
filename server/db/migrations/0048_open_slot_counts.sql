CREATE TABLE "order_open_slot_counts" (
	"category_id" text NOT NULL,
	"slot" text NOT NULL,
	"status" text NOT NULL,
	"order_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_open_slot_counts_category_id_slot_status_order_type_pk" PRIMARY KEY("category_id","slot","status","order_type")
);
--> statement-breakpoint
-- Kept like order_counts (0005, 0039): inserts counted once per statement from their transition
-- table, updates and deletes a row at a time, and only when an open job's count moves.
CREATE FUNCTION orders_keep_open_slot_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_open_slot_counts AS c (category_id, slot, status, order_type, n)
  SELECT category_id, delivery_time, status, order_type, count(*) FROM added
   WHERE delivery_time IS NOT NULL AND status IN ('Pending', 'Out for Delivery')
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (category_id, slot, status, order_type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_keep_open_slot_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.delivery_time IS NOT NULL
     AND OLD.status IN ('Pending', 'Out for Delivery') THEN
    UPDATE order_open_slot_counts SET n = n - 1
     WHERE category_id = OLD.category_id AND slot = OLD.delivery_time
       AND status = OLD.status AND order_type = OLD.order_type;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.delivery_time IS NOT NULL
     AND NEW.status IN ('Pending', 'Out for Delivery') THEN
    INSERT INTO order_open_slot_counts AS c (category_id, slot, status, order_type, n)
    VALUES (NEW.category_id, NEW.delivery_time, NEW.status, NEW.order_type, 1)
    ON CONFLICT (category_id, slot, status, order_type) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_open_slot_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_open_slot_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER orders_keep_open_slot_counts_update AFTER UPDATE OF
  category_id, delivery_time, status, order_type ON orders
  FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.delivery_time IS DISTINCT FROM NEW.delivery_time
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.order_type IS DISTINCT FROM NEW.order_type)
  EXECUTE FUNCTION orders_keep_open_slot_counts();
--> statement-breakpoint
CREATE TRIGGER orders_keep_open_slot_counts_delete AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.status IN ('Pending', 'Out for Delivery'))
  EXECUTE FUNCTION orders_keep_open_slot_counts();
--> statement-breakpoint
-- The open jobs so far, read through orders_open_jobs_idx (its predicate) under the triggers'
-- lock, so no write falls between the count and the triggers.
INSERT INTO order_open_slot_counts (category_id, slot, status, order_type, n)
SELECT category_id, delivery_time, status, order_type, count(*) FROM orders
 WHERE status IN ('Pending', 'Out for Delivery') AND delivery_time IS NOT NULL
 GROUP BY 1, 2, 3, 4;
