import { sql } from 'drizzle-orm';
import type { CounterTable } from '../../db/counters';

/*
 * The reports' rollups as counter tables (server/db/counters.ts): rebuilt from the rows they
 * sum and checked against them, as seed:large does once it has loaded invoices and account
 * entries with the triggers off. The expressions are the triggers' own (migrations
 * 0043_gst_complete.sql and 0044_sales_reports.sql).
 */

/**
 * Every invoice (+1 invoice at its order's figures) and note (a credit note +1 and its own
 * figures taken off, a debit note -1 and put back) on its India day, with its order's service,
 * pin code and rider: what sales_daily sums under each dimension.
 */
const SALE_ROWS = `
  SELECT order_day(i.issued_at) AS day, o.category_id, o.pincode,
         coalesce(o.rider_id, '') AS rider, 1 AS invoices, 0 AS notes,
         o.amount + o.delivery_charge + o.emergency_charge AS taxable, o.gst AS tax
    FROM invoices i JOIN orders o ON o.id = i.order_id
  UNION ALL
  SELECT order_day(n.issued_at), o.category_id, o.pincode, coalesce(o.rider_id, ''), 0,
         CASE n.kind WHEN 'credit' THEN 1 ELSE -1 END,
         CASE n.kind WHEN 'credit' THEN -1 ELSE 1 END * n.taxable_paise / 100.0,
         CASE n.kind WHEN 'credit' THEN -1 ELSE 1 END
           * (n.cgst_paise + n.sgst_paise + n.igst_paise) / 100.0
    FROM credit_notes n JOIN orders o ON o.id = n.order_id`;

/** sales_daily as its triggers would have written it: one row per dimension, day and key. */
const SALES_DAILY = `
  WITH s AS (${SALE_ROWS})
  SELECT dim, day, key, sum(invoices)::int AS invoices, sum(notes)::int AS credit_notes,
         sum(taxable)::numeric(16, 2) AS taxable, sum(tax)::numeric(16, 2) AS tax,
         (sum(taxable) + sum(tax))::numeric(16, 2) AS amount
    FROM (SELECT 'service' AS dim, day, category_id AS key, invoices, notes, taxable, tax FROM s
          UNION ALL
          SELECT 'pincode', day, pincode, invoices, notes, taxable, tax FROM s
          UNION ALL
          SELECT 'rider', day, rider, invoices, notes, taxable, tax FROM s) d
   GROUP BY 1, 2, 3`;

/** sales_monthly as the sum of sales_daily per month. */
const SALES_MONTHLY = `
  SELECT dim, date_trunc('month', day::timestamp)::date AS month, key,
         sum(invoices)::int AS invoices, sum(credit_notes)::int AS credit_notes,
         sum(taxable) AS taxable, sum(tax) AS tax, sum(amount) AS amount
    FROM sales_daily GROUP BY 1, 2, 3`;

const COLLECTIONS_DAILY = `
  SELECT order_day(at) AS day, count(*)::int AS payments, sum(amount)::bigint AS collected
    FROM account_entries WHERE kind IN ('payment', 'topup') GROUP BY 1`;

/** The figures of a sales row, for a check's `kept` and `counted`. */
const figures = (t: string) =>
  `concat_ws(' / ', coalesce(${t}.invoices, 0), coalesce(${t}.credit_notes, 0),
     coalesce(${t}.taxable, 0), coalesce(${t}.tax, 0), coalesce(${t}.amount, 0))`;
const differ = `coalesce(k.invoices, 0) <> coalesce(c.invoices, 0)
    OR coalesce(k.credit_notes, 0) <> coalesce(c.credit_notes, 0)
    OR coalesce(k.taxable, 0) <> coalesce(c.taxable, 0)
    OR coalesce(k.tax, 0) <> coalesce(c.tax, 0)
    OR coalesce(k.amount, 0) <> coalesce(c.amount, 0)`;

export const REPORT_COUNTERS: CounterTable[] = [
  {
    table: 'sales_daily',
    sources: ['invoices', 'credit_notes', 'orders'],
    rebuild: sql.raw(`INSERT INTO sales_daily (dim, day, key, invoices, credit_notes, taxable,
        tax, amount) ${SALES_DAILY}`),
    check: sql.raw(`SELECT concat_ws(' / ', dim, day, key) AS key, ${figures('k')} AS kept,
        ${figures('c')} AS counted
      FROM sales_daily k FULL JOIN (${SALES_DAILY}) c USING (dim, day, key)
      WHERE ${differ}`),
  },
  {
    table: 'sales_monthly',
    sources: ['sales_daily'],
    rebuild: sql.raw(`INSERT INTO sales_monthly (dim, month, key, invoices, credit_notes,
        taxable, tax, amount) ${SALES_MONTHLY}`),
    check: sql.raw(`SELECT concat_ws(' / ', dim, month, key) AS key, ${figures('k')} AS kept,
        ${figures('c')} AS counted
      FROM sales_monthly k FULL JOIN (${SALES_MONTHLY}) c USING (dim, month, key)
      WHERE ${differ}`),
    after: 'sales_daily',
  },
  {
    table: 'collections_daily',
    sources: ['account_entries'],
    rebuild: sql.raw(`INSERT INTO collections_daily (day, payments, collected)
      ${COLLECTIONS_DAILY}`),
    check: sql.raw(`SELECT day::text AS key,
        concat_ws(' / ', coalesce(k.payments, 0), coalesce(k.collected, 0)) AS kept,
        concat_ws(' / ', coalesce(c.payments, 0), coalesce(c.collected, 0)) AS counted
      FROM collections_daily k FULL JOIN (${COLLECTIONS_DAILY}) c USING (day)
      WHERE coalesce(k.payments, 0) <> coalesce(c.payments, 0)
        OR coalesce(k.collected, 0) <> coalesce(c.collected, 0)`),
  },
];
