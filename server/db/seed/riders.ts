import { count, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client';
import { ridersTable, type RiderShift } from '../schema';

/**
 * A dozen riders across the three demo cities (server/db/seed/service-areas.ts), each with the
 * pin codes of a neighbourhood and a round.
 */
export const DEMO_RIDERS: {
  name: string;
  phone: string;
  vehicle: string;
  shift: RiderShift;
  pincodes: string[];
}[] = [
  // Bengaluru
  {
    name: 'Ravi Kumar',
    phone: '9845000101',
    vehicle: 'KA01 AB 1234 (scooter)',
    shift: 'Both',
    pincodes: ['560001', '560002', '560025'],
  },
  {
    name: 'Manjunath Gowda',
    phone: '9845000102',
    vehicle: 'KA05 MJ 4411 (tempo)',
    shift: 'Morning',
    pincodes: ['560003', '560004', '560011'],
  },
  {
    name: 'Suresh Reddy',
    phone: '9845000103',
    vehicle: 'KA03 SR 7720 (scooter)',
    shift: 'Evening',
    pincodes: ['560005', '560008', '560038'],
  },
  {
    name: 'Imran Pasha',
    phone: '9845000104',
    vehicle: 'KA51 IP 0912 (van)',
    shift: 'Both',
    pincodes: ['560034', '560066', '560100', '560102'],
  },
  // Delhi
  {
    name: 'Sunil Yadav',
    phone: '9810000201',
    vehicle: 'DL3C AS 5521 (e-rickshaw)',
    shift: 'Both',
    pincodes: ['110001', '110002', '110003', '110006'],
  },
  {
    name: 'Deepak Singh',
    phone: '9810000202',
    vehicle: 'DL8S DS 3390 (scooter)',
    shift: 'Morning',
    pincodes: ['110005', '110016', '110017'],
  },
  {
    name: 'Mohd. Arif',
    phone: '9810000203',
    vehicle: 'DL1L MA 7702 (tempo)',
    shift: 'Evening',
    pincodes: ['110019', '110024', '110048'],
  },
  {
    name: 'Harish Chand',
    phone: '9810000204',
    vehicle: 'DL9C HC 1188 (van)',
    shift: 'Both',
    pincodes: ['110016', '110075'],
  },
  // Mumbai
  {
    name: 'Santosh Patil',
    phone: '9820000301',
    vehicle: 'MH01 SP 2210 (scooter)',
    shift: 'Both',
    pincodes: ['400001', '400002', '400005'],
  },
  {
    name: 'Ganesh Jadhav',
    phone: '9820000302',
    vehicle: 'MH01 GJ 6634 (tempo)',
    shift: 'Morning',
    pincodes: ['400011', '400016', '400018', '400028'],
  },
  {
    name: 'Vinod Shinde',
    phone: '9820000303',
    vehicle: 'MH02 VS 9091 (scooter)',
    shift: 'Evening',
    pincodes: ['400050', '400053', '400093'],
  },
  {
    name: 'Prakash More',
    phone: '9820000304',
    vehicle: 'MH03 PM 4470 (van)',
    shift: 'Both',
    pincodes: ['400076', '400093', '400053'],
  },
];

/**
 * The round a job goes out in, in SQL: Evening when its slot starts at 2 PM or later, else by
 * the India hour it was placed (the same rule as the server's runShiftOf).
 */
export const JOB_ROUND_SQL = `
  CASE
    WHEN o.delivery_time ~ '^\\s*\\d{1,2}:\\d{2}\\s*[AP]M' THEN
      CASE WHEN (substring(o.delivery_time from '^\\s*(\\d{1,2})')::int % 12
                 + CASE WHEN substring(o.delivery_time from '([AP])M') = 'P' THEN 12 ELSE 0 END) >= 14
           THEN 'Evening' ELSE 'Morning' END
    WHEN extract(hour from (o.created_at AT TIME ZONE 'Asia/Kolkata')) >= 14 THEN 'Evening'
    ELSE 'Morning'
  END`;

/**
 * Riders and their runs: the last week's delivered and out-for-delivery jobs went with the rider
 * who serves their pin code (a history row says so), about half of the week's pending jobs are
 * already given out, the rest wait on Assigning Jobs; cash on delivery of every past day is
 * handed in (a few riders a little short), today's is still with the riders.
 */
export async function seedRiders(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(ridersTable);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(ridersTable).values(DEMO_RIDERS);
  await assignRecentRuns(db);
}

/**
 * Gives the last week's jobs to the riders already in the database (the demo's and
 * seed:large's), with their history rows and the past days' cash handed in. Set-based.
 */
export async function assignRecentRuns(
  db: Database | Transaction,
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  // One rider per job among those serving its pin code and round, picked by the order's hash
  // so the demo is the same on every machine.
  await db.execute(sql`
    WITH jobs AS (
      SELECT o.id, o.status, o.created_at, ${sql.raw(JOB_ROUND_SQL)} AS round
        FROM orders o
       WHERE o.created_at > ${at}::timestamptz - interval '7 days'
         AND (o.status IN ('Delivered', 'Out for Delivery')
              OR (o.status = 'Pending' AND abs(hashtext(o.id)) % 2 = 0))
    ), picked AS (
      SELECT DISTINCT ON (j.id) j.id, j.round, j.created_at, r.id AS rider_id
        FROM jobs j
        JOIN orders o ON o.id = j.id
        JOIN riders r ON o.pincode = ANY (r.pincodes) AND r.shift IN ('Both', j.round)
       ORDER BY j.id, abs(hashtext(j.id || r.id))
    )
    UPDATE orders o
       SET rider_id = p.rider_id, run_shift = p.round,
           assigned_at = greatest(p.created_at,
             least(p.created_at + interval '20 minutes', ${at}::timestamptz - interval '1 minute')),
           run_date = order_day(p.created_at)
      FROM picked p
     WHERE o.id = p.id`);

  // The assignment in each order's history, by the dispatcher of the demo (or the super-admin).
  await db.execute(sql`
    INSERT INTO order_status_history (order_id, from_status, to_status, admin_id, admin_name, note, at)
    SELECT o.id, o.status, o.status, a.id, a.name, 'Assigned to ' || r.name, o.assigned_at
      FROM orders o
      JOIN riders r ON r.id = o.rider_id
      LEFT JOIN LATERAL (
        SELECT id, name FROM admins
         WHERE status = 'Active'
         ORDER BY (permissions ->> 'assigningJobs') = 'true' DESC, created_at
         LIMIT 1
      ) a ON true
     WHERE o.rider_id IS NOT NULL`);

  // Past days' cash on delivery handed in; every fifth rider-day (ranked by a hash, so the first
  // always is, whatever the date) short by up to Rs 150.
  await db.execute(sql`
    WITH days AS (
      SELECT r.id, r.name, o.run_date, sum(order_paid(o)) AS due
        FROM orders o
        JOIN riders r ON r.id = o.rider_id
       WHERE o.status = 'Delivered' AND o.payment_method = 'Cash on Delivery'
         AND o.run_date < order_day(${at}::timestamptz)
       GROUP BY r.id, r.name, o.run_date
    ), ranked AS (
      SELECT days.*,
             row_number() OVER (ORDER BY abs(hashtext(id || run_date::text)), id, run_date) AS n
        FROM days
    )
    INSERT INTO rider_cash_settlements (id, rider_id, rider_name, run_date, amount, settled_by_name, settled_at)
    SELECT gen_random_uuid()::text, id, name, run_date,
           due - CASE WHEN n % 5 = 1 THEN least(150, greatest(1, floor(due / 10))) ELSE 0 END,
           'Priya Sharma', (run_date + time '21:30') AT TIME ZONE 'Asia/Kolkata'
      FROM ranked`);
}
