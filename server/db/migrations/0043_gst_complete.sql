CREATE TABLE "credit_note_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "credit_note_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"financial_year" text NOT NULL,
	"number" integer NOT NULL,
	"note_no" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cause" text NOT NULL,
	"reason" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"document" jsonb NOT NULL,
	"admin_id" text,
	"admin_name" text
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"credit_notes" integer DEFAULT 0 NOT NULL,
	"taxable" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(16, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_daily_dim_day_key_pk" PRIMARY KEY("dim","day","key")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_invoices_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."invoices"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_series_key" ON "credit_notes" USING btree ("kind","financial_year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_note_no_key" ON "credit_notes" USING btree ("note_no");--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_buyer_issued_idx" ON "invoices" USING btree ("buyer_gstin","issued_at","order_id") WHERE "invoices"."buyer_gstin" IS NOT NULL;--> statement-breakpoint
-- Issue 38. Invoice numbers within GST's 16 characters for any year an operator reaches: the
-- form issued so far, 'DS/26-27/000042', holds 999,999 a financial year; from the millionth on
-- the year mark is its first year alone and the number has 8 digits, 'DS/26/01000000' (15
-- characters with a 3-letter prefix), up to 99,999,999. Past that the series refuses, naming
-- itself, rather than cutting a number (the old lpad cut 1000000 to 100000: a duplicate).
-- `n` is an argument so that the planner never folds a call with a constant prefix and year
-- (it folds immutable calls on constants even in a CASE branch no row takes).
CREATE FUNCTION series_full(prefix text, fy text, n integer) RETURNS text
  LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RAISE EXCEPTION 'The % series of % is full: number % is past the 99,999,999 it holds a financial year.',
    prefix, fy, n USING ERRCODE = 'program_limit_exceeded';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_number(prefix text, fy text, n integer) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN n < 1000000 THEN prefix || '/' || substr(fy, 3) || '/' || lpad(n::text, 6, '0')
    WHEN n <= 99999999 THEN prefix || '/' || substr(fy, 3, 2) || '/' || lpad(n::text, 8, '0')
    ELSE series_full(prefix, fy, n)
  END $$;
--> statement-breakpoint
-- As 0021's, and the buyer's GSTIN and legal name copied from the customer when the number is
-- given (a registered buyer's invoice is B2B from then on, whatever the customer record says
-- later).
CREATE OR REPLACE FUNCTION issue_invoice(order_key text, at timestamptz) RETURNS text
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
  INSERT INTO invoices (order_id, financial_year, number, invoice_no, issued_at, seller,
                        buyer_gstin, buyer_legal_name)
    SELECT order_key, fy, n, no, at, invoice_seller(s), c.gstin, c.legal_name
      FROM orders o JOIN customers c ON c.id = o.customer_id
     WHERE o.id = order_key;
  RETURN no;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issue_missing_invoices() RETURNS integer
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
    SELECT o.id, o.customer_id, o.updated_at AS at, financial_year(o.updated_at) AS fy,
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
  INSERT INTO invoices (order_id, financial_year, number, invoice_no, issued_at, seller,
                        buyer_gstin, buyer_legal_name)
  SELECT t.id, t.fy, b.last_number - c.n + t.k,
         invoice_number(s.invoice_prefix, t.fy, (b.last_number - c.n + t.k)::int), t.at,
         invoice_seller(s), cu.gstin, cu.legal_name
    FROM todo t
    JOIN counts c ON c.fy = t.fy
    JOIN bumped b ON b.financial_year = t.fy
    JOIN customers cu ON cu.id = t.customer_id;
  GET DIAGNOSTICS made = ROW_COUNT;
  RETURN made;
END $$;
--> statement-breakpoint
-- The next number of a credit ('CN') or debit ('DN') note series for the financial year of `at`,
-- in the caller's transaction (a rollback gives it back: gap-free). The server inserts the note
-- with it (server/modules/creditNotes).
CREATE FUNCTION next_note_number(note_kind text, at timestamptz,
                                 OUT financial_year text, OUT number integer, OUT note_no text)
  LANGUAGE plpgsql AS $$
BEGIN
  IF note_kind NOT IN ('credit', 'debit') THEN
    RAISE EXCEPTION 'A note is a credit or a debit note, not %.', note_kind;
  END IF;
  financial_year := financial_year(at);
  INSERT INTO credit_note_series AS x (kind, financial_year, last_number)
    VALUES (note_kind, next_note_number.financial_year, 1)
    -- The constraint by name: `financial_year` alone would also name the OUT parameter.
    ON CONFLICT ON CONSTRAINT credit_note_series_kind_financial_year_pk
      DO UPDATE SET last_number = x.last_number + 1
    RETURNING last_number INTO number;
  note_no := invoice_number(CASE note_kind WHEN 'credit' THEN 'CN' ELSE 'DN' END,
                            next_note_number.financial_year, number);
END $$;
--> statement-breakpoint
-- The reports' rollup (server/modules/reports/tables.ts): an invoice counts at its order's own
-- figures (amount and charges taxable, gst the tax) on the India day it was issued, once under
-- each dimension. Once per statement: issue_missing_invoices() inserts millions in one.
CREATE FUNCTION sales_daily_keep_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    SELECT order_day(a.issued_at) AS day, o.category_id, o.pincode,
           coalesce(o.rider_id, '') AS rider,
           o.amount + o.delivery_charge + o.emergency_charge AS taxable, o.gst AS tax
      FROM added a JOIN orders o ON o.id = a.order_id
  ), d AS (
    SELECT 'service' AS dim, day, category_id AS key, count(*)::int AS n,
           sum(taxable) AS taxable, sum(tax) AS tax FROM s GROUP BY day, category_id
    UNION ALL
    SELECT 'pincode', day, pincode, count(*)::int, sum(taxable), sum(tax) FROM s
     GROUP BY day, pincode
    UNION ALL
    SELECT 'rider', day, rider, count(*)::int, sum(taxable), sum(tax) FROM s GROUP BY day, rider
  )
  INSERT INTO sales_daily AS x (dim, day, key, invoices, taxable, tax, amount)
  SELECT dim, day, key, n, taxable, tax, taxable + tax FROM d ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, key) DO UPDATE SET
    invoices = x.invoices + excluded.invoices,
    taxable = x.taxable + excluded.taxable,
    tax = x.tax + excluded.tax,
    amount = x.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_keep_invoices AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_keep_invoices();
