CREATE TABLE "content_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecommerce_products" (
	"id" text PRIMARY KEY NOT NULL,
	"sub_category_id" text NOT NULL,
	"title" text NOT NULL,
	"brand_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"discount_price" numeric(12, 2) NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"no_of_solds" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecommerce_products" ADD CONSTRAINT "ecommerce_products_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecommerce_products_created_idx" ON "ecommerce_products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ecommerce_products_sub_category_idx" ON "ecommerce_products" USING btree ("sub_category_id","created_at");--> statement-breakpoint
CREATE INDEX "ecommerce_products_sold_idx" ON "ecommerce_products" USING btree ("no_of_solds","id");--> statement-breakpoint
CREATE INDEX "ecommerce_products_title_trgm_idx" ON "ecommerce_products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ecommerce_products_brand_trgm_idx" ON "ecommerce_products" USING gin ("brand_name" gin_trgm_ops);