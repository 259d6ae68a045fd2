CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Images are compressed already: store them out of line without trying to compress them again.
ALTER TABLE "uploads" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
