DROP INDEX "support_customers_last_ticket_idx";--> statement-breakpoint
DROP INDEX "support_customers_unresolved_idx";--> statement-breakpoint
CREATE INDEX "support_customers_last_ticket_idx" ON "support_customers" USING btree ("last_ticket_at","customer_id");--> statement-breakpoint
CREATE INDEX "support_customers_unresolved_idx" ON "support_customers" USING btree ("last_ticket_at","customer_id") WHERE "support_customers"."unresolved_count" > 0;