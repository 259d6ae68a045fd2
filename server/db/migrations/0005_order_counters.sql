-- Counters kept in the same transaction as each write, so that list totals and dashboard
-- figures never count the large tables (DESIGN.md, Database). Written as triggers so that every
-- writer (this server, the seeds, the customers' app) keeps them right.

-- The order's day in India (UTC+5:30 all year, no daylight saving).
CREATE FUNCTION order_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE AS $$ SELECT ((at AT TIME ZONE 'UTC') + interval '330 minutes')::date $$;
--> statement-breakpoint
CREATE FUNCTION order_paid(o orders) RETURNS numeric
  LANGUAGE sql IMMUTABLE AS $$ SELECT coalesce(o.total_amount, o.price + o.delivery_charge) $$;
--> statement-breakpoint
CREATE FUNCTION orders_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_counts SET n = n - 1
      WHERE category_id = OLD.category_id AND pincode = OLD.pincode
        AND order_type = OLD.order_type AND status = OLD.status;
    UPDATE order_daily SET n = n - 1, amount = amount - order_paid(OLD)
      WHERE day = order_day(OLD.created_at) AND category_id = OLD.category_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_counts (category_id, pincode, order_type, status, n)
      VALUES (NEW.category_id, NEW.pincode, NEW.order_type, NEW.status, 1)
      ON CONFLICT (category_id, pincode, order_type, status) DO UPDATE SET n = order_counts.n + 1;
    INSERT INTO order_daily (day, category_id, n, amount)
      VALUES (order_day(NEW.created_at), NEW.category_id, 1, order_paid(NEW))
      ON CONFLICT (day, category_id) DO UPDATE
        SET n = order_daily.n + 1, amount = order_daily.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_counts_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_counts();
--> statement-breakpoint
-- Only the columns the counters depend on: a status change touches order_counts, not the rest.
CREATE TRIGGER orders_keep_counts_update AFTER UPDATE OF
  category_id, pincode, order_type, status, created_at, total_amount, price, delivery_charge
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_counts();
--> statement-breakpoint
CREATE FUNCTION support_tickets_keep_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE support_customers SET
        ticket_count = ticket_count - 1,
        unresolved_count = unresolved_count - (OLD.status = 'unresolved')::int
      WHERE customer_id = OLD.customer_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO support_customers (customer_id, ticket_count, unresolved_count, last_ticket_at)
      VALUES (NEW.customer_id, 1, (NEW.status = 'unresolved')::int, NEW.created_at)
      ON CONFLICT (customer_id) DO UPDATE SET
        ticket_count = support_customers.ticket_count + 1,
        unresolved_count = support_customers.unresolved_count + excluded.unresolved_count,
        last_ticket_at = greatest(support_customers.last_ticket_at, excluded.last_ticket_at);
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM support_customers WHERE customer_id = OLD.customer_id AND ticket_count <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER support_tickets_keep_summary_insert_delete AFTER INSERT OR DELETE ON support_tickets
  FOR EACH ROW EXECUTE FUNCTION support_tickets_keep_summary();
--> statement-breakpoint
CREATE TRIGGER support_tickets_keep_summary_update AFTER UPDATE OF customer_id, status
  ON support_tickets FOR EACH ROW EXECUTE FUNCTION support_tickets_keep_summary();
