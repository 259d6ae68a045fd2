CREATE TABLE "account_due_days" (
	"day" date PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_dues" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"owed" bigint NOT NULL,
	"owed_since" timestamp with time zone NOT NULL,
	"pincode" text,
	"billing_mode" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"method" text,
	"reference" text,
	"reference_key" text,
	"order_id" text,
	"reason" text,
	"admin_id" text,
	"admin_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_months" (
	"month" date PRIMARY KEY NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"low_balance_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_statement_series" (
	"month" date PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"month" date NOT NULL,
	"number" text NOT NULL,
	"opening" bigint NOT NULL,
	"debits" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"closing" bigint NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"lines" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"admin_id" text,
	"admin_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"import_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"day" date NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"payer" text,
	"status" text NOT NULL,
	"note" text,
	"entry_id" bigint,
	"customer_id" text
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_mode" text DEFAULT 'prepaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pause_when_low" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "daily_spend" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statements" ADD CONSTRAINT "account_statements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_import_id_settlement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."settlement_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_entry_id_account_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."account_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_dues_since_idx" ON "account_dues" USING btree ("owed_since","customer_id");--> statement-breakpoint
CREATE INDEX "account_dues_pincode_since_idx" ON "account_dues" USING btree ("pincode","owed_since","customer_id");--> statement-breakpoint
CREATE INDEX "account_entries_customer_idx" ON "account_entries" USING btree ("customer_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_entries_reference_key" ON "account_entries" USING btree ("reference_key") WHERE "account_entries"."reference_key" is not null;--> statement-breakpoint
CREATE INDEX "account_entries_order_idx" ON "account_entries" USING btree ("order_id") WHERE "account_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_statements_customer_month_key" ON "account_statements" USING btree ("customer_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "account_statements_number_key" ON "account_statements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "account_statements_month_idx" ON "account_statements" USING btree ("month","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_imports_sha256_key" ON "settlement_imports" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "settlement_imports_at_idx" ON "settlement_imports" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "settlement_lines_import_idx" ON "settlement_lines" USING btree ("import_id","line_no");--> statement-breakpoint
CREATE INDEX "settlement_lines_status_idx" ON "settlement_lines" USING btree ("status","day","id");--> statement-breakpoint
CREATE INDEX "settlement_lines_reference_idx" ON "settlement_lines" USING btree ("reference_key");--> statement-breakpoint
CREATE INDEX "customers_days_covered_idx" ON "customers" USING btree (("wallet" * 100 / "daily_spend"),"id") WHERE "customers"."billing_mode" = 'prepaid' and "customers"."daily_spend" > 0;--> statement-breakpoint
-- The wallets as they stood become each account's opening entry (before the balance trigger
-- exists, so they are not added twice), and those below zero owe from then.
INSERT INTO account_entries (customer_id, kind, amount, balance_after, reason, at)
SELECT id, 'opening', (wallet * 100)::bigint, (wallet * 100)::bigint,
       'Wallet balance before the account ledger', now()
  FROM customers WHERE wallet <> 0;
--> statement-breakpoint
INSERT INTO account_dues (customer_id, owed, owed_since, pincode, billing_mode)
SELECT c.id, -(c.wallet * 100)::bigint, now(),
       (SELECT a.pincode FROM customer_addresses a
         WHERE a.customer_id = c.id ORDER BY a.is_default DESC, a.created_at LIMIT 1),
       c.billing_mode
  FROM customers c WHERE c.wallet < 0;
--> statement-breakpoint
INSERT INTO account_due_days (day, n, owed)
SELECT order_day(owed_since), count(*), sum(owed) FROM account_dues GROUP BY 1;
--> statement-breakpoint
INSERT INTO account_settings (id) VALUES ('default');
--> statement-breakpoint
-- Entries are only ever added: a correction is a new entry.
CREATE FUNCTION account_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Account entries are never changed or deleted; add a correcting entry.';
END $$;
--> statement-breakpoint
CREATE TRIGGER account_entries_refuse_change BEFORE UPDATE OR DELETE ON account_entries
  FOR EACH ROW EXECUTE FUNCTION account_entries_refuse_change();
--> statement-breakpoint
-- Customers owing and paise owed per day of their oldest unpaid charge (the dashboard's ageing).
CREATE FUNCTION account_due_day_add(since timestamptz, n integer, owed bigint) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO account_due_days AS d (day, n, owed) VALUES (order_day(since), n, owed)
  ON CONFLICT (day) DO UPDATE SET n = d.n + excluded.n, owed = d.owed + excluded.owed
$$;
--> statement-breakpoint
-- Each entry, in its transaction: the customer's balance (under the customer's row lock, so
-- entries made at once add up), the entry's balance_after, the month's billing and collections,
-- and what the customer owes since when (payments pay the oldest charges first).
CREATE FUNCTION account_entries_keep_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  after_paise bigint;
  mode text;
  due account_dues;
  owed bigint;
  since timestamptz;
  covered bigint := 0;
  e record;
  charged bigint := CASE WHEN NEW.kind IN ('order_charged', 'subscription_day_charged',
                              'deposit_taken', 'charge_reversed') THEN -NEW.amount ELSE 0 END;
  collected bigint := CASE WHEN NEW.kind IN ('payment', 'topup') THEN NEW.amount ELSE 0 END;
  refunded bigint := CASE WHEN NEW.kind = 'refund' THEN -NEW.amount ELSE 0 END;
BEGIN
  IF NEW.amount = 0 THEN
    RAISE EXCEPTION 'An account entry of zero changes nothing.';
  END IF;
  UPDATE customers SET wallet = wallet + NEW.amount / 100.0
   WHERE id = NEW.customer_id
   RETURNING (wallet * 100)::bigint, billing_mode INTO after_paise, mode;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Customer % does not exist.', NEW.customer_id;
  END IF;
  NEW.balance_after := after_paise;

  IF charged <> 0 OR collected <> 0 OR refunded <> 0 THEN
    INSERT INTO account_months AS m (month, charged, collected, refunded)
    VALUES (date_trunc('month', order_day(NEW.at))::date, charged, collected, refunded)
    ON CONFLICT (month) DO UPDATE SET charged = m.charged + excluded.charged,
      collected = m.collected + excluded.collected, refunded = m.refunded + excluded.refunded;
  END IF;

  SELECT * INTO due FROM account_dues WHERE customer_id = NEW.customer_id;
  IF FOUND THEN
    PERFORM account_due_day_add(due.owed_since, -1, -due.owed);
  END IF;
  IF after_paise >= 0 THEN
    DELETE FROM account_dues WHERE customer_id = NEW.customer_id;
    RETURN NEW;
  END IF;
  owed := -after_paise;
  IF due.customer_id IS NULL THEN
    since := NEW.at;                 -- this charge took the balance below zero
  ELSIF NEW.amount < 0 THEN
    since := due.owed_since;         -- a newer charge: the oldest unpaid stays
  ELSE
    -- A credit while owing pays the oldest charges: the oldest still unpaid is where the newest
    -- charges, walked back, add up to what is still owed.
    since := NEW.at;
    FOR e IN SELECT amount, at FROM account_entries
              WHERE customer_id = NEW.customer_id AND amount < 0
              ORDER BY at DESC, id DESC LOOP
      covered := covered - e.amount;
      since := e.at;
      EXIT WHEN covered >= owed;
    END LOOP;
  END IF;
  INSERT INTO account_dues AS d (customer_id, owed, owed_since, pincode, billing_mode)
  VALUES (NEW.customer_id, owed, since,
          coalesce(due.pincode, (SELECT a.pincode FROM customer_addresses a
                                  WHERE a.customer_id = NEW.customer_id
                                  ORDER BY a.is_default DESC, a.created_at LIMIT 1)),
          mode)
  ON CONFLICT (customer_id) DO UPDATE SET owed = excluded.owed, owed_since = excluded.owed_since,
    billing_mode = excluded.billing_mode;
  PERFORM account_due_day_add(since, 1, owed);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_entries_keep_balance BEFORE INSERT ON account_entries
  FOR EACH ROW EXECUTE FUNCTION account_entries_keep_balance();
--> statement-breakpoint
-- An order paid from the account (payment method Wallet) is charged as it is delivered: its
-- entries then say the amount it shows (order_paid), and anything else (not delivered, another
-- payment method, another amount or customer) is the difference, as a reversal or a charge.
-- Whoever writes the order, in its transaction. A row written delivered (the seeds, an import)
-- is dated by itself; a change, now.
CREATE FUNCTION orders_keep_account() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  want bigint := 0;
  have bigint;
  at timestamptz := CASE WHEN TG_OP = 'INSERT' THEN NEW.updated_at ELSE now() END;
  r record;
BEGIN
  IF NEW.status IS DISTINCT FROM 'Delivered'
     AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'Delivered') THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'Delivered' AND NEW.payment_method = 'Wallet' THEN
    want := round(order_paid(NEW) * 100)::bigint;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Charged to another customer before: reversed there.
    FOR r IN SELECT customer_id, sum(amount) AS net FROM account_entries
              WHERE order_id = NEW.id AND customer_id <> NEW.customer_id
              GROUP BY customer_id HAVING sum(amount) <> 0 LOOP
      INSERT INTO account_entries (customer_id, kind, amount, order_id, reason, at)
      VALUES (r.customer_id, 'charge_reversed', -r.net, NEW.id, 'Order moved to another customer', at);
    END LOOP;
  END IF;
  SELECT -coalesce(sum(amount), 0) INTO have FROM account_entries
   WHERE order_id = NEW.id AND customer_id = NEW.customer_id;
  IF want <> have THEN
    INSERT INTO account_entries (customer_id, kind, amount, order_id, at)
    VALUES (NEW.customer_id,
            CASE WHEN want < have THEN 'charge_reversed'
                 WHEN NEW.subscription_id IS NOT NULL THEN 'subscription_day_charged'
                 ELSE 'order_charged' END,
            have - want, NEW.id, at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- (WHEN: an order made undelivered, as a roster's thousands are, costs no function call.)
CREATE TRIGGER orders_keep_account_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status = 'Delivered') EXECUTE FUNCTION orders_keep_account();
--> statement-breakpoint
CREATE TRIGGER orders_keep_account_update AFTER UPDATE OF
  status, payment_method, total_amount, price, delivery_charge, customer_id
  ON orders FOR EACH ROW WHEN (OLD.status = 'Delivered' OR NEW.status = 'Delivered')
  EXECUTE FUNCTION orders_keep_account();
