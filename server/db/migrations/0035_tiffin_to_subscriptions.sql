-- Tiffin moves over (issue 35): a tiffin plan used to be one order spanning its days, with one
-- status. Each such order still running becomes a subscription, so that its remaining days are
-- delivered day by day as their own orders: a tiffin order (category kind 'tiffin') of a plan,
-- with start and end dates, ending today (India) or later, Pending or Out for Delivery, that no
-- subscription was made from yet. The subscription: the order's plan, quantity, customer and
-- service, every day, the order's delivery time as its slot (else the first delivery time), the
-- delivery address (the order's address_id when set, else the customer's address with the same
-- text and pin code, else their default) and its pin code, from the later of the order's start
-- and today to the order's end, the order's payment method, and a 'created' history row naming
-- the order. The order, the plan's purchase, is then Delivered, with a history row saying why.
--
-- The order was priced in full for every day of the plan, so the day orders must not charge again:
-- the subscription is `prepaid` (a column of its own, migration 0033, rather than a payment
-- method such as 'Plan paid'): the payment method stays how the customer paid (a prepaid plan
-- paid in cash shows as such), the calls keep one list of payment methods, and whoever prices a
-- day asks one plain question. A prepaid subscription's day orders are priced at zero.
--
-- The conversion is a function, created here and called once below; it answers how many it moved
-- and moves nothing the second time (the orders it moved are Delivered), so a test or an operator
-- may call it again. An order without any address of its customer is left as it was.
CREATE OR REPLACE FUNCTION tiffin_orders_to_subscriptions() RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  today date := order_day(now());
  first_slot text := (SELECT delivery_time ->> 0 FROM delivery_times WHERE id = 'default');
  moved integer;
BEGIN
  CREATE TEMPORARY TABLE tiffin_moves AS
    SELECT o.id AS order_key, o.order_id,
      -- A UUIDv7 as the server makes them: the time in milliseconds first.
      overlay(overlay(overlay(gen_random_uuid()::text
        PLACING lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::int8 >> 16), 8, '0')
          FROM 1 FOR 8)
        PLACING lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::int8 & 65535), 4, '0')
          FROM 10 FOR 4)
        PLACING '7' FROM 15 FOR 1) AS subscription_key,
      o.customer_id, o.category_id, o.plan_id, greatest(o.quantity, 1) AS quantity,
      coalesce(nullif(trim(o.delivery_time), ''), first_slot) AS slot,
      a.id AS address_id,
      coalesce(nullif(o.delivery_address ->> 'pincode', ''), nullif(o.address ->> 'pincode', ''),
        a.pincode) AS pincode,
      greatest(o.start_date, today) AS start_date, o.end_date,
      coalesce(o.payment_method, 'Online') AS payment_method,
      o.special_instruction
    FROM orders o
      JOIN categories c ON c.id = o.category_id AND c.kind = 'tiffin'
      CROSS JOIN LATERAL (
        SELECT ca.id, ca.pincode FROM customer_addresses ca
        WHERE ca.customer_id = o.customer_id
        ORDER BY ca.id = o.address_id DESC,
          (ca.full_address = coalesce(o.delivery_address, o.address) ->> 'fullAddress'
            AND ca.pincode = coalesce(o.delivery_address, o.address) ->> 'pincode') DESC,
          ca.is_default DESC, ca.created_at, ca.id
        LIMIT 1
      ) a
    WHERE o.plan_id IS NOT NULL AND o.start_date IS NOT NULL AND o.end_date IS NOT NULL
      AND o.end_date >= today AND o.status IN ('Pending', 'Out for Delivery')
      AND o.subscription_id IS NULL
      AND coalesce(nullif(trim(o.delivery_time), ''), first_slot) IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM subscription_changes h
        WHERE h.action = 'created' AND h.note = 'Moved from order ' || o.order_id);

  INSERT INTO subscriptions (id, customer_id, category_id, plan_id, quantity, schedule_kind,
      interval_days, slot, address_id, pincode, start_date, end_date, payment_method,
      special_instruction, prepaid)
    SELECT subscription_key, customer_id, category_id, plan_id, quantity, 'daily', 1, slot,
      address_id, pincode, start_date, end_date, payment_method, special_instruction, true
    FROM tiffin_moves;
  GET DIAGNOSTICS moved = ROW_COUNT;

  INSERT INTO subscription_changes (subscription_id, action, note)
    SELECT subscription_key, 'created', 'Moved from order ' || order_id FROM tiffin_moves;

  INSERT INTO order_status_history (order_id, from_status, to_status, note, at)
    SELECT o.id, o.status, 'Delivered',
      'Plan moved to subscription: its days are delivered as their own orders', now()
    FROM orders o JOIN tiffin_moves m ON m.order_key = o.id;
  UPDATE orders o SET status = 'Delivered', updated_at = now()
    FROM tiffin_moves m WHERE o.id = m.order_key;

  DROP TABLE tiffin_moves;
  RETURN moved;
END $$;
--> statement-breakpoint
SELECT tiffin_orders_to_subscriptions();
