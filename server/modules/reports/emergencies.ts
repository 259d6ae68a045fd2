import { sql, type SQL } from 'drizzle-orm';
import { pincodeLabel } from '@shared/pincode';
import type { Database } from '../../db/client';
import { NO_RIDER } from './repository';
import type { EmergencyFigures, EmergencyGroup, EmergencyRow, EmergencyState } from './schemas';

/** The emergencies placed from `start` up to (not including) `end`, and the breach setting. */
export interface EmergencyRange {
  start: Date;
  end: Date;
  alertAfterMinutes: number;
}

/**
 * The facts of each emergency of `source` (a FROM clause naming its orders `o`): placed, delivered (its last
 * Delivered step, looked up for the delivered ones alone through order_status_history_order_idx),
 * whole minutes to delivery (to now while open), its state and whether it breached.
 */
function factsOf(source: SQL, alertAfterMinutes: number) {
  return sql`
    SELECT f.*,
           CASE WHEN f.state = 'cancelled' OR f.minutes IS NULL THEN false
                ELSE f.minutes >= ${alertAfterMinutes}::int END AS breached
      FROM (
        SELECT d.*,
               CASE WHEN d.state = 'delivered' THEN d.delivered_ms - d.placed_ms
                    WHEN d.state = 'open' THEN extract(epoch from now()) * 1000 - d.placed_ms
               END::bigint / 60000 AS minutes
          FROM (
            SELECT o.id, o.order_id, o.customer_id, o.category_id, o.pincode,
                   coalesce(o.rider_id, '') AS rider_key, o.status, o.created_at,
                   (extract(epoch from o.created_at) * 1000)::bigint AS placed_ms,
                   CASE WHEN o.status = 'Delivered' THEN 'delivered'
                        WHEN o.status = 'Cancelled' THEN 'cancelled' ELSE 'open' END AS state,
                   CASE WHEN o.status = 'Delivered' THEN (
                     SELECT (extract(epoch from max(h.at)) * 1000)::bigint
                       FROM order_status_history h
                      WHERE h.order_id = o.id AND h.to_status = 'Delivered')
                   END AS delivered_ms
              FROM ${source}
          ) d
      ) f`;
}

/**
 * The range's emergencies, through orders_emergency_created_idx (created_at, id) WHERE
 * is_emergency: its condition written out so that the planner proves the partial index applies.
 */
const inRange = (r: EmergencyRange) =>
  sql`o.is_emergency AND o.created_at >= ${r.start.toISOString()}::timestamptz
      AND o.created_at < ${r.end.toISOString()}::timestamptz`;

/** The orders of a page of ids (a few, by primary key), named `o`. */
const pageOf = (ids: SQL) => sql`(${ids}) p JOIN orders o ON o.id = p.id`;

type FigureRow = {
  n: number;
  delivered: number;
  open: number;
  cancelled: number;
  breached: number;
  median: number | null;
  worst: number | null;
};

const figuresOf = (r: FigureRow): EmergencyFigures => ({
  emergencies: Number(r.n),
  delivered: Number(r.delivered),
  open: Number(r.open),
  cancelled: Number(r.cancelled),
  breached: Number(r.breached),
  medianMinutes: r.median === null ? null : Number(r.median),
  worstMinutes: r.worst === null ? null : Number(r.worst),
});

type FactRow = {
  id: string;
  order_id: string;
  customer_id: string;
  pincode: string;
  rider_key: string;
  status: string;
  state: EmergencyState;
  placed_ms: string | number;
  delivered_ms: string | number | null;
  minutes: string | number | null;
  breached: boolean;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  service_name: string | null;
  rider_name: string | null;
};

function rowOf(r: FactRow): EmergencyRow {
  return {
    _id: r.id,
    orderId: r.order_id,
    customer: {
      _id: r.customer_id,
      name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
      phone: r.phone ?? '',
    },
    serviceName: r.service_name ?? '',
    pincode: r.pincode,
    rider: r.rider_key ? { _id: r.rider_key, name: r.rider_name ?? 'Removed rider' } : null,
    status: r.status,
    state: r.state,
    placedAt: new Date(Number(r.placed_ms)),
    deliveredAt: r.delivered_ms === null ? null : new Date(Number(r.delivered_ms)),
    minutes: r.minutes === null ? null : Math.max(0, Number(r.minutes)),
    breached: r.breached,
  };
}

/** The names each fact row shows: customer, service, rider, each by its primary key. */
const NAMES = sql`
  LEFT JOIN customers c ON c.id = f.customer_id
  LEFT JOIN categories s ON s.id = f.category_id
  LEFT JOIN riders r ON r.id = NULLIF(f.rider_key, '')`;
