import type { CategoryKind } from '../../schema';
import type { Sql } from './run';

/** The four services orders are generated for, by their index in every per-kind array. */
export const SERVICE_KINDS = [
  'water',
  'oxygen',
  'laundry',
  'tiffin',
] as const satisfies readonly CategoryKind[];
export const TIFFIN = SERVICE_KINDS.indexOf('tiffin');

/** What the generated rows refer to: read from the seeded catalogue, settings and admins. */
export interface Reference {
  /** Category id per service kind. */
  categoryIds: string[];
  /** Active products (plans for tiffin) per service kind, as slots 0..n-1 of `seed_item`. */
  items: number[];
  /** Days of each tiffin plan, by slot. */
  planDays: number[];
  /** Accessories per service kind, as slots 0..n-1 of `seed_accessory`. */
  accessories: number[];
  /** Active admins who move orders and answer tickets. */
  staff: { id: string; name: string; email: string }[];
  standardCharge: number;
  emergencyCharge: number;
  gstPercent: number;
}

const kindValues = SERVICE_KINDS.map((k, i) => `('${k}', ${i})`).join(', ');

/**
 * Reads the catalogue into the work tables `seed_item` (products, and plans for tiffin)
 * and `seed_accessory`, numbered per service so that a row picks one by a number, and answers
 * the counts and settings the statements need. The price is the one an order pays: the
 * discount price when there is one.
 */
export async function loadReference(run: Sql): Promise<Reference> {
  await run(`CREATE UNLOGGED TABLE seed_item AS
    SELECT k.i AS kind, (row_number() OVER (PARTITION BY k.i ORDER BY p.created_at, p.id) - 1)::int AS slot,
      p.id, coalesce(nullif(p.discount_price, 0), p.price) AS price, NULL::int AS days
    FROM products p JOIN categories c ON c.id = p.category_id
      JOIN (VALUES ${kindValues}) k(kind, i) ON k.kind = c.kind
    WHERE p.status = 'Active' AND c.kind <> 'tiffin'
    UNION ALL
    SELECT ${TIFFIN}, (row_number() OVER (ORDER BY created_at, id) - 1)::int, id, price, duration
    FROM plans WHERE status = 'Active'`);
  await run(`CREATE UNLOGGED TABLE seed_accessory AS
    SELECT k.i AS kind, (row_number() OVER (PARTITION BY k.i ORDER BY a.created_at, a.id) - 1)::int AS slot,
      a.id, a.name, coalesce(nullif(a.discount_price, 0), a.price) AS price
    FROM accessories a JOIN categories c ON c.id = a.category_id
      JOIN (VALUES ${kindValues}) k(kind, i) ON k.kind = c.kind
    WHERE a.status = 'Active'`);
  await run(`ANALYZE seed_item`);
  await run(`ANALYZE seed_accessory`);

  const categories = await run<{ kind: string; id: string }>(
    `SELECT kind, id FROM categories WHERE kind IN (${SERVICE_KINDS.map((k) => `'${k}'`).join(', ')})`,
  );
  const items = await run<{ kind: number; n: number }>(
    `SELECT kind, count(*)::int AS n FROM seed_item GROUP BY kind`,
  );
  const plans = await run<{ days: number }>(
    `SELECT days FROM seed_item WHERE kind = ${TIFFIN} ORDER BY slot`,
  );
  const accessories = await run<{ kind: number; n: number }>(
    `SELECT kind, count(*)::int AS n FROM seed_accessory GROUP BY kind`,
  );
  const staff = await run<{ id: string; name: string; email: string }>(
    `SELECT id, name, email FROM admins WHERE status = 'Active' ORDER BY created_at, id`,
  );
  const [charges] = await run<{ standard: string; emergency: string; gst: string }>(
    `SELECT standard_charge AS standard, emergency_charge AS emergency, gst FROM delivery_charges
     WHERE id = 'default'`,
  );

  const perKind = (rows: { kind: number; n: number }[]) =>
    SERVICE_KINDS.map((_k, i) => rows.find((r) => Number(r.kind) === i)?.n ?? 0);
  const reference: Reference = {
    categoryIds: SERVICE_KINDS.map((k) => categories.find((c) => c.kind === k)?.id ?? ''),
    items: perKind(items),
    planDays: plans.map((p) => Number(p.days)),
    accessories: perKind(accessories),
    staff,
    standardCharge: Number(charges?.standard ?? 30),
    emergencyCharge: Number(charges?.emergency ?? 80),
    gstPercent: Number(charges?.gst ?? 18),
  };
  const missing = SERVICE_KINDS.filter((_k, i) => !reference.categoryIds[i] || !reference.items[i]);
  if (missing.length) {
    throw new Error(
      `The catalogue lacks a category or active products (plans for tiffin) for: ${missing.join(', ')}.`,
    );
  }
  if (!staff.length) throw new Error('No active admin to record order steps and replies.');
  return reference;
}
