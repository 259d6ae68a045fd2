-- customers.daily_spend (issue 36): paise a day the customer's active subscriptions paid from the
-- account (payment method Wallet, not already paid in full) cost on average, for the low-balance
-- list's "days covered". An estimate: a day is priced as server/modules/orders/pricing.ts does
-- (the product's selling price × quantity, or a tiffin plan's price over its days × quantity,
-- plus the accessories still active in the service at their selling price, plus the standard
-- delivery charge for a product), without GST; it follows the subscriptions, and the products'
-- and plans' prices, not later changes of accessories or of the delivery charge.

-- Paise of one delivered day of a subscription.
CREATE FUNCTION subscription_day_paise(s subscriptions) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE
      WHEN s.plan_id IS NOT NULL THEN
        coalesce((SELECT round(p.price * 100 / greatest(1, p.duration)) FROM plans p
                   WHERE p.id = s.plan_id), 0) * s.quantity
      ELSE
        coalesce((SELECT coalesce(nullif(p.discount_price, 0), p.price) * 100 FROM products p
                   WHERE p.id = s.product_id), 0) * s.quantity
        + coalesce((SELECT d.standard_charge * 100 FROM delivery_charges d LIMIT 1), 0)
    END
    + coalesce((SELECT sum(coalesce(nullif(a.discount_price, 0), a.price) * 100
                           * (x ->> 'quantity')::int)
                  FROM jsonb_array_elements(s.accessories) x
                  JOIN accessories a ON a.id = x ->> 'accessoryId'
                 WHERE a.status = 'Active' AND a.category_id = s.category_id), 0)
$$;
--> statement-breakpoint
-- The share of days a schedule delivers on: daily 1, alternate 1/2, every N days 1/N, weekdays
-- the number chosen over 7.
CREATE FUNCTION subscription_days_share(s subscriptions) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s.schedule_kind = 'weekdays'
              THEN coalesce(cardinality(s.weekdays), 0) / 7.0
              ELSE 1.0 / greatest(1, s.interval_days) END
$$;
--> statement-breakpoint
CREATE FUNCTION customer_daily_spend(customer text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(round(sum(subscription_day_paise(s) * subscription_days_share(s))), 0)::bigint
    FROM subscriptions s
   WHERE s.customer_id = customer AND s.status = 'Active' AND s.payment_method = 'Wallet'
     AND NOT s.prepaid
$$;
--> statement-breakpoint
CREATE FUNCTION customer_keep_daily_spend(customer text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  spend bigint := customer_daily_spend(customer);
BEGIN
  UPDATE customers SET daily_spend = spend WHERE id = customer AND daily_spend <> spend;
END $$;
--> statement-breakpoint
CREATE FUNCTION subscriptions_keep_daily_spend() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM customer_keep_daily_spend(NEW.customer_id);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.customer_id <> NEW.customer_id) THEN
    PERFORM customer_keep_daily_spend(OLD.customer_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_keep_daily_spend_insert_delete AFTER INSERT OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_keep_daily_spend();
--> statement-breakpoint
CREATE TRIGGER subscriptions_keep_daily_spend_update AFTER UPDATE OF
  customer_id, status, payment_method, prepaid, product_id, plan_id, quantity, accessories,
  schedule_kind, weekdays, interval_days, category_id
  ON subscriptions FOR EACH ROW EXECUTE FUNCTION subscriptions_keep_daily_spend();
--> statement-breakpoint
-- A product's or a plan's new price: the customers whose active subscriptions deliver it.
CREATE FUNCTION items_keep_daily_spend() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  IF TG_TABLE_NAME = 'plans' THEN
    FOR c IN SELECT DISTINCT s.customer_id FROM subscriptions s
              WHERE s.plan_id = NEW.id AND s.status = 'Active' AND s.payment_method = 'Wallet' LOOP
      PERFORM customer_keep_daily_spend(c.customer_id);
    END LOOP;
  ELSE
    FOR c IN SELECT DISTINCT s.customer_id FROM subscriptions s
              WHERE s.product_id = NEW.id AND s.status = 'Active' AND s.payment_method = 'Wallet' LOOP
      PERFORM customer_keep_daily_spend(c.customer_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_keep_daily_spend AFTER UPDATE OF price, discount_price ON products
  FOR EACH ROW EXECUTE FUNCTION items_keep_daily_spend();
--> statement-breakpoint
CREATE TRIGGER plans_keep_daily_spend AFTER UPDATE OF price, duration ON plans
  FOR EACH ROW EXECUTE FUNCTION items_keep_daily_spend();
--> statement-breakpoint
UPDATE customers c SET daily_spend = customer_daily_spend(c.id)
 WHERE c.id IN (SELECT s.customer_id FROM subscriptions s
                 WHERE s.status = 'Active' AND s.payment_method = 'Wallet' AND NOT s.prepaid);
--> statement-breakpoint
-- The Dues list of one billing mode, oldest first (server/modules/accounts/duesRepository.ts).
CREATE INDEX "account_dues_mode_since_idx" ON "account_dues" USING btree ("billing_mode","owed_since","customer_id");
