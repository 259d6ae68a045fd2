DROP INDEX "customers_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree (lower("email")) WHERE "customers"."email" <> '';