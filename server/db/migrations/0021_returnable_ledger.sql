-- The returnable-asset ledger and the invoice series (issue 16), written by triggers so that
-- every writer (this server, the seeds, the customers' app) keeps them in the same transaction
-- as the order or return change that causes them.

-- The Indian financial year (April to March) of a moment, as '2026-27'.
CREATE FUNCTION financial_year(at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  -- One expression (no FROM), so the planner inlines it: the backfill calls it per order.
  SELECT lpad((date_part('year', order_day(at))::int
               - (date_part('month', order_day(at)) < 4)::int)::text, 4, '0')
         || '-' || lpad(((date_part('year', order_day(at))::int
               - (date_part('month', order_day(at)) < 4)::int + 1) % 100)::text, 2, '0') $$;
--> statement-breakpoint
-- 'DS/26-27/000042': a prefix of at most 3 characters keeps it within GST's 16 characters up to
-- 999,999 invoices a year.
CREATE FUNCTION invoice_number(prefix text, fy text, n integer) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT prefix || '/' || substr(fy, 3) || '/' || lpad(n::text, 6, '0') $$;
--> statement-breakpoint
CREATE FUNCTION invoice_seller(s business_settings) RETURNS jsonb
  LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('legalName', s.legal_name, 'tradeName', s.trade_name,
    'gstin', s.gstin, 'address', s.address, 'city', s.city, 'state', s.state,
    'stateCode', s.state_code, 'pincode', s.pincode, 'phone', s.phone, 'email', s.email) $$;
--> statement-breakpoint
-- Gives a delivered order its invoice number, once: the next of its financial year's series,
-- in the caller's transaction (a rollback gives the number back, so the series has no gap).
-- The order row is locked first, so two callers for one order take turns and the second finds
-- the first's invoice. Answers the invoice number, or null while the business details are not
-- saved (the invoice is then numbered on its first download).
CREATE FUNCTION issue_invoice(order_key text, at timestamptz) RETURNS text
  LANGUAGE plpgsql AS $$
DECLARE
  s business_settings;
  fy text;
  n integer;
  no text;
BEGIN
  SELECT * INTO s FROM business_settings WHERE id = 'default';
  IF NOT FOUND THEN
    RETURN (SELECT invoice_no FROM invoices WHERE order_id = order_key);
  END IF;
  PERFORM 1 FROM orders WHERE id = order_key FOR UPDATE;
  SELECT invoice_no INTO no FROM invoices WHERE order_id = order_key;
  IF FOUND THEN
    RETURN no;
  END IF;
  fy := financial_year(at);
  INSERT INTO invoice_series AS x (financial_year, last_number) VALUES (fy, 1)
    ON CONFLICT (financial_year) DO UPDATE SET last_number = x.last_number + 1
    RETURNING last_number INTO n;
  no := invoice_number(s.invoice_prefix, fy, n);
  INSERT INTO invoices (order_id, financial_year, number, invoice_no, issued_at, seller)
    VALUES (order_key, fy, n, no, at, invoice_seller(s));
  RETURN no;
END $$;
--> statement-breakpoint
-- Numbers every delivered order that has no invoice yet, in the order they were delivered (their
-- updated_at) and dated then: the seeds' and an upgrade's backfill. Answers how many it numbered.
CREATE FUNCTION issue_missing_invoices() RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  s business_settings;
  made integer;
BEGIN
  SELECT * INTO s FROM business_settings WHERE id = 'default';
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  -- Deliveries numbered meanwhile by issue_invoice() wait, so no number is given twice.
  LOCK TABLE invoice_series IN EXCLUSIVE MODE;
  WITH todo AS (
    SELECT o.id, o.updated_at AS at, financial_year(o.updated_at) AS fy,
           row_number() OVER (PARTITION BY financial_year(o.updated_at)
                              ORDER BY o.updated_at, o.id) AS k
      FROM orders o
     WHERE o.status = 'Delivered'
       AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
  ), counts AS (
    SELECT fy, count(*)::int AS n FROM todo GROUP BY fy
  ), bumped AS (
    INSERT INTO invoice_series AS x (financial_year, last_number)
    SELECT fy, n FROM counts
    ON CONFLICT (financial_year) DO UPDATE SET last_number = x.last_number + excluded.last_number
    RETURNING financial_year, last_number
  )
  INSERT INTO invoices (order_id, financial_year, number, invoice_no, issued_at, seller)
  SELECT t.id, t.fy, b.last_number - c.n + t.k,
         invoice_number(s.invoice_prefix, t.fy, (b.last_number - c.n + t.k)::int), t.at,
         invoice_seller(s)
    FROM todo t
    JOIN counts c ON c.fy = t.fy
    JOIN bumped b ON b.financial_year = t.fy;
  GET DIAGNOSTICS made = ROW_COUNT;
  RETURN made;
END $$;
--> statement-breakpoint
-- Since when the oldest unit a customer still holds has been out, first in, first out: each
-- order's issue is one lot (a delivery undone nets to nothing), returns use up the oldest lots.
CREATE FUNCTION returnable_oldest_out(customer text, item text) RETURNS timestamptz
  LANGUAGE sql STABLE AS $$
  WITH lots AS (
    SELECT max(at) AS at, sum(issued) AS n, min(id) AS k
      FROM returnable_entries
     WHERE customer_id = customer AND item_id = item AND issued <> 0
     GROUP BY coalesce(order_id, id::text)
    HAVING sum(issued) > 0
  ), back AS (
    SELECT coalesce(sum(returned), 0) AS r
      FROM returnable_entries WHERE customer_id = customer AND item_id = item
  )
  SELECT min(s.at)
    FROM (SELECT at, sum(n) OVER (ORDER BY at, k) AS cum FROM lots) s, back
   WHERE s.cum > back.r $$;
--> statement-breakpoint
CREATE FUNCTION returnable_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Ledger entries are never changed or removed: add a correction instead.'
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER returnable_entries_refuse_change BEFORE UPDATE OR DELETE ON returnable_entries
  FOR EACH ROW EXECUTE FUNCTION returnable_entries_refuse_change();
--> statement-breakpoint
-- Each entry moves the customer's balance and the depot's stock. A correction changes what the
-- customer holds only (the depot counts its own units).
CREATE FUNCTION returnable_entries_keep_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holds integer;
  held integer;
BEGIN
  INSERT INTO returnable_balances AS b (customer_id, item_id, item_kind, item_name, category_id,
      issued, returned, outstanding, deposit, pincode, updated_at)
    VALUES (NEW.customer_id, NEW.item_id, NEW.item_kind, NEW.item_name, NEW.category_id,
      NEW.issued, NEW.returned, NEW.issued - NEW.returned, NEW.deposit, NEW.pincode, NEW.at)
    ON CONFLICT (customer_id, item_id) DO UPDATE SET
      issued = b.issued + excluded.issued,
      returned = b.returned + excluded.returned,
      outstanding = b.outstanding + excluded.outstanding,
      deposit = b.deposit + excluded.deposit,
      item_name = excluded.item_name,
      pincode = coalesce(excluded.pincode, b.pincode),
      updated_at = greatest(b.updated_at, excluded.updated_at);
  UPDATE returnable_balances
     SET oldest_outstanding_at = CASE WHEN outstanding > 0
                                      THEN returnable_oldest_out(customer_id, item_id) END
   WHERE customer_id = NEW.customer_id AND item_id = NEW.item_id
  RETURNING outstanding INTO holds;
  -- What the customer held before this entry: whether they start or stop being a holder.
  held := holds - (NEW.issued - NEW.returned);
  INSERT INTO returnable_stock AS s (item_id, item_kind, category_id, "full", empty,
      with_customers, holders, deposit_held)
    VALUES (NEW.item_id, NEW.item_kind, NEW.category_id,
      CASE WHEN NEW.kind = 'correction' THEN 0 ELSE -NEW.issued END,
      CASE WHEN NEW.kind = 'correction' THEN 0 ELSE NEW.returned END,
      NEW.issued - NEW.returned, (holds > 0)::int - (held > 0)::int, NEW.deposit)
    ON CONFLICT (item_id) DO UPDATE SET
      "full" = s."full" + excluded."full",
      empty = s.empty + excluded.empty,
      with_customers = s.with_customers + excluded.with_customers,
      holders = s.holders + excluded.holders,
      deposit_held = s.deposit_held + excluded.deposit_held,
      updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returnable_entries_keep_balances AFTER INSERT ON returnable_entries
  FOR EACH ROW EXECUTE FUNCTION returnable_entries_keep_balances();
--> statement-breakpoint
-- What a delivered order issues: its returnable product (its quantity, taking back the empties
-- collected with it, return_quantity) and its returnable accessories. The entries say what the
-- order should hold now minus what its entries already hold, per customer and item, so a
-- delivery undone (any status but Delivered) is a reversal, a delivery again issues again, a
-- changed quantity or accessory line is the difference, and an order moved to another customer
-- is reversed for the one and issued to the other. Dated `at`.
CREATE FUNCTION sync_order_returnables(o orders, at timestamptz) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  delivered boolean := o.status = 'Delivered';
BEGIN
  INSERT INTO returnable_entries (customer_id, item_id, item_kind, item_name, category_id, kind,
      issued, returned, deposit, order_id, pincode, at)
  SELECT coalesce(h.customer_id, o.customer_id), coalesce(w.item_id, h.item_id),
         coalesce(w.item_kind, h.item_kind), coalesce(w.item_name, h.item_name),
         coalesce(w.category_id, h.category_id),
         CASE WHEN delivered THEN 'delivered' ELSE 'reversed' END,
         coalesce(w.issued, 0) - coalesce(h.issued, 0),
         coalesce(w.returned, 0) - coalesce(h.returned, 0),
         coalesce(w.unit_deposit * (w.issued - w.returned), 0) - coalesce(h.deposit, 0),
         o.id, o.pincode, at
    FROM (
      SELECT p.id AS item_id, 'product' AS item_kind, p.name AS item_name, p.category_id,
             o.quantity AS issued, o.return_quantity AS returned, p.deposit AS unit_deposit
        FROM products p
       WHERE delivered AND p.id = o.product_id AND p.returnable
      UNION ALL
      SELECT a.id, 'accessory', a.name, a.category_id, sum(oa.quantity)::int, 0, a.deposit
        FROM order_accessories oa
        JOIN accessories a ON a.id = oa.accessory_id
       WHERE delivered AND oa.order_id = o.id AND a.returnable
       GROUP BY a.id
    ) w
    FULL JOIN (
      SELECT customer_id, item_id, min(item_kind) AS item_kind, min(item_name) AS item_name,
             min(category_id) AS category_id, sum(issued)::int AS issued,
             sum(returned)::int AS returned, sum(deposit) AS deposit
        FROM returnable_entries
       WHERE order_id = o.id AND return_request_id IS NULL
       GROUP BY customer_id, item_id
    ) h ON h.item_id = w.item_id AND h.customer_id = o.customer_id
   WHERE coalesce(w.issued, 0) <> coalesce(h.issued, 0)
      OR coalesce(w.returned, 0) <> coalesce(h.returned, 0);
END $$;
--> statement-breakpoint
-- Keeps an order's ledger entries as it changes, and numbers its invoice when it is delivered.
-- Whoever writes the order, in its transaction.
CREATE FUNCTION orders_keep_returnables() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delivered boolean := NEW.status = 'Delivered';
  -- A row written as it was (the seeds, an import) is dated by itself; a change, now.
  at timestamptz := CASE WHEN TG_OP = 'INSERT' THEN NEW.updated_at ELSE now() END;
BEGIN
  IF NOT delivered AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'Delivered') THEN
    RETURN NULL;
  END IF;
  PERFORM sync_order_returnables(NEW, at);
  IF delivered AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'Delivered') THEN
    PERFORM issue_invoice(NEW.id, at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_returnables_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_returnables();
--> statement-breakpoint
CREATE TRIGGER orders_keep_returnables_update AFTER UPDATE OF
  status, quantity, return_quantity, product_id, customer_id
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_returnables();
--> statement-breakpoint
-- The accessory lines of a delivered order: placeOrder (the seeds, an import) writes them after
-- the order, which may already be Delivered; a line changed later is the difference. Dated as
-- the order's delivery (its updated_at).
CREATE FUNCTION order_accessories_keep_returnables() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o orders;
BEGIN
  FOR o IN SELECT * FROM orders
            WHERE id IN (NEW.order_id, OLD.order_id) AND status = 'Delivered' LOOP
    PERFORM sync_order_returnables(o, o.updated_at);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_accessories_keep_returnables AFTER INSERT OR DELETE OR UPDATE OF
  order_id, accessory_id, quantity
  ON order_accessories FOR EACH ROW EXECUTE FUNCTION order_accessories_keep_returnables();
--> statement-breakpoint
-- An approved return request takes back its jars or cylinders (of its order's product).
CREATE FUNCTION return_requests_keep_returnables() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  approved boolean := NEW.status = 'Approved';
  at timestamptz := CASE WHEN TG_OP = 'INSERT'
                         THEN coalesce(NEW.approved_at, NEW.settled_at, NEW.requested_at)
                         ELSE now() END;
BEGIN
  IF NOT approved AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'Approved') THEN
    RETURN NULL;
  END IF;
  INSERT INTO returnable_entries (customer_id, item_id, item_kind, item_name, category_id, kind,
      issued, returned, deposit, order_id, return_request_id, pincode, at)
  SELECT NEW.customer_id, coalesce(w.item_id, h.item_id), 'product',
         coalesce(w.item_name, h.item_name), coalesce(w.category_id, h.category_id),
         CASE WHEN approved THEN 'returned' ELSE 'reversed' END,
         0, coalesce(w.returned, 0) - coalesce(h.returned, 0),
         coalesce(-w.unit_deposit * w.returned, 0) - coalesce(h.deposit, 0),
         NEW.order_id, NEW.id, coalesce(w.pincode, h.pincode), at
    FROM (
      SELECT p.id AS item_id, p.name AS item_name, p.category_id, o.pincode,
             NEW.returned_quantity AS returned, p.deposit AS unit_deposit
        FROM orders o
        JOIN products p ON p.id = o.product_id AND p.returnable
       WHERE approved AND o.id = NEW.order_id
    ) w
    FULL JOIN (
      SELECT item_id, min(item_name) AS item_name, min(category_id) AS category_id,
             min(pincode) AS pincode, sum(returned)::int AS returned, sum(deposit) AS deposit
        FROM returnable_entries
       WHERE return_request_id = NEW.id
       GROUP BY item_id
    ) h ON h.item_id = w.item_id
   WHERE coalesce(w.returned, 0) <> coalesce(h.returned, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER return_requests_keep_returnables_insert AFTER INSERT ON return_requests
  FOR EACH ROW EXECUTE FUNCTION return_requests_keep_returnables();
--> statement-breakpoint
CREATE TRIGGER return_requests_keep_returnables_update AFTER UPDATE OF status, returned_quantity
  ON return_requests FOR EACH ROW EXECUTE FUNCTION return_requests_keep_returnables();
--> statement-breakpoint
-- Rebuilds the balances and what customers hold from the entries, set-based: seed:large writes
-- its entries with triggers off and ends here. The depot's full and empty counts are kept.
CREATE FUNCTION rebuild_returnable_balances() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM returnable_balances;
  INSERT INTO returnable_balances (customer_id, item_id, item_kind, item_name, category_id,
      issued, returned, outstanding, deposit, pincode, updated_at)
  -- Grouped and sorted byte-wise (COLLATE "C"): ids need no linguistic order, and it is ~3x faster.
  SELECT customer_id COLLATE "C", item_id COLLATE "C", min(item_kind),
         (array_agg(item_name ORDER BY at DESC, id DESC))[1],
         min(category_id), sum(issued), sum(returned), sum(issued - returned), sum(deposit),
         (array_agg(pincode ORDER BY at DESC, id DESC) FILTER (WHERE pincode IS NOT NULL))[1],
         max(at)
    FROM returnable_entries
   GROUP BY customer_id COLLATE "C", item_id COLLATE "C";
  WITH lots AS (
    SELECT customer_id COLLATE "C" AS customer_id, item_id COLLATE "C" AS item_id,
           max(at) AS at, sum(issued) AS n, min(id) AS k
      FROM returnable_entries
     WHERE issued <> 0
     GROUP BY customer_id COLLATE "C", item_id COLLATE "C", coalesce(order_id, id::text) COLLATE "C"
    HAVING sum(issued) > 0
  ), running AS (
    SELECT customer_id, item_id, at,
           sum(n) OVER (PARTITION BY customer_id, item_id ORDER BY at, k) AS cum
      FROM lots
  ), oldest AS (
    SELECT r.customer_id, r.item_id, min(r.at) AS at
      FROM running r
      JOIN returnable_balances b ON b.customer_id = r.customer_id AND b.item_id = r.item_id
     WHERE b.outstanding > 0 AND r.cum > b.returned
     GROUP BY r.customer_id, r.item_id
  )
  UPDATE returnable_balances b SET oldest_outstanding_at = o.at
    FROM oldest o
   WHERE b.customer_id = o.customer_id AND b.item_id = o.item_id;
  INSERT INTO returnable_stock AS s (item_id, item_kind, category_id, with_customers, holders,
      deposit_held)
  SELECT item_id, min(item_kind), min(category_id), sum(outstanding),
         count(*) FILTER (WHERE outstanding > 0), sum(deposit)
    FROM returnable_balances GROUP BY item_id
  ON CONFLICT (item_id) DO UPDATE SET with_customers = excluded.with_customers,
    holders = excluded.holders, deposit_held = excluded.deposit_held, updated_at = now();
  UPDATE returnable_stock s SET with_customers = 0, holders = 0, deposit_held = 0
   WHERE NOT EXISTS (SELECT 1 FROM returnable_balances b WHERE b.item_id = s.item_id);
END $$;
