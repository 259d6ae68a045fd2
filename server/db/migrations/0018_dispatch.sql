CREATE TABLE "rider_cash_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"rider_id" text,
	"rider_name" text NOT NULL,
	"run_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"settled_by" text,
	"settled_by_name" text,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riders" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"pincodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"shift" text DEFAULT 'Both' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "run_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "run_shift" text;--> statement-breakpoint
ALTER TABLE "rider_cash_settlements" ADD CONSTRAINT "rider_cash_settlements_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_cash_settlements_day_idx" ON "rider_cash_settlements" USING btree ("run_date","rider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "riders_phone_key" ON "riders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "riders_name_idx" ON "riders" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "riders_pincodes_idx" ON "riders" USING gin ("pincodes");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_rider_run_idx" ON "orders" USING btree ("rider_id","run_date","run_shift","created_at","id") WHERE "orders"."rider_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_rider_open_idx" ON "orders" USING btree ("rider_id","category_id","created_at","id") WHERE "orders"."status" in ('Pending', 'Out for Delivery') and "orders"."rider_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_unassigned_jobs_idx" ON "orders" USING btree ("category_id","pincode","created_at","id") WHERE "orders"."status" in ('Pending', 'Out for Delivery') and "orders"."rider_id" is null;