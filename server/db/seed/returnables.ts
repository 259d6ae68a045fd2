import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client';
import type { CategoryKind } from '../schema';

/**
 * GST per service: packaged drinking water (HSN 2201) and medical oxygen (HSN 2804) are goods;
 * laundry (SAC 999712) and tiffin, supplied as meals (SAC 996331), are services. E-commerce
 * products take the standard 18 % and no code of their own here.
 */
export const CATEGORY_TAX: Record<
  Exclude<CategoryKind, 'other'>,
  { hsnCode: string | null; gstRate: string }
> = {
  water: { hsnCode: '2201', gstRate: '18' },
  oxygen: { hsnCode: '2804', gstRate: '12' },
  laundry: { hsnCode: '999712', gstRate: '18' },
  tiffin: { hsnCode: '996331', gstRate: '5' },
  ecommerce: { hsnCode: null, gstRate: '18' },
};

/** The demo catalogue's jars and cylinders (server/db/seed/catalogue.ts) and their deposits. */
const DEMO_DEPOSITS: { kind: CategoryKind; name: string; deposit: number }[] = [
  { kind: 'water', name: '20 L Water Jar', deposit: 150 },
  { kind: 'water', name: '25 L Water Jar', deposit: 200 },
  { kind: 'oxygen', name: '10 L Oxygen Cylinder', deposit: 3000 },
  { kind: 'oxygen', name: '46.7 L Oxygen Cylinder', deposit: 6000 },
];

/** The demo accessories' own HSN codes and rates (they are sold, not lent). */
export const ACCESSORY_TAX: { name: string; hsnCode: string; gstRate: string }[] = [
  { name: 'Hot & Cold Dispenser', hsnCode: '8418', gstRate: '18' },
  { name: 'Jar Tap', hsnCode: '8481', gstRate: '18' },
  { name: 'Steel Jar Stand', hsnCode: '7323', gstRate: '12' },
  { name: 'Jar Cap (pack of 10)', hsnCode: '3923', gstRate: '18' },
  { name: 'Oxygen Regulator', hsnCode: '8481', gstRate: '18' },
  { name: 'Adult Oxygen Mask', hsnCode: '9019', gstRate: '12' },
  { name: 'Flow Meter', hsnCode: '9026', gstRate: '18' },
  { name: 'Humidifier Bottle', hsnCode: '9019', gstRate: '12' },
];

/**
 * Marks the demo catalogue for the ledger and the invoices: HSN/SAC codes and GST rates on the
 * service categories and the accessories, the jars and cylinders returnable with a deposit.
 * Leaves alone whatever already has its own (an owner's edit, or a second run). Runs before
 * the demo orders, so that their deliveries write the ledger through the triggers; seed:large
 * runs it on its catalogue too.
 */
export async function markCatalogue(db: Database | Transaction): Promise<void> {
  for (const [kind, tax] of Object.entries(CATEGORY_TAX)) {
    await db.execute(sql`UPDATE categories SET hsn_code = ${tax.hsnCode}, gst_rate = ${tax.gstRate}
      WHERE kind = ${kind} AND hsn_code IS NULL AND gst_rate IS NULL`);
  }
  for (const item of DEMO_DEPOSITS) {
    await db.execute(sql`UPDATE products SET returnable = true, deposit = ${item.deposit}
      WHERE name = ${item.name} AND NOT returnable AND deposit = 0
        AND category_id IN (SELECT id FROM categories WHERE kind = ${item.kind})`);
  }
  for (const item of ACCESSORY_TAX) {
    await db.execute(sql`UPDATE accessories SET hsn_code = ${item.hsnCode}, gst_rate = ${item.gstRate}
      WHERE name = ${item.name} AND hsn_code IS NULL AND gst_rate IS NULL`);
  }
}

/**
 * The ledger entries that the triggers of migration 0021 would have written for the orders
 * and return requests already in the database, and have not: a 'delivered' entry for each
 * delivered order of a returnable product or accessory (issuing its quantity, taking back the
 * empties collected with it), dated by the order's updated_at (when it was delivered), and a
 * 'returned' entry for each approved return request, dated when it was approved. Set-based:
 * seed:large writes all of its entries here with the triggers off (then rebuilds the balances),
 * and a demo database seeded before the ledger existed gets its history here (the triggers keep
 * the balances). Nothing for a delivery or a return that has its entries already.
 */
