-- Sessions held in memory (issue 39): each server instance keeps the admins it has checked and
-- drops them when told here, at commit, whoever changed them (this instance, another one, psql).
-- `admin_sessions` carries {"adminId"} when an admin row changes or goes (password, session
-- version, status, role, permissions), {"tokenId"} when a session is signed out, and {"all"}
-- when the admins are truncated (a restore).
CREATE FUNCTION admin_sessions_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_sessions' THEN
    PERFORM pg_notify('admin_sessions', json_build_object('tokenId', NEW.jti)::text);
  ELSIF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('admin_sessions', json_build_object('all', true)::text);
  ELSE
    PERFORM pg_notify('admin_sessions', json_build_object('adminId', OLD.id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admins_announce AFTER UPDATE OR DELETE ON admins
  FOR EACH ROW EXECUTE FUNCTION admin_sessions_announce();
--> statement-breakpoint
CREATE TRIGGER admins_truncate_announce AFTER TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION admin_sessions_announce();
--> statement-breakpoint
CREATE TRIGGER revoked_sessions_announce AFTER INSERT ON revoked_sessions
  FOR EACH ROW EXECUTE FUNCTION admin_sessions_announce();
