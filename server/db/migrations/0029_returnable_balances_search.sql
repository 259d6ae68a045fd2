-- A search's total on the outstanding list: the matched customers' balances still out, per
-- customer, with the list's other filters (service, minDays, pin code) in the index, so the
-- count reads no balance rows (an index-only scan once vacuumed).
CREATE INDEX "returnable_balances_customer_out_idx" ON "returnable_balances" USING btree ("customer_id","category_id","oldest_outstanding_at","pincode") WHERE "returnable_balances"."outstanding" > 0;
