-- A database seeded before seed_progress existed holds the demo data but no markers: mark each
-- part done when everything that part would write is present, so that it is not seeded again.
-- A part found only half there (an older seed killed part way) is left unmarked: the next start
-- runs it, and it fills only its tables that are still empty, as the older seed did.
INSERT INTO seed_progress (part)
  SELECT part FROM (VALUES
    ('catalogue', EXISTS (SELECT 1 FROM products)),
    ('ecommerce', EXISTS (SELECT 1 FROM ecommerce_products)),
    ('service-areas', EXISTS (SELECT 1 FROM pincodes) AND EXISTS (SELECT 1 FROM plans)
      AND EXISTS (SELECT 1 FROM delivery_charges) AND EXISTS (SELECT 1 FROM delivery_times)),
    ('banners', EXISTS (SELECT 1 FROM banners)),
    ('admins', (SELECT count(*) FROM admins) > 1),
    ('customers', EXISTS (SELECT 1 FROM customers)),
    ('orders', EXISTS (SELECT 1 FROM orders)),
    ('support', EXISTS (SELECT 1 FROM return_requests) AND EXISTS (SELECT 1 FROM support_tickets)),
    ('content', (SELECT count(*) FROM content_pages WHERE key IN ('terms', 'privacy', 'contact')) = 3)
  ) AS seeded (part, present)
  WHERE present;
