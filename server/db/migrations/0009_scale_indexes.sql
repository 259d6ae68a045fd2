CREATE TABLE "customer_day_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_day_counts_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "customer_order_counts" (
	"customer_id" text NOT NULL,
	"category_id" text NOT NULL,
	"status" text NOT NULL,
	"order_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_order_counts_customer_id_category_id_status_order_type_pk" PRIMARY KEY("customer_id","category_id","status","order_type")
);
--> statement-breakpoint
CREATE TABLE "order_day_counts" (
	"day" date NOT NULL,
	"category_id" text NOT NULL,
	"status" text NOT NULL,
	"order_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_counts_day_category_id_status_order_type_pk" PRIMARY KEY("day","category_id","status","order_type")
);
--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_admin_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_resource_at_idx";--> statement-breakpoint
DROP INDEX "customers_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_category_created_idx";--> statement-breakpoint
DROP INDEX "orders_category_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_type_created_idx";--> statement-breakpoint
DROP INDEX "orders_customer_created_idx";--> statement-breakpoint
DROP INDEX "orders_open_jobs_idx";--> statement-breakpoint
DROP INDEX "return_requests_category_requested_idx";--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_category_order_id_idx" ON "orders" USING btree ("category_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_paid_created_idx" ON "orders" USING btree (coalesce("total_amount", "price" + "delivery_charge"),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_category_paid_created_idx" ON "orders" USING btree ("category_id",coalesce("total_amount", "price" + "delivery_charge"),"created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_at_idx" ON "audit_log" USING btree ("admin_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_resource_at_idx" ON "audit_log" USING btree ("resource","at","id");--> statement-breakpoint
CREATE INDEX "customers_status_created_idx" ON "customers" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_category_created_idx" ON "orders" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_category_status_created_idx" ON "orders" USING btree ("category_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_type_created_idx" ON "orders" USING btree ("order_type","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_open_jobs_idx" ON "orders" USING btree ("category_id","pincode","created_at","id") WHERE "orders"."status" in ('Pending', 'Out for Delivery');--> statement-breakpoint
CREATE INDEX "return_requests_category_requested_idx" ON "return_requests" USING btree ("category_id","requested_at","id");