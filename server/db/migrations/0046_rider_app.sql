CREATE TABLE "rider_actions" (
	"key" text PRIMARY KEY NOT NULL,
	"rider_id" text NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"rider_id" text NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "rider_id" text;--> statement-breakpoint
ALTER TABLE "riders" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "riders" ADD COLUMN "pin_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rider_actions" ADD CONSTRAINT "rider_actions_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_actions" ADD CONSTRAINT "rider_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_sessions" ADD CONSTRAINT "rider_sessions_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_actions_order_idx" ON "rider_actions" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "rider_sessions_rider_idx" ON "rider_sessions" USING btree ("rider_id","created_at") WHERE "rider_sessions"."ended_at" is null;