DROP INDEX "orders_paid_created_idx";--> statement-breakpoint
DROP INDEX "orders_category_paid_created_idx";--> statement-breakpoint
CREATE INDEX "customers_first_name_idx" ON "customers" USING btree ("first_name","id","status");--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree ("last_name","id","status");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email","id","status");--> statement-breakpoint
CREATE INDEX "customers_wallet_idx" ON "customers" USING btree ("wallet","id","status");--> statement-breakpoint
CREATE INDEX "orders_open_jobs_created_idx" ON "orders" USING btree ("category_id","created_at","id") WHERE "orders"."status" in ('Pending', 'Out for Delivery');--> statement-breakpoint
CREATE INDEX "orders_paid_created_idx" ON "orders" USING btree (coalesce("total_amount", "price" + "delivery_charge"),"created_at","id","total_amount","price","delivery_charge");--> statement-breakpoint
CREATE INDEX "orders_category_paid_created_idx" ON "orders" USING btree ("category_id",coalesce("total_amount", "price" + "delivery_charge"),"created_at","id","total_amount","price","delivery_charge");