CREATE TABLE "collections_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_monthly" (
	"dim" text NOT NULL,
	"month" date NOT NULL,
	"key" text NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"credit_notes" integer DEFAULT 0 NOT NULL,
	"taxable" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(16, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_monthly_dim_month_key_pk" PRIMARY KEY("dim","month","key")
);
--> statement-breakpoint
-- Issue 38's reports (server/modules/reports): sales_daily summed per month, kept as 0043 keeps
-- sales_daily, once per statement from the same transition table. These triggers' names sort
-- after the daily ones', so on each statement every sales_daily row is locked (in key order)
-- before any sales_monthly row (in key order): writers never wait on each other in a circle.
CREATE FUNCTION sales_monthly_keep_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    SELECT date_trunc('month', order_day(a.issued_at)::timestamp)::date AS month, o.category_id,
           o.pincode, coalesce(o.rider_id, '') AS rider,
           o.amount + o.delivery_charge + o.emergency_charge AS taxable, o.gst AS tax
      FROM added a JOIN orders o ON o.id = a.order_id
  ), d AS (
    SELECT 'service' AS dim, month, category_id AS key, count(*)::int AS n,
           sum(taxable) AS taxable, sum(tax) AS tax FROM s GROUP BY month, category_id
    UNION ALL
    SELECT 'pincode', month, pincode, count(*)::int, sum(taxable), sum(tax) FROM s
     GROUP BY month, pincode
    UNION ALL
    SELECT 'rider', month, rider, count(*)::int, sum(taxable), sum(tax) FROM s
     GROUP BY month, rider
  )
  INSERT INTO sales_monthly AS x (dim, month, key, invoices, taxable, tax, amount)
  SELECT dim, month, key, n, taxable, tax, taxable + tax FROM d ORDER BY 1, 2, 3
  ON CONFLICT (dim, month, key) DO UPDATE SET
    invoices = x.invoices + excluded.invoices,
    taxable = x.taxable + excluded.taxable,
    tax = x.tax + excluded.tax,
    amount = x.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_monthly_keep_invoices AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION sales_monthly_keep_invoices();
--> statement-breakpoint
CREATE FUNCTION sales_monthly_keep_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    SELECT date_trunc('month', order_day(a.issued_at)::timestamp)::date AS month, o.category_id,
           o.pincode, coalesce(o.rider_id, '') AS rider,
           CASE a.kind WHEN 'credit' THEN 1 ELSE -1 END AS notes,
           CASE a.kind WHEN 'credit' THEN -1 ELSE 1 END * a.taxable_paise / 100.0 AS taxable,
           CASE a.kind WHEN 'credit' THEN -1 ELSE 1 END
             * (a.cgst_paise + a.sgst_paise + a.igst_paise) / 100.0 AS tax
      FROM added a JOIN orders o ON o.id = a.order_id
  ), d AS (
    SELECT 'service' AS dim, month, category_id AS key, sum(notes)::int AS n,
           sum(taxable) AS taxable, sum(tax) AS tax FROM s GROUP BY month, category_id
    UNION ALL
    SELECT 'pincode', month, pincode, sum(notes)::int, sum(taxable), sum(tax) FROM s
     GROUP BY month, pincode
    UNION ALL
    SELECT 'rider', month, rider, sum(notes)::int, sum(taxable), sum(tax) FROM s
     GROUP BY month, rider
  )
  INSERT INTO sales_monthly AS x (dim, month, key, credit_notes, taxable, tax, amount)
  SELECT dim, month, key, n, taxable, tax, taxable + tax FROM d ORDER BY 1, 2, 3
  ON CONFLICT (dim, month, key) DO UPDATE SET
    credit_notes = x.credit_notes + excluded.credit_notes,
    taxable = x.taxable + excluded.taxable,
    tax = x.tax + excluded.tax,
    amount = x.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_monthly_keep_notes AFTER INSERT ON credit_notes
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION sales_monthly_keep_notes();
--> statement-breakpoint
-- Money received per India day: payments and top-ups recorded in the account ledger (what
-- account_months counts as `collected`), per statement. Entries are never changed or removed.
CREATE FUNCTION collections_daily_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collections_daily AS x (day, payments, collected)
  SELECT order_day(at), count(*)::int, sum(amount) FROM added
   WHERE kind IN ('payment', 'topup')
   GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET
    payments = x.payments + excluded.payments,
    collected = x.collected + excluded.collected;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_daily_keep AFTER INSERT ON account_entries
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION collections_daily_keep();
--> statement-breakpoint
-- What was there before this migration, counted as the triggers count from now on.
INSERT INTO sales_monthly (dim, month, key, invoices, credit_notes, taxable, tax, amount)
SELECT dim, date_trunc('month', day::timestamp)::date, key, sum(invoices), sum(credit_notes),
       sum(taxable), sum(tax), sum(amount)
  FROM sales_daily GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO collections_daily (day, payments, collected)
SELECT order_day(at), count(*), sum(amount) FROM account_entries
 WHERE kind IN ('payment', 'topup') GROUP BY 1;
