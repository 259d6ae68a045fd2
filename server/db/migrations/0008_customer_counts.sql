-- Customers per status for the dashboard, kept in the same transaction as each write (like
-- order_counts in 0005), starting from the customers already stored.
INSERT INTO customer_counts (status, n)
  SELECT status, count(*) FROM customers GROUP BY status;
--> statement-breakpoint
CREATE FUNCTION customers_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE customer_counts SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO customer_counts (status, n) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET n = customer_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_keep_counts_insert_delete AFTER INSERT OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_keep_counts();
--> statement-breakpoint
CREATE TRIGGER customers_keep_counts_update AFTER UPDATE OF status ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_keep_counts();
