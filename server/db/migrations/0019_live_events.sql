-- Live alerts (issue 15.6): every statement that places orders tells the server instances
-- through NOTIFY, whoever wrote them (this server, another instance, the customers' app).
-- The notification is sent at commit and only then; a rolled-back order announces nothing.
-- A statement placing more than 20 orders (an import) sends one summary instead of a flood.
CREATE FUNCTION orders_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed integer;
BEGIN
  SELECT count(*) INTO placed FROM placed_orders;
  IF placed > 20 THEN
    PERFORM pg_notify('orders_placed', json_build_object('kind', 'bulk', 'count', placed)::text);
  ELSIF placed > 0 THEN
    PERFORM pg_notify('orders_placed', json_build_object(
        'kind', 'placed', '_id', o.id, 'orderId', o.order_id, 'serviceId', o.category_id,
        'pincode', o.pincode, 'isEmergency', o.is_emergency, 'createdAt', o.created_at)::text)
      FROM placed_orders o;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_announce AFTER INSERT ON orders
  REFERENCING NEW TABLE AS placed_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_announce();
