CREATE TABLE "audit_counts" (
	"admin_id" text NOT NULL,
	"resource" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_counts_admin_id_resource_pk" PRIMARY KEY("admin_id","resource")
);
--> statement-breakpoint
CREATE TABLE "audit_day_counts" (
	"day" date NOT NULL,
	"admin_id" text NOT NULL,
	"resource" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_day_counts_day_admin_id_resource_pk" PRIMARY KEY("day","admin_id","resource")
);

--> statement-breakpoint
-- The audit row's day, in UTC: the audit log's dates are instants, and a bare date is its UTC
-- midnight (server/modules/admins/routes.ts), so whole days of the filter are whole rows here.
CREATE FUNCTION audit_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
CREATE FUNCTION audit_log_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE audit_counts SET n = n - 1
      WHERE admin_id = OLD.admin_id AND resource = OLD.resource;
    UPDATE audit_day_counts SET n = n - 1
      WHERE day = audit_day(OLD.at) AND admin_id = OLD.admin_id AND resource = OLD.resource;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO audit_counts (admin_id, resource, n) VALUES (NEW.admin_id, NEW.resource, 1)
      ON CONFLICT (admin_id, resource) DO UPDATE SET n = audit_counts.n + 1;
    INSERT INTO audit_day_counts (day, admin_id, resource, n)
      VALUES (audit_day(NEW.at), NEW.admin_id, NEW.resource, 1)
      ON CONFLICT (day, admin_id, resource) DO UPDATE SET n = audit_day_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_keep_counts_insert_delete AFTER INSERT OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_keep_counts();
--> statement-breakpoint
CREATE TRIGGER audit_log_keep_counts_update AFTER UPDATE OF admin_id, resource, at
  ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_keep_counts();
--> statement-breakpoint
INSERT INTO audit_counts (admin_id, resource, n)
  SELECT admin_id, resource, count(*) FROM audit_log GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO audit_day_counts (day, admin_id, resource, n)
  SELECT audit_day(at), admin_id, resource, count(*) FROM audit_log GROUP BY 1, 2, 3;