const NAME_COLUMNS = sql`c.first_name, c.last_name, c.phone, s.name AS service_name,
  r.name AS rider_name`;

export function createEmergencyReport(db: Database) {
  return {
    /**
     * The range's totals and its figures by pin code and by rider (median and worst of the
     * delivered ones' minutes), in one pass over the range's emergencies (GROUPING SETS).
     */
    async summary(r: EmergencyRange) {
      const source = sql`orders o WHERE ${inRange(r)}`;
      const { rows } = await db.execute<
        FigureRow & {
          by_pincode: number;
          by_rider: number;
          pincode: string | null;
          rider_key: string | null;
          area: string | null;
          city: string | null;
          rider_name: string | null;
        }
      >(sql`
        WITH f AS MATERIALIZED (${factsOf(source, r.alertAfterMinutes)}),
        g AS (
          SELECT grouping(pincode) = 0 AS by_pincode_, grouping(rider_key) = 0 AS by_rider_,
                 pincode, rider_key, count(*)::int AS n,
                 count(*) FILTER (WHERE state = 'delivered')::int AS delivered,
                 count(*) FILTER (WHERE state = 'open')::int AS open,
                 count(*) FILTER (WHERE state = 'cancelled')::int AS cancelled,
                 count(*) FILTER (WHERE breached)::int AS breached,
                 floor(percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes)
                   FILTER (WHERE state = 'delivered' AND minutes IS NOT NULL) + 0.5)::int AS median,
                 (max(minutes) FILTER (WHERE state = 'delivered'))::int AS worst
            FROM f
           GROUP BY GROUPING SETS ((), (pincode), (rider_key))
        )
        SELECT g.by_pincode_::int AS by_pincode, g.by_rider_::int AS by_rider, g.pincode,
               g.rider_key, g.n, g.delivered, g.open, g.cancelled, g.breached, g.median, g.worst,
               p.area, p.city, rd.name AS rider_name
          FROM g
          LEFT JOIN pincodes p ON g.by_pincode_ AND p.number = g.pincode
          LEFT JOIN riders rd ON g.by_rider_ AND rd.id = g.rider_key
         ORDER BY g.n DESC, g.pincode, g.rider_key`);
      const byPincode: EmergencyGroup[] = [];
      const byRider: EmergencyGroup[] = [];
      let totals = figuresOf({
        n: 0,
        delivered: 0,
        open: 0,
        cancelled: 0,
        breached: 0,
        median: null,
        worst: null,
      });
      for (const row of rows) {
        if (Number(row.by_pincode)) {
          const key = row.pincode ?? '';
          const label = pincodeLabel({ number: key, area: row.area, city: row.city });
          byPincode.push({ key, label, ...figuresOf(row) });
        } else if (Number(row.by_rider)) {
          const key = row.rider_key ?? '';
          const label = key === '' ? NO_RIDER : (row.rider_name ?? 'Removed rider');
          byRider.push({ key, label, ...figuresOf(row) });
        } else totals = figuresOf(row);
      }
      return { totals, byPincode, byRider };
    },

    /** A page of the range's emergencies, newest first (the page's ids first, then their facts). */
    async page(r: EmergencyRange, offset: number, limit: number): Promise<EmergencyRow[]> {
      const ids = sql`SELECT o.id FROM orders o WHERE ${inRange(r)}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`;
      const { rows } = await db.execute<FactRow>(sql`
        SELECT f.*, ${NAME_COLUMNS}
          FROM (${factsOf(pageOf(ids), r.alertAfterMinutes)}) f ${NAMES}
         ORDER BY f.created_at DESC, f.id DESC`);
      return rows.map(rowOf);
    },

    /** Every emergency of the range, newest first, `size` at a time (a seek on the index). */
    async *batches(r: EmergencyRange, size: number): AsyncGenerator<EmergencyRow[]> {
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const seek = after
          ? sql`AND (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id})`
          : sql``;
        const ids = sql`SELECT o.id FROM orders o WHERE ${inRange(r)} ${seek}
          ORDER BY o.created_at DESC, o.id DESC LIMIT ${size}`;
        const { rows } = await db.execute<FactRow & { at: string }>(sql`
          SELECT f.*, f.created_at::text AS at, ${NAME_COLUMNS}
            FROM (${factsOf(pageOf(ids), r.alertAfterMinutes)}) f ${NAMES}
           ORDER BY f.created_at DESC, f.id DESC`);
        if (rows.length === 0) return;
        yield rows.map(rowOf);
        if (rows.length < size) return;
        const last = rows.at(-1)!;
        after = { at: last.at, id: last.id };
      }
    },
  };
}
