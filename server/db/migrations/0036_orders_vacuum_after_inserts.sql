-- A made day adds tens of thousands of orders at once (issue 35). Index-only scans over them (the
-- day's counts through orders_delivery_day_idx, the lists' covering indexes) read the table for
-- every row until VACUUM marks the new pages all-visible, and autovacuum's default insert
-- threshold (1 000 rows + 20 % of the table) never comes at 1-10 M orders for a day of 50 k.
-- Vacuum the orders after each 1 % (plus 10 000) inserted instead.
ALTER TABLE "orders" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_insert_threshold = 10000);