const LEDGER_FROM_HISTORY = `
  INSERT INTO returnable_entries (customer_id, item_id, item_kind, item_name, category_id, kind,
      issued, returned, deposit, order_id, return_request_id, pincode, at)
  SELECT customer_id, item_id, item_kind, item_name, category_id, kind, issued, returned, deposit,
         order_id, return_request_id, pincode, at
    FROM (
      SELECT o.customer_id, p.id AS item_id, 'product' AS item_kind, p.name AS item_name,
             p.category_id, 'delivered' AS kind, o.quantity AS issued,
             o.return_quantity AS returned, p.deposit * (o.quantity - o.return_quantity) AS deposit,
             o.id AS order_id, NULL::text AS return_request_id, o.pincode, o.updated_at AS at
        FROM orders o
        JOIN products p ON p.id = o.product_id AND p.returnable
       WHERE o.status = 'Delivered' AND (o.quantity <> 0 OR o.return_quantity <> 0)
         AND NOT EXISTS (SELECT 1 FROM returnable_entries e
                          WHERE e.order_id = o.id AND e.item_id = p.id
                            AND e.return_request_id IS NULL)
      UNION ALL
      SELECT o.customer_id, a.id, 'accessory', a.name, a.category_id, 'delivered',
             sum(oa.quantity)::int, 0, a.deposit * sum(oa.quantity), o.id, NULL, o.pincode,
             o.updated_at
        FROM accessories a
        JOIN order_accessories oa ON oa.accessory_id = a.id
        JOIN orders o ON o.id = oa.order_id AND o.status = 'Delivered'
       WHERE a.returnable
         AND NOT EXISTS (SELECT 1 FROM returnable_entries e
                          WHERE e.order_id = o.id AND e.item_id = a.id
                            AND e.return_request_id IS NULL)
       GROUP BY o.id, a.id
      HAVING sum(oa.quantity) <> 0
      UNION ALL
      SELECT r.customer_id, p.id, 'product', p.name, p.category_id, 'returned', 0,
             r.returned_quantity, -p.deposit * r.returned_quantity, r.order_id, r.id, o.pincode,
             coalesce(r.approved_at, r.settled_at, r.requested_at)
        FROM return_requests r
        JOIN orders o ON o.id = r.order_id
        JOIN products p ON p.id = o.product_id AND p.returnable
       WHERE r.status = 'Approved' AND r.returned_quantity <> 0
         AND NOT EXISTS (SELECT 1 FROM returnable_entries e WHERE e.return_request_id = r.id)
    ) history
   ORDER BY at, order_id, return_request_id NULLS FIRST, item_id`;

/** Writes the entries the ledger lacks for past deliveries and returns. */
export async function writeLedgerFromHistory(db: Database | Transaction): Promise<void> {
  await db.execute(sql.raw(LEDGER_FROM_HISTORY));
}

/**
 * A plausible depot for each returnable item, set after the history is in: full units at the
 * depot about 15 % of what customers hold plus a reserve (40 jars, 6 cylinders), and some
 * empties back from customers waiting to be refilled. What customers hold is the balances' sum.
 */
export async function setDepotStock(db: Database | Transaction): Promise<void> {
  await db.execute(sql`
    INSERT INTO returnable_stock AS s (item_id, item_kind, category_id, "full", empty, with_customers)
    SELECT i.id, i.item_kind, i.category_id,
           ceil(0.15 * coalesce(h.held, 0))::int + CASE WHEN c.kind = 'water' THEN 40 ELSE 6 END,
           ceil(0.08 * coalesce(h.held, 0))::int + CASE WHEN c.kind = 'water' THEN 12 ELSE 2 END,
           coalesce(h.held, 0)
      FROM (SELECT id, 'product' AS item_kind, category_id FROM products WHERE returnable
            UNION ALL
            SELECT id, 'accessory', category_id FROM accessories WHERE returnable) i
      JOIN categories c ON c.id = i.category_id
      LEFT JOIN (SELECT item_id, sum(outstanding)::int AS held
                   FROM returnable_balances GROUP BY item_id) h ON h.item_id = i.id
    ON CONFLICT (item_id) DO UPDATE
      SET "full" = excluded."full", empty = excluded.empty, updated_at = now()`);
}

