CREATE TABLE "business_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"gstin" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"state_code" text NOT NULL,
	"pincode" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"invoice_prefix" text NOT NULL,
	"overdue_days" integer DEFAULT 30 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"order_id" text PRIMARY KEY NOT NULL,
	"financial_year" text NOT NULL,
	"number" integer NOT NULL,
	"invoice_no" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"document" jsonb
);
--> statement-breakpoint
CREATE TABLE "returnable_balances" (
	"customer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_name" text NOT NULL,
	"category_id" text NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"outstanding" integer DEFAULT 0 NOT NULL,
	"deposit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"pincode" text,
	"oldest_outstanding_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returnable_balances_customer_id_item_id_pk" PRIMARY KEY("customer_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "returnable_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_name" text NOT NULL,
	"category_id" text NOT NULL,
	"kind" text NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"deposit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"order_id" text,
	"return_request_id" text,
	"pincode" text,
	"reason" text,
	"admin_id" text,
	"admin_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returnable_stock" (
	"item_id" text PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"category_id" text NOT NULL,
	"full" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	"with_customers" integer DEFAULT 0 NOT NULL,
	"holders" integer DEFAULT 0 NOT NULL,
	"deposit_held" numeric(12, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accessories" ADD COLUMN "returnable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accessories" ADD COLUMN "deposit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "accessories" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "accessories" ADD COLUMN "gst_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "gst_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "returnable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deposit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returnable_entries" ADD CONSTRAINT "returnable_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returnable_entries" ADD CONSTRAINT "returnable_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returnable_entries" ADD CONSTRAINT "returnable_entries_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_key" ON "invoices" USING btree ("financial_year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_no_key" ON "invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","order_id");--> statement-breakpoint
CREATE INDEX "returnable_balances_oldest_idx" ON "returnable_balances" USING btree ("oldest_outstanding_at","customer_id","item_id","outstanding","deposit") WHERE "returnable_balances"."outstanding" > 0;--> statement-breakpoint
CREATE INDEX "returnable_balances_category_oldest_idx" ON "returnable_balances" USING btree ("category_id","oldest_outstanding_at","customer_id","item_id") WHERE "returnable_balances"."outstanding" > 0;--> statement-breakpoint
CREATE INDEX "returnable_balances_pincode_oldest_idx" ON "returnable_balances" USING btree ("pincode","oldest_outstanding_at","customer_id","item_id") WHERE "returnable_balances"."outstanding" > 0;--> statement-breakpoint
CREATE INDEX "returnable_entries_customer_idx" ON "returnable_entries" USING btree ("customer_id","at","id");--> statement-breakpoint
CREATE INDEX "returnable_entries_holding_idx" ON "returnable_entries" USING btree ("customer_id","item_id","at","id");--> statement-breakpoint
CREATE INDEX "returnable_entries_order_idx" ON "returnable_entries" USING btree ("order_id") WHERE "returnable_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "returnable_entries_return_idx" ON "returnable_entries" USING btree ("return_request_id") WHERE "returnable_entries"."return_request_id" is not null;