import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters, rebuildCounters } from '@server/db/counters';
import { checkLedger } from '@server/db/seed/returnables';
import {
  parseSeedLargeArgs,
  seedLarge,
  SEEDED_MARK,
  SeedLargeRefused,
  SeedLargeUsageError,
  type LargeSeedReport,
} from '@server/db/seed/large';
import { bearer, createTestServer, type TestServer } from './helpers';

const COUNTS = {
  orders: 3000,
  customers: 400,
  tickets: 300,
  returns: 200,
  audit: 500,
  subscriptions: 2000,
  accounts: 20_000,
};

/** `npm run seed:large` at a small size: the mix a person would notice, and consistent counters. */
describe('seed:large', () => {
  let s: TestServer;
  let report: LargeSeedReport;
  let indexesBefore: string[];
  const rows = async <T>(query: ReturnType<typeof sql>) => (await s.db.execute(query)).rows as T[];
  const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;
  const indexes = async () =>
    (
      await rows<{ def: string }>(
        sql`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`,
      )
    ).map((r) => r.def);
  const handle = () => ({ db: s.db, kind: s.kind, close: async () => {} });

  beforeAll(async () => {
    s = await createTestServer();
    indexesBefore = await indexes();
    report = await seedLarge(handle(), { ...COUNTS, dataDir: s.config.dataDir });
  }, 120_000);
  afterAll(() => s.close());

  it('makes the rows asked for, with every phase timed', async () => {
    expect(report.rows).toMatchObject({
      orders: 3000,
      customers: 400,
      support_tickets: 300,
      return_requests: 200,
      audit_log: 500,
      subscriptions: 2000,
    });
    expect(report.rows.order_status_history).toBeGreaterThan(2 * 3000);
    expect(report.phases.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'customers',
        'orders',
        'subscriptions',
        'ledger and invoices',
        'indexes',
        'daily spend and counters',
        'vacuum analyze',
        'check counters and ledger',
      ]),
    );
    expect(report.rows.returnable_entries).toBeGreaterThan(1000);
    expect(report.rows.invoices).toBeGreaterThan(2000);
  });

  it('spreads orders over two years, more each month, across the four services', async () => {
    const span = await one<{
      oldest_days: number;
      newest_hours: number;
      first: number;
      last: number;
    }>(
      sql`SELECT extract(epoch FROM now() - min(created_at))::float8 / 86400 AS oldest_days,
          extract(epoch FROM now() - max(created_at))::float8 / 3600 AS newest_hours,
          count(*) FILTER (WHERE created_at < min_at + interval '90 days')::int AS first,
          count(*) FILTER (WHERE created_at > now() - interval '90 days')::int AS last
        FROM orders, (SELECT min(created_at) AS min_at FROM orders) m`,
    );
    expect(span.oldest_days).toBeGreaterThan(700);
    expect(span.oldest_days).toBeLessThan(735);
    expect(span.newest_hours).toBeLessThan(6);
    expect(span.last).toBeGreaterThan(2 * span.first);

    const kinds = await rows<{ kind: string; n: number }>(
      sql`SELECT c.kind, count(*)::int AS n FROM orders o JOIN categories c ON c.id = o.category_id
        GROUP BY c.kind ORDER BY n DESC`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['water', 'laundry', 'tiffin', 'oxygen']);
  });

  it('mixes statuses by age, fresh and reorders, emergencies, accessories and subscriptions', async () => {
    const statuses = await rows<{ status: string; open_old: number }>(
      sql`SELECT status, count(*) FILTER (WHERE created_at < now() - interval '100 days')::int AS open_old
        FROM orders GROUP BY status ORDER BY status`,
    );
    expect(statuses.map((r) => r.status)).toEqual([
      'Cancelled',
      'Delivered',
      'Out for Delivery',
      'Pending',
    ]);
    // Nothing older than the longest tiffin plan is still open.
    for (const r of statuses.filter((r) => ['Pending', 'Out for Delivery'].includes(r.status))) {
      expect(r.open_old).toBe(0);
    }
    const mix = await one<Record<string, number>>(sql`SELECT
        count(*) FILTER (WHERE is_emergency)::int AS emergencies,
        count(*) FILTER (WHERE order_type = 'fresh')::int AS fresh,
        count(*) FILTER (WHERE order_type = 'reorder')::int AS reorders,
        count(*) FILTER (WHERE plan_id IS NOT NULL AND pickup_address IS NOT NULL
          AND delivery_address IS NOT NULL AND start_date IS NOT NULL AND end_date >= start_date)::int AS tiffin,
        count(*) FILTER (WHERE pincode = coalesce(address, delivery_address)->>'pincode')::int AS pinned,
        count(*) FILTER (WHERE total_amount IS NOT NULL
          AND total_amount = amount + delivery_charge + emergency_charge + gst)::int AS totalled
      FROM orders`);
    expect(mix.emergencies).toBeGreaterThan(30);
    expect(mix.fresh).toBeGreaterThan(300);
    expect(mix.reorders).toBeGreaterThan(mix.fresh);
    expect(mix.tiffin).toBeGreaterThan(200);
    expect(mix.pinned).toBe(3000);
    expect(mix.totalled).toBeGreaterThan(2800);

    // A customer's first order of a service is fresh, and only that one.
    const wrong = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM (
        SELECT order_type, row_number() OVER (PARTITION BY customer_id, category_id
          ORDER BY created_at, id) AS nth FROM orders) o
      WHERE (nth = 1) <> (order_type = 'fresh')`);
    expect(wrong.n).toBe(0);

    // Accessories are in the order's amount.
    const accessories = await one<{ orders: number; mismatched: number }>(sql`SELECT
        count(*)::int AS orders,
        count(*) FILTER (WHERE o.amount <> o.price * o.quantity + a.total)::int AS mismatched
      FROM orders o JOIN (SELECT order_id, sum(amount * quantity) AS total FROM order_accessories
        GROUP BY order_id) a ON a.order_id = o.id`);
    expect(accessories.orders).toBeGreaterThan(100);
    expect(accessories.mismatched).toBe(0);
  });

  it('records every step of every order, oldest first, ending in its status', async () => {
    const history = await one<Record<string, number>>(sql`SELECT
        (SELECT count(*)::int FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_status_history h
          WHERE h.order_id = o.id AND h.to_status = o.status AND h.at = o.updated_at)) AS unfinished,
        (SELECT count(*)::int FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_status_history h
          WHERE h.order_id = o.id AND h.from_status IS NULL AND h.to_status = 'Pending'
            AND h.at = o.created_at)) AS unplaced,
        (SELECT count(*)::int FROM order_status_history h JOIN orders o ON o.id = h.order_id
          WHERE h.at < o.created_at OR h.at > now()) AS out_of_time,
        (SELECT count(*)::int FROM order_status_history WHERE admin_id IS NOT NULL) AS by_admin`);
    expect(history).toMatchObject({ unfinished: 0, unplaced: 0, out_of_time: 0 });
    expect(history.by_admin).toBeGreaterThan(3000);
  });

  it('has subscriptions of every service and schedule, about half due on a day, with pauses, skips and history', async () => {
    const mix = await rows<{ kind: string; schedule_kind: string; status: string; n: number }>(
      sql`SELECT c.kind, s.schedule_kind, s.status, count(*)::int AS n FROM subscriptions s
        JOIN categories c ON c.id = s.category_id GROUP BY 1, 2, 3`,
    );
    const n = (f: (r: (typeof mix)[number]) => boolean) =>
      mix.filter(f).reduce((sum, r) => sum + r.n, 0);
    expect(n(() => true)).toBe(2000);
    for (const [kind, schedule] of [
      ['water', 'weekdays'],
      ['water', 'alternate'],
      ['water', 'daily'],
      ['tiffin', 'daily'],
      ['oxygen', 'everyNDays'],
      ['laundry', 'weekdays'],
    ]) {
      expect(
        n((r) => r.kind === kind && r.schedule_kind === schedule),
        `${kind} ${schedule}`,
      ).toBeGreaterThan(20);
    }
    const paused = n((r) => r.status === 'Paused') / 2000;
    expect(paused).toBeGreaterThan(0.03);
    expect(paused).toBeLessThan(0.15);
    expect(n((r) => r.status === 'Ended')).toBeGreaterThan(50);

    // As the calls would take them: the item of its service, a delivery time, the customer's own
    // address, an end after the start, a tiffin plan's end from its days; each created in its
    // history, a paused one with a pause covering today and its history row.
    const wrong = await one<Record<string, number>>(sql`SELECT
        count(*) FILTER (WHERE (s.product_id IS NULL) = (s.plan_id IS NULL))::int AS item,
        count(*) FILTER (WHERE s.product_id IS NOT NULL AND p.category_id <> s.category_id)::int AS service,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM delivery_times t
          WHERE t.delivery_time ? s.slot))::int AS slot,
        count(*) FILTER (WHERE a.customer_id <> s.customer_id OR a.pincode <> s.pincode)::int AS address,
        count(*) FILTER (WHERE s.end_date < s.start_date)::int AS backwards,
        count(*) FILTER (WHERE s.plan_id IS NOT NULL AND s.end_date <> s.start_date + pl.duration - 1)::int AS plan_end,
        count(*) FILTER (WHERE (s.status = 'Ended') <> (s.end_date IS NOT NULL AND s.end_date < order_day(now())))::int AS ended,
        count(*) FILTER (WHERE s.schedule_kind = 'weekdays' AND cardinality(s.weekdays) = 0)::int AS weekdays,
        count(*) FILTER (WHERE s.created_at > now() OR s.created_at < cu.created_at)::int AS out_of_time,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM subscription_changes h
          WHERE h.subscription_id = s.id AND h.action = 'created'))::int AS uncreated,
        count(*) FILTER (WHERE s.status = 'Paused' AND NOT EXISTS (SELECT 1 FROM subscription_pauses x
          WHERE x.subscription_id = s.id AND x.from_date <= order_day(now())
            AND (x.to_date IS NULL OR x.to_date >= order_day(now()))))::int AS unpaused,
        count(*) FILTER (WHERE cu.status = 'Blocked' AND s.status = 'Active')::int AS blocked_active
      FROM subscriptions s
        JOIN customer_addresses a ON a.id = s.address_id
        JOIN customers cu ON cu.id = s.customer_id
        LEFT JOIN products p ON p.id = s.product_id
        LEFT JOIN plans pl ON pl.id = s.plan_id`);
    expect(wrong).toEqual({
      item: 0,
      service: 0,
      slot: 0,
      address: 0,
      backwards: 0,
      plan_end: 0,
      ended: 0,
      weekdays: 0,
      out_of_time: 0,
      uncreated: 0,
      unpaused: 0,
      blocked_active: 0,
    });

    // About half are due tomorrow: scheduled, active, not paused, skipped or a holiday.
    const due = await one<{ n: number }>(sql`SELECT count(*)::int AS n
      FROM subscriptions s, (SELECT order_day(now()) + 1 AS day) t
      WHERE s.status <> 'Ended' AND t.day >= s.start_date AND (s.end_date IS NULL OR t.day <= s.end_date)
        AND CASE WHEN s.schedule_kind = 'weekdays' THEN extract(isodow FROM t.day)::int = ANY (s.weekdays)
          ELSE (t.day - s.start_date) % s.interval_days = 0 END
        AND NOT EXISTS (SELECT 1 FROM subscription_pauses x WHERE x.subscription_id = s.id
          AND t.day BETWEEN x.from_date AND coalesce(x.to_date, t.day))
        AND NOT EXISTS (SELECT 1 FROM subscription_skips k WHERE k.subscription_id = s.id AND k.day = t.day)
        AND NOT EXISTS (SELECT 1 FROM holidays h WHERE h.day = t.day
          AND (cardinality(h.pincodes) = 0 OR s.pincode = ANY (h.pincodes)))`);
    expect(due.n / 2000).toBeGreaterThan(0.35);
    expect(due.n / 2000).toBeLessThan(0.65);

    const calendar = await one<Record<string, number>>(sql`SELECT
        (SELECT count(*)::int FROM subscription_skips) AS skips,
        (SELECT count(*)::int FROM subscription_pauses WHERE from_date > order_day(now())) AS booked,
        (SELECT count(*)::int FROM subscription_changes WHERE action = 'paused') AS paused_rows,
        (SELECT count(*)::int FROM subscription_pauses) AS pauses,
        (SELECT count(*)::int FROM holidays) AS holidays,
        (SELECT count(*)::int FROM holidays WHERE cardinality(pincodes) = 3) AS local`);
    expect(calendar.skips).toBeGreaterThan(10);
    expect(calendar.booked).toBeGreaterThan(10);
    expect(calendar.paused_rows).toBe(calendar.pauses);
    expect(calendar).toMatchObject({ holidays: 3, local: 1 });
  });

  it('knows what a day of each household paying subscriptions from the account costs', async () => {
    // customers.daily_spend as migration 0038's trigger would have kept it: every customer's.
    const wrong = await rows<{ id: string }>(
      sql`SELECT id FROM customers WHERE daily_spend <> customer_daily_spend(id) LIMIT 5`,
    );
    expect(wrong).toEqual([]);
    const [spending] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM customers WHERE daily_spend > 0`,
    );
    expect(spending!.n).toBeGreaterThan(50);
  });

  it('has riders for every pin code, with the last week of runs, history and settled cash', async () => {
    const riders = await one<Record<string, number>>(sql`SELECT
        (SELECT count(*)::int FROM riders) AS riders,
        (SELECT count(*)::int FROM pincodes p
          WHERE NOT EXISTS (SELECT 1 FROM riders r WHERE p.number = ANY (r.pincodes))) AS uncovered,
        (SELECT count(*)::int FROM orders WHERE rider_id IS NOT NULL) AS assigned,
        (SELECT count(*)::int FROM orders o WHERE o.rider_id IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.note LIKE 'Assigned to %'
            AND h.at >= o.created_at AND h.at <= now())) AS unrecorded,
        (SELECT count(*)::int FROM rider_cash_settlements) AS settlements`);
    const pincodes = await one<{ n: number }>(sql`SELECT count(*)::int n FROM pincodes`);
    expect(riders.riders).toBe(Math.ceil(pincodes.n / 3));
    expect(riders).toMatchObject({ uncovered: 0, unrecorded: 0 });
    expect(riders.assigned).toBeGreaterThan(0);
    expect(riders.settlements).toBeGreaterThan(0);
  });

  it('has customers in about 300 pin codes of several cities, with common surnames', async () => {
    const places = await one<Record<string, number>>(sql`SELECT
        count(DISTINCT a.pincode)::int AS pincodes, count(DISTINCT a.city)::int AS cities,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM pincodes p WHERE p.number = a.pincode))::int AS unknown
      FROM customer_addresses a`);
    expect(places.pincodes).toBeGreaterThan(200);
    expect(places.cities).toBe(8);
    expect(places.unknown).toBe(0);
    const pins = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM pincodes`);
    expect(pins.n).toBeGreaterThanOrEqual(300);

    const people = await one<Record<string, number>>(sql`SELECT
        count(*)::int AS customers, count(DISTINCT lower(email))::int AS emails,
        count(*) FILTER (WHERE phone ~ '^[6-9][0-9]{9}$')::int AS phones,
        count(*) FILTER (WHERE last_name = 'Sharma')::int AS sharmas,
        count(DISTINCT last_name)::int AS surnames,
        count(*) FILTER (WHERE status = 'Active')::int AS active
      FROM customers`);
    expect(people.emails).toBe(400);
    expect(people.phones).toBe(400);
    expect(people.sharmas).toBeGreaterThanOrEqual(4);
    expect(people.sharmas).toBeLessThanOrEqual(20);
    expect(people.surnames).toBeGreaterThan(60);
    expect(people.active).toBeGreaterThan(300);
  });

  it('has tickets of all six types with replies, and returns for water and oxygen in every state', async () => {
    const tickets = await one<Record<string, number>>(sql`SELECT
        count(DISTINCT support_type)::int AS types,
        count(*) FILTER (WHERE status = 'resolved')::int AS resolved,
        count(*) FILTER (WHERE status = 'unresolved')::int AS unresolved,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM support_replies r
          WHERE r.ticket_id = t.id))::int AS answered
      FROM support_tickets t`);
    expect(tickets.types).toBe(6);
    expect(tickets.resolved).toBeGreaterThan(50);
    expect(tickets.unresolved).toBeGreaterThan(10);
    expect(tickets.answered).toBeGreaterThan(tickets.resolved);

    const returns = await rows<{
      kind: string;
      status: string;
    }>(sql`SELECT DISTINCT c.kind, r.status
      FROM return_requests r JOIN categories c ON c.id = r.category_id
        JOIN orders o ON o.id = r.order_id AND o.status = 'Delivered'
          AND o.customer_id = r.customer_id AND r.requested_at >= o.updated_at
          AND r.returned_quantity BETWEEN 1 AND o.quantity`);
    expect(new Set(returns.map((r) => r.kind))).toEqual(new Set(['water', 'oxygen']));
    expect(new Set(returns.map((r) => r.status))).toEqual(
      new Set(['Pending', 'Approved', 'Rejected']),
    );
    const audit = await rows<{ resource: string }>(
      sql`SELECT DISTINCT resource FROM audit_log ORDER BY 1`,
    );
    expect(audit.map((a) => a.resource)).toEqual(expect.arrayContaining(['order', 'user']));
  });

  it('keeps a ledger of jars and cylinders whose balances are the sums of their entries', async () => {
    const mismatched = await rows(sql`SELECT customer_id, item_id
      FROM returnable_balances b
      FULL JOIN (SELECT customer_id, item_id, sum(issued)::int AS issued,
          sum(returned)::int AS returned, sum(deposit) AS deposit
        FROM returnable_entries GROUP BY customer_id, item_id) e USING (customer_id, item_id)
      WHERE b.issued IS DISTINCT FROM e.issued OR b.returned IS DISTINCT FROM e.returned
        OR b.outstanding IS DISTINCT FROM e.issued - e.returned
        OR b.deposit IS DISTINCT FROM e.deposit
        OR (b.outstanding > 0) IS DISTINCT FROM (b.oldest_outstanding_at IS NOT NULL)`);
    expect(mismatched).toEqual([]);

    const ledger = await one<Record<string, number>>(sql`SELECT
        (SELECT count(*)::int FROM orders o JOIN products p ON p.id = o.product_id AND p.returnable
          WHERE o.status = 'Delivered') AS deliveries,
        (SELECT count(*)::int FROM returnable_entries e JOIN orders o ON o.id = e.order_id
          WHERE e.kind = 'delivered' AND e.at = o.updated_at AND e.issued = o.quantity
            AND e.returned = o.return_quantity AND e.pincode = o.pincode) AS delivered,
        (SELECT count(*)::int FROM return_requests WHERE status = 'Approved') AS approved,
        (SELECT count(*)::int FROM returnable_entries e
          JOIN return_requests r ON r.id = e.return_request_id
          WHERE e.kind = 'returned' AND e.returned = r.returned_quantity
            AND e.at = r.approved_at) AS returned,
        (SELECT count(*)::int FROM returnable_balances WHERE outstanding < 0) AS negative,
        (SELECT count(DISTINCT customer_id)::int FROM returnable_balances
          WHERE outstanding > 0 AND oldest_outstanding_at < now() - interval '30 days') AS overdue,
        (SELECT count(*)::int FROM returnable_stock s WHERE s.full > 0 AND s.empty > 0
          AND s.with_customers = (SELECT sum(outstanding) FROM returnable_balances b
            WHERE b.item_id = s.item_id)) AS stocked`);
    expect(ledger.deliveries).toBeGreaterThan(1000);
    expect(ledger.delivered).toBe(ledger.deliveries);
    expect(ledger.approved).toBeGreaterThan(50);
    expect(ledger.returned).toBe(ledger.approved);
    expect(ledger).toMatchObject({ negative: 0, stocked: 4 });
    expect(ledger.overdue).toBeGreaterThan(50);
  });

  it("keeps the households' accounts: wallets, balances, dues and months agree with the entries", async () => {
    const counts = await one<Record<string, number>>(sql`SELECT
        (SELECT count(*)::int FROM account_entries) AS entries,
        (SELECT count(*)::int FROM customers) AS customers,
        (SELECT count(*)::int FROM customers WHERE billing_mode = 'postpaid') AS postpaid,
        (SELECT count(*)::int FROM customers WHERE billing_mode = 'prepaid' AND wallet > 0) AS credit,
        (SELECT count(*)::int FROM customers WHERE billing_mode = 'prepaid' AND wallet < 0) AS prepaid_owing,
        (SELECT count(*)::int FROM customers WHERE pause_when_low) AS pause_when_low,
        (SELECT count(*)::int FROM account_entries WHERE kind = 'order_charged') AS order_charges,
        (SELECT count(*)::int FROM orders WHERE status = 'Delivered' AND payment_method = 'Wallet'
          AND order_paid(orders) > 0) AS wallet_orders,
        (SELECT count(DISTINCT kind)::int FROM account_entries) AS kinds,
        (SELECT count(DISTINCT method)::int FROM account_entries) AS methods,
        (SELECT count(*)::int FROM account_entries WHERE reference IS NOT NULL) AS referenced,
        (SELECT count(DISTINCT reference_key)::int FROM account_entries) AS keys`);
    // About the entries asked for (20 000), as the command's --accounts.
    expect(counts.entries).toBeGreaterThan(16_000);
    expect(counts.entries).toBeLessThan(24_000);
    expect(report.rows.account_entries).toBe(counts.entries);
    expect(counts.postpaid / counts.customers).toBeGreaterThan(0.2);
    expect(counts.postpaid / counts.customers).toBeLessThan(0.4);
    expect(counts.credit).toBeGreaterThan(counts.prepaid_owing * 5);
    expect(counts.pause_when_low).toBeGreaterThan(20);
    expect(counts.order_charges).toBe(counts.wallet_orders);
    expect(counts.kinds).toBe(5); // opening, order and day charges, payments, top-ups
    expect(counts.methods).toBe(4);
    expect(counts.keys).toBe(counts.referenced);

    // Wallet = the sum of the entries; balance_after a running sum in time (and id) order.
    const wallets = await rows(sql`SELECT c.id FROM customers c
      LEFT JOIN (SELECT customer_id, sum(amount) AS total FROM account_entries GROUP BY 1) e
        ON e.customer_id = c.id
      WHERE (c.wallet * 100)::bigint <> coalesce(e.total, 0)`);
    expect(wallets).toEqual([]);
    const chain = await rows(sql`SELECT id FROM (
        SELECT id, balance_after, amount, at,
          lag(balance_after, 1, 0::bigint) OVER w + amount AS expected, lag(id) OVER w AS before
        FROM account_entries WINDOW w AS (PARTITION BY customer_id ORDER BY at, id)) e
      WHERE balance_after <> expected OR id < before OR at > now()`);
    expect(chain).toEqual([]);

    // Dues: exactly the customers below zero, owed since their oldest unpaid charge; the days'
    // and the months' sums are the entries'.
    const dues = await one<Record<string, number>>(sql`SELECT
        (SELECT count(*)::int FROM customers WHERE wallet < 0) AS below_zero,
        (SELECT count(*)::int FROM account_dues d JOIN customers c ON c.id = d.customer_id
          WHERE d.owed = -(c.wallet * 100)::bigint AND d.billing_mode = c.billing_mode) AS dues,
        (SELECT count(*)::int FROM account_dues) AS rows,
        (SELECT coalesce(sum(n), 0)::int FROM account_due_days) AS day_n,
        (SELECT coalesce(sum(owed), 0)::text FROM account_due_days) AS day_owed,
        (SELECT coalesce(sum(owed), 0)::text FROM account_dues) AS owed,
        (SELECT count(DISTINCT CASE WHEN owed_since > now() - interval '30 days' THEN 0
           WHEN owed_since > now() - interval '60 days' THEN 1
           WHEN owed_since > now() - interval '90 days' THEN 2 ELSE 3 END)::int
          FROM account_dues WHERE billing_mode = 'postpaid') AS ages`);
    expect(dues.below_zero).toBeGreaterThan(20);
    expect(dues.dues).toBe(dues.below_zero);
    expect(dues.rows).toBe(dues.below_zero);
    expect([dues.day_n, dues.day_owed]).toEqual([dues.rows, dues.owed]);
    expect(dues.ages).toBe(4);
    const since = await rows(sql`SELECT d.customer_id FROM account_dues d CROSS JOIN LATERAL (
        SELECT min(at) AS expected FROM (
          SELECT at, -amount AS charge, sum(-amount) OVER (ORDER BY at DESC, id DESC) AS covered
          FROM account_entries e WHERE e.customer_id = d.customer_id AND e.amount < 0) c
        WHERE covered - charge < d.owed) x
      WHERE x.expected IS DISTINCT FROM d.owed_since`);
    expect(since).toEqual([]);
    const months = await rows(sql`SELECT month FROM account_months m
      FULL JOIN (SELECT date_trunc('month', order_day(at))::date AS month,
          sum(-amount) FILTER (WHERE kind IN ('order_charged', 'subscription_day_charged',
            'deposit_taken', 'charge_reversed')) AS charged_e,
          sum(amount) FILTER (WHERE kind IN ('payment', 'topup')) AS collected_e,
          sum(-amount) FILTER (WHERE kind = 'refund') AS refunded_e
        FROM account_entries GROUP BY 1) e USING (month)
      WHERE coalesce(m.charged, 0) <> coalesce(e.charged_e, 0)
        OR coalesce(m.collected, 0) <> coalesce(e.collected_e, 0)
        OR coalesce(m.refunded, 0) <> coalesce(e.refunded_e, 0)`);
    expect(months).toEqual([]);
  });

  it('numbers an invoice for every delivered order, per financial year in delivery order', async () => {
    const invoices = await rows<{ financial_year: string; n: number; out_of_order: number }>(sql`
      SELECT financial_year, count(*)::int AS n,
          count(*) FILTER (WHERE number <> nth OR issued_at <> updated_at)::int AS out_of_order
        FROM (SELECT i.financial_year, i.number, i.issued_at, o.updated_at,
              row_number() OVER (PARTITION BY i.financial_year ORDER BY o.updated_at, o.id) AS nth
            FROM invoices i JOIN orders o ON o.id = i.order_id AND o.status = 'Delivered') i
      GROUP BY financial_year ORDER BY financial_year`);
    // Two years of orders span three financial years (April to March).
    expect(invoices).toHaveLength(3);
    for (const year of invoices) expect(year.out_of_order, year.financial_year).toBe(0);
    const delivered = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE status = 'Delivered'`,
    );
    expect(invoices.reduce((sum, year) => sum + year.n, 0)).toBe(delivered.n);
    expect(await checkLedger(s.db)).toEqual([]);
  });

  it('marks the database as its own, for the benches to find', async () => {
    const marks = await rows<{ part: string }>(
      sql`SELECT part FROM seed_progress WHERE part = ${SEEDED_MARK}`,
    );
    expect(marks).toEqual([{ part: 'seed:large' }]);
  });

  it('leaves every index the migrations define, and counters that agree with the rows', async () => {
    expect(await indexes()).toEqual(indexesBefore);
    expect(await checkCounters(s.db)).toEqual([]);

    // A wrong counter is found, and a rebuild puts it right.
    await s.db.execute(
      sql`UPDATE order_counts SET n = n + 1 WHERE ctid = (SELECT min(ctid) FROM order_counts)`,
    );
    await s.db.execute(sql`DELETE FROM customer_counts WHERE status = 'Active'`);
    const found = await checkCounters(s.db);
    expect(found.map((m) => m.table).sort()).toEqual(['customer_counts', 'order_counts']);
    await rebuildCounters(s.db);
    expect(await checkCounters(s.db)).toEqual([]);
  });

  it('is what the server lists: totals, pages and searches', async () => {
    const get = async (url: string) => {
      const res = await s.app.inject({ method: 'GET', url, headers: bearer(s.superToken) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const orders = await get('/api/order/view-all-orders?page=2&limit=10');
    expect(orders.result.totalRecords).toBe(3000);
    expect(orders.result.orders).toHaveLength(10);

    const customers = await get('/api/user/all-users?status=All&limit=5');
    expect(customers.result.totalRecords).toBe(400);
    const sharma = await get('/api/user/all-users?status=All&search=sharma&limit=100');
    expect(sharma.result.totalRecords).toBeGreaterThan(0);

    const water = await get('/api/return-history/get-all-return-requests?categoryType=0');
    const oxygen = await get('/api/return-history/get-all-return-requests?categoryType=1');
    expect(water.totalRecords + oxygen.totalRecords).toBe(200);

    const supports = await get('/api/support/get-all-supports?limit=5');
    const customersWithTickets = await one<{ n: number }>(
      sql`SELECT count(DISTINCT customer_id)::int AS n FROM support_tickets`,
    );
    expect(supports.result.totalRecords).toBe(customersWithTickets.n);
  });

  it('refuses a database that holds orders, and starts over with reset', async () => {
    const small = { orders: 500, customers: 50, tickets: 20, returns: 10, audit: 10 };
    const opts = { ...small, dataDir: s.config.dataDir };
    await expect(seedLarge(handle(), opts)).rejects.toThrow(SeedLargeRefused);
    await expect(seedLarge(handle(), opts)).rejects.toThrow(/3,000 orders.*--reset/);

    const again = await seedLarge(handle(), { ...opts, reset: true });
    expect(again.rows).toMatchObject({ orders: 500, customers: 50, support_tickets: 20 });
    expect(await checkCounters(s.db)).toEqual([]);
    // The ledger and the invoice series start over with the orders.
    expect(await checkLedger(s.db)).toEqual([]);
    const first = await one<{ n: number }>(sql`SELECT min(number)::int AS n FROM invoices`);
    expect(first.n).toBe(1);
    const admins = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM admins`);
    expect(admins.n).toBeGreaterThan(1);
  }, 60_000);

  it('leaves every index and no work table behind when a load fails half-way', async () => {
    // No active water product: the load stops once it has emptied the tables and dropped the
    // indexes. One transaction (PGlite) rolls back to the 500 orders; two connections
    // (PostgreSQL) had committed the reset, and undo the rest.
    const small = { orders: 300, customers: 30, tickets: 5, returns: 5, audit: 5 };
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
    await s.db.execute(sql`UPDATE products SET status = 'Inactive'
      WHERE category_id IN (SELECT id FROM categories WHERE kind = 'water') AND status = 'Active'`);
    try {
      await expect(
        seedLarge(handle(), { ...small, dataDir: s.config.dataDir, reset: true }),
      ).rejects.toThrow(/catalogue lacks .*water/);
    } finally {
      await s.db.execute(sql`UPDATE products SET status = 'Active'
        WHERE category_id IN (SELECT id FROM categories WHERE kind = 'water')`);
    }
    expect(await indexes()).toEqual(indexesBefore);
    const left = await rows<{ name: string }>(
      sql`SELECT relname AS name FROM pg_class WHERE relname LIKE 'seed\\_%' AND relname NOT LIKE 'seed_progress%'`,
    );
    expect(left).toEqual([]);
    const after = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
    expect(after.n).toBe(s.kind === 'postgres' ? 0 : before.n);
    expect(await checkCounters(s.db)).toEqual([]);
  }, 60_000);

  it('puts back the indexes a load that was killed had dropped', async () => {
    // As a load on two connections leaves it when killed while its indexes are dropped.
    await s.db.execute(sql`CREATE TABLE seed_large_dropped_indexes AS
      SELECT indexname AS name, tablename AS table_name, indexdef AS definition
      FROM pg_indexes
      WHERE schemaname = current_schema()
        AND indexname IN ('orders_created_idx', 'orders_order_id_trgm_idx')`);
    await s.db.execute(sql`DROP INDEX orders_created_idx, orders_order_id_trgm_idx`);
    const small = { orders: 200, customers: 20, tickets: 5, returns: 5, audit: 5 };
    const report = await seedLarge(handle(), { ...small, dataDir: s.config.dataDir, reset: true });
    expect(report.rows).toMatchObject({ orders: 200 });
    expect(await indexes()).toEqual(indexesBefore);
    const kept = await one<{ found: string | null }>(
      sql`SELECT to_regclass('seed_large_dropped_indexes')::text AS found`,
    );
    expect(kept.found).toBeNull();
  }, 60_000);

  it('reads its command line, refusing what it cannot run with a clear message', () => {
    expect(parseSeedLargeArgs(['--orders', '1000000', '--customers', '100000'])).toEqual({
      counts: {
        orders: 1_000_000,
        customers: 100_000,
        tickets: 30_000,
        returns: 20_000,
        audit: 100_000,
        subscriptions: 100_000,
        accounts: 5_100_000,
      },
      reset: false,
      help: false,
    });
    expect(parseSeedLargeArgs(['--reset', '--tickets=0']).counts.tickets).toBe(0);
    expect(() => parseSeedLargeArgs(['--orders', 'many'])).toThrow(
      '--orders must be a whole number from 1 to 20,000,000; got "many".',
    );
    expect(() => parseSeedLargeArgs(['--customers', '0'])).toThrow(SeedLargeUsageError);
    expect(() => parseSeedLargeArgs(['--orders', '-5'])).toThrow(SeedLargeUsageError);
    expect(() => parseSeedLargeArgs(['--orders', '99999999'])).toThrow(/from 1 to 20,000,000/);
    expect(() => parseSeedLargeArgs(['--order', '5'])).toThrow(SeedLargeUsageError);
    expect(parseSeedLargeArgs(['--accounts', '0']).counts.accounts).toBe(0);
    expect(() => parseSeedLargeArgs(['--accounts', '1e6'])).toThrow(/--accounts must be/);
  });
});
