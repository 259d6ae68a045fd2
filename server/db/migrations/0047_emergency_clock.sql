-- migrate: no-transaction
ALTER TABLE "delivery_times" ADD COLUMN IF NOT EXISTS "emergency_alert_minutes" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_open_emergencies_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."is_emergency" and "orders"."status" in ('Pending', 'Out for Delivery');