export interface LedgerMismatch {
  what: string;
  key: string;
  kept: string;
  counted: string;
}

/**
 * What disagrees in the ledger and the invoices, compared with the rows they come from (zero
 * rows when all is right): each balance with the sums of its entries (and an oldest date exactly
 * when something is out), what the depot counts with customers with the balances' sum, each
 * delivered order of a returnable product with its entry, each delivered order with one
 * invoice, and each financial year's invoice numbers with 1..N and its series.
 */
export async function checkLedger(db: Database | Transaction): Promise<LedgerMismatch[]> {
  const { rows } = await db.execute(sql`
    SELECT 'returnable_balances' AS what, concat_ws(' / ', customer_id, item_id) AS key,
           concat_ws(' / ', b.issued, b.returned, b.outstanding, b.deposit,
                     b.oldest_outstanding_at IS NOT NULL) AS kept,
           concat_ws(' / ', e.issued, e.returned, e.issued - e.returned, e.deposit,
                     e.issued - e.returned > 0) AS counted
      FROM returnable_balances b
      FULL JOIN (SELECT customer_id, item_id, sum(issued)::int AS issued,
                        sum(returned)::int AS returned, sum(deposit) AS deposit
                   FROM returnable_entries GROUP BY customer_id, item_id) e
      USING (customer_id, item_id)
     WHERE b.issued IS DISTINCT FROM e.issued OR b.returned IS DISTINCT FROM e.returned
        OR b.outstanding IS DISTINCT FROM e.issued - e.returned
        OR b.deposit IS DISTINCT FROM e.deposit
        OR (b.outstanding > 0) IS DISTINCT FROM (b.oldest_outstanding_at IS NOT NULL)
    UNION ALL
    SELECT 'returnable_stock', item_id, coalesce(s.with_customers, 0)::text,
           coalesce(h.held, 0)::text
      FROM returnable_stock s
      FULL JOIN (SELECT item_id, sum(outstanding)::int AS held
                   FROM returnable_balances GROUP BY item_id) h USING (item_id)
     WHERE coalesce(s.with_customers, 0) <> coalesce(h.held, 0)
    UNION ALL
    SELECT 'returnable_stock holders', item_id, coalesce(s.holders, 0)::text,
           coalesce(h.holding, 0)::text
      FROM returnable_stock s
      FULL JOIN (SELECT item_id, count(*)::int AS holding FROM returnable_balances
                  WHERE outstanding > 0 GROUP BY item_id) h USING (item_id)
     WHERE coalesce(s.holders, 0) <> coalesce(h.holding, 0)
    UNION ALL
    SELECT 'returnable_entries', o.id, 'no entry', 'delivered'
      FROM orders o JOIN products p ON p.id = o.product_id AND p.returnable
     WHERE o.status = 'Delivered'
       AND NOT EXISTS (SELECT 1 FROM returnable_entries e
                        WHERE e.order_id = o.id AND e.return_request_id IS NULL)
    UNION ALL
    SELECT 'invoices', o.id, 'no invoice', 'delivered'
      FROM orders o
     WHERE o.status = 'Delivered' AND EXISTS (SELECT 1 FROM business_settings)
       AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
    UNION ALL
    SELECT 'invoice_series', coalesce(n.financial_year, s.financial_year),
           concat_ws(' / ', s.last_number, n.lowest, n.highest),
           concat_ws(' / ', n.n, 1, n.n)
      FROM (SELECT financial_year, count(*)::int AS n, min(number) AS lowest,
                   max(number) AS highest
              FROM invoices GROUP BY financial_year) n
      FULL JOIN invoice_series s USING (financial_year)
     WHERE n.lowest IS DISTINCT FROM 1 OR n.highest IS DISTINCT FROM n.n
        OR s.last_number IS DISTINCT FROM n.n`);
  return rows as unknown as LedgerMismatch[];
}
