-- The orders lists filtered to a status other than Delivered (about 8 % of the orders) or to
-- fresh orders (about 20 %), sorted by amount or order number: partial indexes that hold the
-- sort, so that a deep page skips only the orders it lists (page 5000 of the cancelled orders by
-- amount walked 700 000 entries of orders_paid_created_idx).
CREATE INDEX "orders_undelivered_paid_idx" ON "orders" USING btree ("status",coalesce("total_amount", "price" + "delivery_charge"),"created_at","id","total_amount","price","delivery_charge","category_id","order_type","is_emergency","pincode") WHERE "orders"."status" <> 'Delivered';--> statement-breakpoint
CREATE INDEX "orders_undelivered_order_id_idx" ON "orders" USING btree ("status","order_id","created_at","category_id","order_type","is_emergency","pincode") WHERE "orders"."status" <> 'Delivered';--> statement-breakpoint
CREATE INDEX "orders_fresh_paid_idx" ON "orders" USING btree (coalesce("total_amount", "price" + "delivery_charge"),"created_at","id","total_amount","price","delivery_charge","category_id","status","is_emergency","pincode") WHERE "orders"."order_type" = 'fresh';--> statement-breakpoint
CREATE INDEX "orders_fresh_order_id_idx" ON "orders" USING btree ("order_id","created_at","category_id","status","is_emergency","pincode") WHERE "orders"."order_type" = 'fresh';