--> statement-breakpoint
-- A credit note takes its own figures off the day it was issued; a debit note puts them back.
CREATE FUNCTION sales_daily_keep_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    SELECT order_day(a.issued_at) AS day, o.category_id, o.pincode,
           coalesce(o.rider_id, '') AS rider,
           CASE a.kind WHEN 'credit' THEN 1 ELSE -1 END AS notes,
           CASE a.kind WHEN 'credit' THEN -1 ELSE 1 END * a.taxable_paise / 100.0 AS taxable,
           CASE a.kind WHEN 'credit' THEN -1 ELSE 1 END
             * (a.cgst_paise + a.sgst_paise + a.igst_paise) / 100.0 AS tax
      FROM added a JOIN orders o ON o.id = a.order_id
  ), d AS (
    SELECT 'service' AS dim, day, category_id AS key, sum(notes)::int AS n,
           sum(taxable) AS taxable, sum(tax) AS tax FROM s GROUP BY day, category_id
    UNION ALL
    SELECT 'pincode', day, pincode, sum(notes)::int, sum(taxable), sum(tax) FROM s
     GROUP BY day, pincode
    UNION ALL
    SELECT 'rider', day, rider, sum(notes)::int, sum(taxable), sum(tax) FROM s GROUP BY day, rider
  )
  INSERT INTO sales_daily AS x (dim, day, key, credit_notes, taxable, tax, amount)
  SELECT dim, day, key, n, taxable, tax, taxable + tax FROM d ORDER BY 1, 2, 3
  ON CONFLICT (dim, day, key) DO UPDATE SET
    credit_notes = x.credit_notes + excluded.credit_notes,
    taxable = x.taxable + excluded.taxable,
    tax = x.tax + excluded.tax,
    amount = x.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_keep_notes AFTER INSERT ON credit_notes
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_keep_notes();
--> statement-breakpoint
-- A note, once issued, is never changed or removed: a correction is a new note.
CREATE FUNCTION credit_notes_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Credit and debit notes are never changed or removed: issue another note.'
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_refuse_change BEFORE UPDATE OR DELETE ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION credit_notes_refuse_change();
--> statement-breakpoint
-- The invoices issued before this migration, counted as the trigger counts new ones.
INSERT INTO sales_daily AS x (dim, day, key, invoices, taxable, tax, amount)
SELECT dim, day, key, n, taxable, tax, taxable + tax FROM (
  WITH s AS (
    SELECT order_day(i.issued_at) AS day, o.category_id, o.pincode,
           coalesce(o.rider_id, '') AS rider,
           o.amount + o.delivery_charge + o.emergency_charge AS taxable, o.gst AS tax
      FROM invoices i JOIN orders o ON o.id = i.order_id
  )
  SELECT 'service' AS dim, day, category_id AS key, count(*)::int AS n,
         sum(taxable) AS taxable, sum(tax) AS tax FROM s GROUP BY day, category_id
  UNION ALL
  SELECT 'pincode', day, pincode, count(*)::int, sum(taxable), sum(tax) FROM s GROUP BY day, pincode
  UNION ALL
  SELECT 'rider', day, rider, count(*)::int, sum(taxable), sum(tax) FROM s GROUP BY day, rider
) d
ON CONFLICT (dim, day, key) DO NOTHING;
