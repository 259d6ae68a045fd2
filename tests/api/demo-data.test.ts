import { readFile } from 'node:fs/promises';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinProblem, stateCodeOf } from '@shared/gst';
import { seedDemoData } from '@server/db/seed';
import { runShiftOf } from '@server/modules/orders/runShift';
import { createTestServer, type TestServer } from './helpers';

type Rows = <T>(query: ReturnType<typeof sql>) => Promise<T[]>;

/** Each balance against the sums of its entries: the rows that disagree (none when right). */
const ledgerMismatches = (rows: Rows) =>
  rows<Record<string, unknown>>(sql`
    select customer_id, item_id, b.issued, e.issued entries_issued, b.returned,
           e.returned entries_returned, b.outstanding, b.deposit, e.deposit entries_deposit,
           b.oldest_outstanding_at
      from returnable_balances b
      full join (select customer_id, item_id, sum(issued)::int issued,
                        sum(returned)::int returned, sum(deposit) deposit
                   from returnable_entries group by customer_id, item_id) e
      using (customer_id, item_id)
     where b.issued is distinct from e.issued or b.returned is distinct from e.returned
        or b.outstanding is distinct from e.issued - e.returned
        or b.deposit is distinct from e.deposit
        or (b.outstanding > 0) is distinct from (b.oldest_outstanding_at is not null)`);

/**
 * Invoices against the delivered orders: orders delivered without exactly one invoice,
 * invoices of orders not delivered, and invoices whose number is not their place (1..N) in
 * their financial year's deliveries, oldest first, or not dated when the order was delivered.
 */
const invoiceMismatches = (rows: Rows) =>
  rows<Record<string, unknown>>(sql`
    select o.id, o.status, o.updated_at, i.financial_year, i.number, i.issued_at, i.invoice_no,
           row_number() over (partition by i.financial_year order by o.updated_at, o.id) nth
      from orders o left join invoices i on i.order_id = o.id
     where o.status = 'Delivered' or i.order_id is not null
    order by o.updated_at`).then((all) =>
    all.filter(
      (r) =>
        r.status !== 'Delivered' ||
        r.number === null ||
        Number(r.number) !== Number(r.nth) ||
        new Date(r.issued_at as string).getTime() !== new Date(r.updated_at as string).getTime(),
    ),
  );

/** The demo data a fresh `npm start` shows: enough orders and tickets to work with. */
describe('demo data', () => {
  let s: TestServer;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await s.db.execute(query)).rows as T[];

  beforeAll(async () => {
    s = await createTestServer();
    await seedDemoData(s.db, s.uploads);
  }, 120_000);
  afterAll(() => s.close());

  it('holds a few thousand orders over the last six months across the services', async () => {
    const [span] = await rows<{ n: number; oldest: string; newest: string }>(
      sql`select count(*)::int n, min(created_at) oldest, max(created_at) newest from orders`,
    );
    expect(span!.n).toBeGreaterThanOrEqual(3000);
    const ageDays = (at: string) => (Date.now() - new Date(at).getTime()) / 86_400_000;
    expect(ageDays(span!.oldest)).toBeGreaterThan(150);
    expect(ageDays(span!.oldest)).toBeLessThanOrEqual(181);
    expect(ageDays(span!.newest)).toBeLessThan(1);

    const kinds = await rows<{ kind: string }>(
      sql`select distinct c.kind from orders o join categories c on c.id = o.category_id`,
    );
    expect(kinds.map((k) => k.kind).sort()).toEqual(['laundry', 'oxygen', 'tiffin', 'water']);
  });

  it('mixes statuses, emergencies, fresh and repeat orders and accessories', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int n from orders group by status`,
    );
    expect(statuses.map((r) => r.status).sort()).toEqual([
      'Cancelled',
      'Delivered',
      'Out for Delivery',
      'Pending',
    ]);
    const [mix] = await rows<Record<string, number>>(sql`select
        count(*) filter (where is_emergency)::int emergencies,
        count(*) filter (where order_type = 'fresh')::int fresh,
        count(*) filter (where order_type = 'reorder')::int reorders,
        count(*) filter (where pickup_address is not null and delivery_address is not null
          and start_date is not null and end_date is not null)::int tiffin_subscriptions
      from orders`);
    expect(mix!.emergencies).toBeGreaterThan(20);
    expect(mix!.fresh).toBeGreaterThan(100);
    expect(mix!.reorders).toBeGreaterThan(mix!.fresh);
    expect(mix!.tiffin_subscriptions).toBeGreaterThan(100);
    const [accessories] = await rows<{ n: number }>(
      sql`select count(distinct order_id)::int n from order_accessories`,
    );
    expect(accessories!.n).toBeGreaterThan(50);
  });

  it('records who moved each order, and its counters agree with the orders', async () => {
    const [history] = await rows<{ orphans: number; by_admin: number }>(sql`select
        (select count(*)::int from orders o where not exists (
          select 1 from order_status_history h
          where h.order_id = o.id and h.to_status = o.status)) orphans,
        (select count(*)::int from order_status_history where admin_id is not null) by_admin`);
    expect(history!.orphans).toBe(0);
    expect(history!.by_admin).toBeGreaterThan(1000);
    const [counts] = await rows<{ counted: number; kept: number; daily: number }>(sql`select
        (select count(*)::int from orders) counted,
        (select sum(n)::int from order_counts) kept,
        (select sum(n)::int from order_daily) daily`);
    expect(counts!.kept).toBe(counts!.counted);
    expect(counts!.daily).toBe(counts!.counted);
  });

  it('has return requests for water and oxygen in every state', async () => {
    const returns = await rows<{ kind: string; status: string }>(sql`select distinct c.kind,
        r.status from return_requests r join categories c on c.id = r.category_id`);
    expect(new Set(returns.map((r) => r.kind))).toEqual(new Set(['water', 'oxygen']));
    expect(new Set(returns.map((r) => r.status))).toEqual(
      new Set(['Pending', 'Approved', 'Rejected']),
    );
  });

  it('has support tickets of all six types, some answered, some resolved', async () => {
    const [tickets] = await rows<Record<string, number>>(sql`select
        count(distinct support_type)::int types,
        count(*) filter (where status = 'resolved')::int resolved,
        count(*) filter (where status = 'unresolved')::int unresolved,
        count(*) filter (where exists (
          select 1 from support_replies r where r.ticket_id = t.id))::int answered
      from support_tickets t`);
    expect(tickets!.types).toBe(6);
    expect(tickets!.resolved).toBeGreaterThan(20);
    expect(tickets!.unresolved).toBeGreaterThan(20);
    expect(tickets!.answered).toBeGreaterThan(tickets!.resolved);
  });

  it('publishes terms, a privacy policy and contact details, as the sanitiser keeps them', async () => {
    const pages = await rows<{ key: string; content: string; email: string | null }>(
      sql`select key, content, email from content_pages order by key`,
    );
    expect(pages.map((p) => p.key)).toEqual(['contact', 'privacy', 'terms']);
    for (const page of pages) expect(page.content).toMatch(/^<(h2|p)>/);
    expect(pages[0]!.email).toMatch(/@/);
    const visitor = await s.app.inject({ method: 'GET', url: '/terms' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('Deposits and returns');
  });

  it('has a dozen riders in the three cities with runs, history and settled cash', async () => {
    const riders = await rows<{ name: string; pincodes: string[] }>(
      sql`select name, pincodes from riders`,
    );
    expect(riders).toHaveLength(12);
    const cities = new Set(riders.flatMap((r) => r.pincodes.map((p) => p.slice(0, 2))));
    expect([...cities].sort()).toEqual(['11', '40', '56']);

    const [runs] = await rows<Record<string, number>>(sql`select
        count(*) filter (where o.status = 'Delivered')::int delivered,
        count(*) filter (where o.status = 'Pending')::int pending,
        count(*) filter (where not o.pincode = any (r.pincodes))::int outside_area,
        count(*) filter (where r.shift <> 'Both' and r.shift <> o.run_shift)::int wrong_round,
        count(*) filter (where o.run_date <> order_day(o.created_at))::int wrong_day,
        count(*) filter (where not exists (select 1 from order_status_history h
          where h.order_id = o.id and h.note = 'Assigned to ' || r.name))::int without_history
      from orders o join riders r on r.id = o.rider_id`);
    expect(runs!.delivered).toBeGreaterThan(50);
    expect(runs!.pending).toBeGreaterThan(0);
    expect(runs).toMatchObject({
      outside_area: 0,
      wrong_round: 0,
      wrong_day: 0,
      without_history: 0,
    });
    const [waiting] = await rows<{ n: number }>(sql`select count(*)::int n from orders
      where status = 'Pending' and rider_id is null and created_at > now() - interval '7 days'`);
    expect(waiting!.n).toBeGreaterThan(0);

    // The seed's rounds are the server's (runShiftOf), slot by slot.
    const rounds = await rows<{
      delivery_time: string | null;
      created_at: string;
      run_shift: string;
    }>(sql`select delivery_time, created_at, run_shift from orders where rider_id is not null`);
    const disagree = rounds.filter(
      (r) => runShiftOf(r.delivery_time, new Date(r.created_at)) !== r.run_shift,
    );
    expect(disagree).toEqual([]);

    // Past days' cash is handed in, some riders a little short; today's is not yet.
    const days = await rows<{ expected: string; handed: string; today: boolean }>(sql`
      select sum(order_paid(o)) expected, s.amount handed, o.run_date = order_day(now()) today
        from orders o
        left join rider_cash_settlements s on s.rider_id = o.rider_id and s.run_date = o.run_date
       where o.status = 'Delivered' and o.payment_method = 'Cash on Delivery'
         and o.rider_id is not null
       group by o.rider_id, o.run_date, s.amount`);
    const past = days.filter((d) => !d.today);
    expect(past.length).toBeGreaterThan(10);
    expect(past.filter((d) => d.handed === null)).toEqual([]);
    expect(past.some((d) => Number(d.handed) < Number(d.expected))).toBe(true);
    expect(days.filter((d) => d.today).every((d) => d.handed === null)).toBe(true);
  });

  it('lends jars and cylinders on deposit, and knows the GST of every service', async () => {
    const returnable = await rows<{ name: string; deposit: string }>(
      sql`select name, deposit from products where returnable order by name`,
    );
    expect(returnable.map((p) => [p.name, Number(p.deposit)])).toEqual([
      ['10 L Oxygen Cylinder', 3000],
      ['20 L Water Jar', 150],
      ['25 L Water Jar', 200],
      ['46.7 L Oxygen Cylinder', 6000],
    ]);
    const [laundry] = await rows<{ n: number }>(sql`select count(*)::int n from products p
      join categories c on c.id = p.category_id where c.kind = 'laundry' and not p.returnable`);
    expect(laundry!.n).toBe(10);

    const taxes = await rows<{ kind: string; hsn_code: string | null; gst_rate: string }>(
      sql`select kind, hsn_code, gst_rate from categories order by kind`,
    );
    expect(taxes.map((c) => [c.kind, c.hsn_code, Number(c.gst_rate)])).toEqual([
      ['ecommerce', null, 18],
      ['laundry', '999712', 18],
      ['oxygen', '2804', 12],
      ['tiffin', '996331', 5],
      ['water', '2201', 18],
    ]);
    const [accessories] = await rows<{ n: number; coded: number; returnable: number }>(sql`select
        count(*)::int n, count(*) filter (where hsn_code ~ '^[0-9]{4,8}$'
          and gst_rate in (5, 12, 18, 28))::int coded,
        count(*) filter (where returnable)::int returnable
      from accessories`);
    expect(accessories).toEqual({ n: 8, coded: 8, returnable: 0 });
  });

  it('keeps what each customer holds: every balance is the sum of its entries', async () => {
    expect(await ledgerMismatches(rows)).toEqual([]);

    // Every delivery of a jar or cylinder and every approved return is in the ledger, dated
    // when it happened, by the triggers of the orders and returns the seed wrote.
    const [written] = await rows<Record<string, number>>(sql`select
        (select count(*)::int from orders o join products p on p.id = o.product_id and p.returnable
          where o.status = 'Delivered') deliveries,
        (select count(*)::int from returnable_entries e join orders o on o.id = e.order_id
          where e.kind = 'delivered' and e.return_request_id is null and e.at = o.updated_at
            and e.issued = o.quantity and e.returned = o.return_quantity) delivered_entries,
        (select count(*)::int from return_requests where status = 'Approved') approved,
        (select count(*)::int from returnable_entries e
           join return_requests r on r.id = e.return_request_id
          where e.kind = 'returned' and e.returned = r.returned_quantity
            and e.at = r.approved_at) returned_entries,
        (select count(*)::int from returnable_entries where kind not in ('delivered', 'returned')) others`);
    expect(written!.deliveries).toBeGreaterThan(1000);
    expect(written!.delivered_entries).toBe(written!.deliveries);
    expect(written!.approved).toBeGreaterThan(30);
    expect(written!.returned_entries).toBe(written!.approved);
    expect(written!.others).toBe(0);

    // Jars and cylinders are out with customers, nobody holds fewer than none, and deposits
    // are what was lent at the items' rates.
    const held = await rows<{ kind: string; customers: number; units: number; negative: number }>(
      sql`select c.kind, count(distinct b.customer_id) filter (where b.outstanding > 0)::int customers,
          sum(b.outstanding)::int units, count(*) filter (where b.outstanding < 0)::int negative
        from returnable_balances b join categories c on c.id = b.category_id
        group by c.kind order by c.kind`,
    );
    expect(held.map((h) => h.kind)).toEqual(['oxygen', 'water']);
    for (const h of held) {
      expect(h.negative, h.kind).toBe(0);
      expect(h.customers, h.kind).toBeGreaterThan(h.kind === 'water' ? 100 : 20);
    }
    const [deposits] = await rows<{ wrong: number }>(sql`select count(*)::int wrong
      from returnable_balances b join products p on p.id = b.item_id
      where b.deposit <> p.deposit * b.outstanding`);
    expect(deposits!.wrong).toBe(0);

    // The balances the triggers kept, oldest dates included, are those rebuilt from the entries.
    const balances = sql`select customer_id, item_id, issued, returned, outstanding, deposit,
        oldest_outstanding_at from returnable_balances order by customer_id, item_id`;
    const kept = await rows(balances);
    let rebuilt: unknown[] = [];
    await s.db
      .transaction(async (tx) => {
        await tx.execute(sql`select rebuild_returnable_balances()`);
        rebuilt = (await tx.execute(balances)).rows;
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(rebuilt).toHaveLength(kept.length);
    expect(rebuilt).toEqual(kept);
  });

  it('has customers with jars or cylinders out for more than 30 days, and a stocked depot', async () => {
    const [overdue] = await rows<{ overdue: number; recent: number; units: number }>(sql`select
        count(distinct customer_id) filter (where oldest_outstanding_at < now() - interval '30 days')::int overdue,
        count(distinct customer_id) filter (where oldest_outstanding_at >= now() - interval '30 days')::int recent,
        sum(outstanding) filter (where oldest_outstanding_at < now() - interval '30 days')::int units
      from returnable_balances where outstanding > 0`);
    expect(overdue!.overdue).toBeGreaterThan(10);
    expect(overdue!.recent).toBeGreaterThan(10);

    const stock = await rows<{
      name: string;
      full: number;
      empty: number;
      with_customers: number;
      held: number;
    }>(sql`select p.name, s.full, s.empty, s.with_customers,
        (select coalesce(sum(outstanding), 0)::int from returnable_balances b
          where b.item_id = p.id) held
      from products p join returnable_stock s on s.item_id = p.id order by p.name`);
    expect(stock).toHaveLength(4);
    for (const item of stock) {
      expect(item.with_customers, item.name).toBe(item.held);
      expect(item.full, item.name).toBeGreaterThan(item.held * 0.1);
      expect(item.empty, item.name).toBeGreaterThan(0);
      expect(item.empty, item.name).toBeLessThan(item.full);
    }
  });

  it('has one invoice per delivered order, numbered 1..N per financial year in delivery order', async () => {
    const [invoiced] = await rows<{ delivered: number; invoices: number; years: number }>(sql`select
        (select count(*)::int from orders where status = 'Delivered') delivered,
        (select count(*)::int from invoices) invoices,
        (select count(distinct financial_year)::int from invoices) years`);
    expect(invoiced!.delivered).toBeGreaterThan(2000);
    expect(invoiced!.invoices).toBe(invoiced!.delivered);
    expect(await invoiceMismatches(rows)).toEqual([]);
    // A delivered order's updated_at, which dates its invoice and its ledger entry, is when it
    // was delivered.
    // (A running tiffin plan moved to a subscription is delivered as it moves, from Pending or
    // Out for Delivery.)
    const [undated] = await rows<{ n: number }>(sql`select count(*)::int n from orders o
      where o.status = 'Delivered' and not exists (select 1 from order_status_history h
        where h.order_id = o.id and h.to_status = 'Delivered' and h.at = o.updated_at
          and (h.from_status = 'Out for Delivery' or h.note like 'Plan moved to subscription%'))`);
    expect(undated!.n).toBe(0);

    const series = await rows<{ financial_year: string; last_number: number; n: number }>(sql`
      select s.financial_year, s.last_number, count(i.*)::int n
        from invoice_series s left join invoices i using (financial_year)
       group by s.financial_year, s.last_number`);
    expect(series).toHaveLength(invoiced!.years);
    for (const year of series) expect(year.last_number).toBe(year.n);
    const [first] = await rows<{ invoice_no: string; financial_year: string; gstin: string }>(
      sql`select invoice_no, financial_year, seller->>'gstin' gstin from invoices
        order by issued_at, order_id limit 1`,
    );
    expect(first!.invoice_no).toBe(`DS/${first!.financial_year.slice(2)}/000001`);
    expect(first!.gstin).toMatch(/^07/);
  });

  it('saves business details with a valid GSTIN of the state most customers live in', async () => {
    const [business] = await rows<Record<string, string | number>>(
      sql`select legal_name, trade_name, gstin, state, state_code, pincode, invoice_prefix,
        overdue_days from business_settings`,
    );
    expect(business).toMatchObject({
      legal_name: 'Doorstep Home Services Private Limited',
      trade_name: 'Doorstep',
      state: 'Delhi',
      state_code: '07',
      invoice_prefix: 'DS',
      overdue_days: 30,
    });
    expect(gstinProblem(String(business!.gstin))).toBeNull();
    expect(String(business!.gstin).slice(0, 2)).toBe(stateCodeOf(String(business!.state)));
    expect(String(business!.pincode)).toMatch(/^11[0-9]{4}$/);

    const [most] = await rows<{ state: string }>(sql`select a.state from customer_addresses a
      where a.is_default group by a.state order by count(*) desc limit 1`);
    expect(most!.state).toBe(business!.state);
  });

  it('has about 40 % of the customers subscribed: water, tiffin and oxygen, some paused, a few ended', async () => {
    const [share] = await rows<{ customers: number; subscribers: number }>(sql`select
        (select count(*)::int from customers) customers,
        (select count(distinct customer_id)::int from subscriptions) subscribers`);
    expect(share!.subscribers / share!.customers).toBeGreaterThan(0.3);
    expect(share!.subscribers / share!.customers).toBeLessThan(0.5);

    const mix = await rows<{ kind: string; schedule_kind: string; status: string; n: number }>(
      sql`select c.kind, s.schedule_kind, s.status, count(*)::int n from subscriptions s
        join categories c on c.id = s.category_id group by 1, 2, 3`,
    );
    const n = (f: (r: (typeof mix)[number]) => boolean) =>
      mix.filter(f).reduce((sum, r) => sum + r.n, 0);
    expect(n((r) => r.kind === 'water' && r.schedule_kind === 'weekdays')).toBeGreaterThan(5);
    expect(n((r) => r.kind === 'water' && r.schedule_kind === 'alternate')).toBeGreaterThan(5);
    expect(n((r) => r.kind === 'tiffin' && r.schedule_kind === 'daily')).toBeGreaterThan(10);
    expect(n((r) => r.kind === 'oxygen' && r.schedule_kind === 'everyNDays')).toBeGreaterThan(2);
    expect(n((r) => r.kind === 'tiffin' && r.schedule_kind !== 'daily')).toBe(0);
    expect(n((r) => r.status === 'Paused')).toBeGreaterThan(3);
    expect(n((r) => r.status === 'Ended')).toBeGreaterThan(1);

    // Each as the calls would take it: a product or a plan of its service, a delivery time of
    // the settings, the customer's own address and its pin code, a tiffin plan's end from its
    // days, every one created in its history; a paused one has the pause covering today.
    const [wrong] = await rows<Record<string, number>>(sql`select
        count(*) filter (where (s.product_id is null) = (s.plan_id is null))::int item,
        count(*) filter (where p.category_id is distinct from s.category_id and s.plan_id is null)::int service,
        count(*) filter (where not exists (select 1 from delivery_times t
          where t.delivery_time ? s.slot))::int slot,
        count(*) filter (where a.customer_id <> s.customer_id or a.pincode <> s.pincode)::int address,
        count(*) filter (where s.plan_id is not null and not s.prepaid
          and s.end_date < s.start_date + pl.duration - 1)::int plan_end,
        count(*) filter (where s.schedule_kind = 'weekdays' and cardinality(s.weekdays) = 0)::int weekdays,
        count(*) filter (where not exists (select 1 from subscription_changes h
          where h.subscription_id = s.id and h.action = 'created'))::int uncreated,
        count(*) filter (where s.status = 'Paused' and not exists (select 1 from subscription_pauses x
          where x.subscription_id = s.id and x.from_date <= order_day(now())
            and (x.to_date is null or x.to_date >= order_day(now()))))::int unpaused,
        count(*) filter (where s.status = 'Paused' and not exists (select 1 from subscription_changes h
          where h.subscription_id = s.id and h.action = 'paused'))::int pause_unrecorded
      from subscriptions s
        join customer_addresses a on a.id = s.address_id
        left join products p on p.id = s.product_id
        left join plans pl on pl.id = s.plan_id`);
    expect(wrong).toEqual({
      item: 0,
      service: 0,
      slot: 0,
      address: 0,
      plan_end: 0,
      weekdays: 0,
      uncreated: 0,
      unpaused: 0,
      pause_unrecorded: 0,
    });
    const [calendar] = await rows<Record<string, number>>(sql`select
        (select count(*)::int from subscription_skips) skips,
        (select count(*)::int from holidays where cardinality(pincodes) = 0 and extend_plans
          and day > order_day(now()) and to_char(day, 'YYYY-MM')
            = to_char(order_day(now()) + interval '1 month', 'YYYY-MM')) festival,
        (select count(*)::int from holidays where cardinality(pincodes) = 2) local,
        (select count(*)::int from subscription_changes where action = 'extended') extended`);
    expect(calendar!.skips).toBeGreaterThan(2);
    expect(calendar).toMatchObject({ festival: 1, local: 1 });
    expect(calendar!.extended).toBeGreaterThan(0);
  });

  it("has every past day's orders made from the subscriptions: delivered, and today's pending", async () => {
    const days = await rows<{ day: string; status: string; n: number }>(sql`select
        delivery_day::text "day", status, count(*)::int n from orders
      where subscription_id is not null group by 1, 2 order by 1, 2`);
    const today = days.filter((d) => d.day === days.at(-1)!.day);
    expect(days.map((d) => d.day)).toContain(
      (await rows<{ d: string }>(sql`select order_day(now())::text d`))[0]!.d,
    );
    expect(today.map((d) => d.status)).toEqual(['Pending']);
    const past = days.filter((d) => d.day !== today[0]!.day);
    expect(past.filter((d) => d.status === 'Delivered').length).toBeGreaterThan(40);
    // No calendar shows a due day as missed: every scheduled day since a subscription started,
    // unless paused, skipped or a holiday, has its order.
    const [missed] = await rows<{ n: number }>(sql`select count(*)::int n
      from subscriptions s
      cross join lateral generate_series(s.start_date,
        least(coalesce(s.end_date, order_day(now())), order_day(now())), interval '1 day') g(d)
      where (case when s.schedule_kind = 'weekdays'
          then extract(isodow from g.d)::int = any (s.weekdays)
          else (g.d::date - s.start_date) % s.interval_days = 0 end)
        and not exists (select 1 from subscription_skips k where k.subscription_id = s.id and k.day = g.d::date)
        and not exists (select 1 from subscription_pauses x where x.subscription_id = s.id
          and g.d::date between x.from_date and coalesce(x.to_date, g.d::date))
        and not exists (select 1 from holidays h where h.day = g.d::date)
        and not exists (select 1 from orders o where o.subscription_id = s.id and o.delivery_day = g.d::date)`);
    expect(missed).toEqual({ n: 0 });
    expect(past.filter((d) => d.status === 'Pending')).toEqual([]);

    // Each on a scheduled day of its subscription, not paused, skipped or a holiday, at its
    // slot and address, made the evening before with 'Made from subscription'; priced as a
    // phone order, a tiffin day at the plan's price per day, a prepaid plan's at nothing.
    const [wrong] = await rows<Record<string, number>>(sql`select
        count(*) filter (where o.delivery_day < s.start_date or o.delivery_day > s.end_date
          or (s.schedule_kind = 'weekdays' and not extract(isodow from o.delivery_day)::int = any (s.weekdays))
          or (s.schedule_kind <> 'weekdays' and (o.delivery_day - s.start_date) % s.interval_days <> 0))::int unscheduled,
        count(*) filter (where exists (select 1 from subscription_skips k
          where k.subscription_id = s.id and k.day = o.delivery_day) or exists (
          select 1 from subscription_pauses x where x.subscription_id = s.id
            and o.delivery_day between x.from_date and coalesce(x.to_date, o.delivery_day))
          or exists (select 1 from holidays h where h.day = o.delivery_day))::int stopped,
        count(*) filter (where o.delivery_time <> s.slot or o.pincode <> s.pincode
          or o.customer_id <> s.customer_id or o.quantity <> s.quantity)::int mismatched,
        count(*) filter (where order_day(o.created_at) >= o.delivery_day and not s.prepaid)::int late,
        count(*) filter (where not exists (select 1 from order_status_history h
          where h.order_id = o.id and h.from_status is null and h.note = 'Made from subscription'))::int unnoted,
        count(*) filter (where s.plan_id is not null and not s.prepaid
          and o.price <> round(pl.price / pl.duration, 2))::int tiffin_price,
        count(*) filter (where s.prepaid and o.total_amount <> 0)::int charged_twice,
        count(*) filter (where s.plan_id is null and o.delivery_charge = 0)::int no_delivery
      from orders o join subscriptions s on s.id = o.subscription_id
        left join plans pl on pl.id = s.plan_id`);
    expect(wrong).toEqual({
      unscheduled: 0,
      stopped: 0,
      mismatched: 0,
      late: 0,
      unnoted: 0,
      tiffin_price: 0,
      charged_twice: 0,
      no_delivery: 0,
    });
    // A run recorded per day since the earliest start (54 days with today), the clock's at the cut-off.
    const [runs] = await rows<{ n: number; generated: number; made: number }>(sql`select
        count(*)::int n, sum(generated)::int generated,
        (select count(*)::int from orders where subscription_id is not null) made
      from roster_runs where status = 'done' and trigger = 'clock'`);
    expect(runs!.n).toBe(54);
    expect(runs!.generated).toBe(runs!.made);
  });

  it('moved the running tiffin plans of the old kind to prepaid subscriptions', async () => {
    const [moved] = await rows<{
      subscriptions: number;
      orders: number;
      running: number;
    }>(sql`select
        (select count(*)::int from subscriptions s where s.prepaid and exists (
          select 1 from subscription_changes h where h.subscription_id = s.id
            and h.note like 'Moved from order %')) subscriptions,
        (select count(*)::int from order_status_history
          where note = 'Plan moved to subscription: its days are delivered as their own orders') orders,
        (select count(*)::int from orders o join categories c on c.id = o.category_id
          where c.kind = 'tiffin' and o.subscription_id is null and o.end_date >= order_day(now())
            and o.status in ('Pending', 'Out for Delivery')) running`);
    expect(moved!.subscriptions).toBeGreaterThan(3);
    expect(moved!.orders).toBe(moved!.subscriptions);
    expect(moved!.running).toBe(0);
  });

  it("keeps each household's account: balances, dues and months agree with the entries", async () => {
    // Every wallet is the sum of its entries, and each entry's balance_after is the one before
    // it (by date) plus its amount: they were written in time order.
    const wallets = await rows<Record<string, unknown>>(sql`select c.id, c.wallet, e.total
        from customers c left join (select customer_id, sum(amount) total from account_entries
                                     group by customer_id) e on e.customer_id = c.id
       where (c.wallet * 100)::bigint <> coalesce(e.total, 0)`);
    expect(wallets).toEqual([]);
    const chain = await rows<Record<string, unknown>>(sql`select * from (
        select id, customer_id, amount, balance_after,
               lag(balance_after, 1, 0::bigint) over w + amount expected,
               lag(id) over w previous_id, at
          from account_entries window w as (partition by customer_id order by at, id)) e
       where balance_after <> expected or id < previous_id or at > now()`);
    expect(chain).toEqual([]);

    // Prepaid and postpaid (about 30 %), most prepaid in credit, some low; postpaid owing.
    const [mix] = await rows<Record<string, number>>(sql`select
        count(*)::int customers,
        count(*) filter (where billing_mode = 'postpaid')::int postpaid,
        count(*) filter (where billing_mode = 'prepaid' and wallet > 0)::int prepaid_credit,
        count(*) filter (where billing_mode = 'prepaid' and wallet < 0)::int prepaid_owing,
        count(*) filter (where billing_mode = 'prepaid' and wallet > 0 and wallet < 200)::int low,
        count(*) filter (where billing_mode = 'postpaid' and wallet < 0)::int postpaid_owing,
        count(*) filter (where billing_mode = 'postpaid' and wallet > 0)::int postpaid_credit,
        count(*) filter (where pause_when_low)::int pause_when_low
      from customers`);
    expect(mix!.postpaid / mix!.customers).toBeGreaterThan(0.2);
    expect(mix!.postpaid / mix!.customers).toBeLessThan(0.4);
    expect(mix!.prepaid_credit).toBeGreaterThan(mix!.prepaid_owing * 5);
    expect(mix!.prepaid_owing).toBeGreaterThan(0);
    expect(mix!.low).toBeGreaterThan(0);
    expect(mix!.postpaid_owing).toBeGreaterThan(10);
    expect(mix!.postpaid_credit).toBeGreaterThan(0);
    expect(mix!.pause_when_low).toBeGreaterThan(10);

    // The entries of every kind, with references unique and of the method's form.
    const kinds = await rows<{ kind: string; n: number }>(
      sql`select kind, count(*)::int n from account_entries group by kind order by kind`,
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      'adjustment',
      'deposit_refunded',
      'deposit_taken',
      'opening',
      'order_charged',
      'payment',
      'refund',
      'subscription_day_charged',
      'topup',
    ]);
    const references = await rows<{ method: string; reference: string; reference_key: string }>(
      sql`select method, reference, reference_key from account_entries where reference is not null`,
    );
    expect(references.length).toBeGreaterThan(100);
    expect(new Set(references.map((r) => r.reference_key)).size).toBe(references.length);
    const form: Record<string, RegExp> = {
      UPI: /^[1-9]\d{11}$/,
      'Bank transfer': /^[A-Z]{4}\d{13}$/,
      Cheque: /^[1-9]\d{5}$/,
      Cash: /^RC-\d{6}$/,
    };
    expect(references.filter((r) => !form[r.method]?.test(r.reference))).toEqual([]);
    expect(new Set(references.map((r) => r.method)).size).toBe(4);
    const [unexplained] = await rows<{ n: number }>(sql`select count(*)::int n from account_entries
      where kind in ('adjustment', 'refund') and coalesce(reason, '') = ''`);
    expect(unexplained!.n).toBe(0);

    // Every delivered order paid from the account is charged what it shows, dated when delivered,
    // as the orders' trigger charges it.
    const uncharged = await rows<Record<string, unknown>>(sql`select o.id, o.payment_method
        from orders o left join (select order_id, sum(amount) total, min(at) at
                                  from account_entries where order_id is not null
                                  group by order_id) e on e.order_id = o.id
       where (o.status = 'Delivered' and o.payment_method = 'Wallet'
              and (e.total is distinct from -round(order_paid(o) * 100)::bigint
                   or e.at <> o.updated_at))
          or ((o.status <> 'Delivered' or o.payment_method is distinct from 'Wallet')
              and coalesce(e.total, 0) <> 0)`);
    expect(uncharged).toEqual([]);

    // Dues: the households below zero, owed since their oldest unpaid charge, of every age.
    const dues = await rows<Record<string, unknown>>(sql`select c.id, c.wallet, d.owed
        from customers c full join account_dues d on d.customer_id = c.id
       where (c.wallet < 0) is distinct from (d.customer_id is not null)
          or d.owed <> -(c.wallet * 100)::bigint or d.billing_mode <> c.billing_mode`);
    expect(dues).toEqual([]);
    // Payments pay the oldest charges first: owed since the oldest of the newest charges that
    // add up to what is owed.
    const unpaidSince = await rows<Record<string, unknown>>(sql`select d.customer_id, d.owed,
        d.owed_since, x.expected
        from account_dues d cross join lateral (
          select min(at) expected from (
            select at, -amount charge,
                   sum(-amount) over (order by at desc, id desc) covered
              from account_entries e where e.customer_id = d.customer_id and e.amount < 0) c
           where covered - charge < d.owed) x
       where x.expected is distinct from d.owed_since`);
    expect(unpaidSince).toEqual([]);
    const ages = await rows<{ bucket: string; n: number }>(sql`select case
          when owed_since > now() - interval '30 days' then '0-30'
          when owed_since > now() - interval '60 days' then '31-60'
          when owed_since > now() - interval '90 days' then '61-90' else '90+' end bucket,
        count(*)::int n from account_dues where billing_mode = 'postpaid' group by 1 order by 1`);
    expect(ages.map((a) => a.bucket)).toEqual(['0-30', '31-60', '61-90', '90+']);
    const [days] = await rows<{
      n: number;
      owed: string;
      dues: number;
      due_owed: string;
    }>(sql`select
        (select coalesce(sum(n), 0)::int from account_due_days) n,
        (select coalesce(sum(owed), 0)::text from account_due_days) owed,
        (select count(*)::int from account_dues) dues,
        (select coalesce(sum(owed), 0)::text from account_dues) due_owed`);
    expect([days!.n, days!.owed]).toEqual([days!.dues, days!.due_owed]);

    // The months' billing and collections are the entries'.
    const months = await rows<Record<string, unknown>>(sql`select * from account_months m
      full join (select date_trunc('month', order_day(at))::date as month,
          sum(-amount) filter (where kind in ('order_charged', 'subscription_day_charged',
            'deposit_taken', 'charge_reversed')) charged_e,
          sum(amount) filter (where kind in ('payment', 'topup')) collected_e,
          sum(-amount) filter (where kind = 'refund') refunded_e
        from account_entries group by 1) e using (month)
      where coalesce(m.charged, 0) <> coalesce(e.charged_e, 0)
         or coalesce(m.collected, 0) <> coalesce(e.collected_e, 0)
         or coalesce(m.refunded, 0) <> coalesce(e.refunded_e, 0)`);
    expect(months).toEqual([]);
  });

  it("has last month's statements of the postpaid households and a bank file imported, two lines waiting", async () => {
    const [statements] = await rows<Record<string, number | string>>(sql`select
        count(*)::int n, count(distinct customer_id)::int customers, min(month)::text first_month,
        max(month)::text last_month, min(number) first_number, max(number) last_number,
        count(*) filter (where closing <> opening + credits - debits)::int wrong
        from account_statements`);
    const postpaid = await rows<Record<string, number>>(
      sql`select count(*)::int n from customers where billing_mode = 'postpaid'`,
    );
    expect(statements!.n).toBeGreaterThan(postpaid[0]!.n / 2);
    expect(statements!.n).toBeLessThanOrEqual(postpaid[0]!.n);
    expect(statements!.first_month).toBe(statements!.last_month);
    expect(statements!.first_number).toMatch(/^ST\/\d{4}\/000001$/);
    expect(statements!.wrong).toBe(0);

    const lines = await rows<Record<string, string | number>>(sql`select l.status, count(*)::int n
        from settlement_lines l join settlement_imports i on i.id = l.import_id
       where i.file_name = 'hdfc-settlement-demo.csv' group by 1 order by 1`);
    expect(lines).toEqual([
      { status: 'matched', n: 7 },
      { status: 'unmatched', n: 3 },
    ]);
  });

  it('adds nothing when run again', async () => {
    const counts = sql`select
        (select count(*)::int from orders) orders,
        (select count(*)::int from subscriptions) subscriptions,
        (select count(*)::int from subscription_changes) subscription_changes,
        (select count(*)::int from return_requests) returns,
        (select count(*)::int from support_tickets) tickets,
        (select count(*)::int from returnable_entries) entries,
        (select count(*)::int from invoices) invoices,
        (select count(*)::int from account_entries) account_entries,
        (select count(*)::int from account_statements) statements,
        (select count(*)::int from settlement_lines) settlement_lines,
        (select count(*)::int from business_settings) business`;
    const before = await rows<Record<string, number>>(counts);
    await seedDemoData(s.db, s.uploads);
    expect(await rows<Record<string, number>>(counts)).toEqual(before);
  });

  it('gives a database seeded before the ledger its jars, cylinders and invoices on the next start', async () => {
    const older = await createTestServer();
    try {
      const olderRows: Rows = async (query) => (await older.db.execute(query)).rows as never[];
      // As an older version seeded it: no deposits or tax, no ledger, no business details.
      await older.db.execute(
        sql`insert into seed_progress (part) values ('deposits-and-tax'), ('invoices')`,
      );
      await seedDemoData(older.db, older.uploads);
      const [before] = await olderRows<Record<string, number>>(sql`select
          (select count(*)::int from orders where status = 'Delivered') delivered,
          (select count(*)::int from returnable_entries) entries,
          (select count(*)::int from invoices) invoices`);
      expect(before!.delivered).toBeGreaterThan(2000);
      expect(before).toMatchObject({ entries: 0, invoices: 0 });

      // The next start runs the two parts it lacks, and only those.
      await older.db.execute(
        sql`delete from seed_progress where part in ('deposits-and-tax', 'invoices')`,
      );
      const log: string[] = [];
      await seedDemoData(older.db, older.uploads, (line) => log.push(line));
      expect(log.filter((l) => l.startsWith('demo data: seeding'))).toEqual([
        'demo data: seeding deposits-and-tax',
        'demo data: seeding invoices',
      ]);
      expect(await ledgerMismatches(olderRows)).toEqual([]);
      expect(await invoiceMismatches(olderRows)).toEqual([]);

      // The ledger written from the history is the one the triggers wrote for a fresh seed
      // (the same seed gives the same orders and returns).
      const ledger = sql`select e.kind, e.item_name, count(*)::int entries, sum(e.issued)::int issued,
          sum(e.returned)::int returned, sum(e.deposit)::text deposit
        from returnable_entries e group by e.kind, e.item_name order by e.kind, e.item_name`;
      expect(await olderRows(ledger)).toEqual(await rows(ledger));
    } finally {
      await older.close();
    }
  }, 120_000);

  it('counts a database seeded before the progress markers as seeded (migration 0012)', async () => {
    const backfill = await readFile(
      new URL('../../server/db/migrations/0012_seed_progress_backfill.sql', import.meta.url),
      'utf8',
    );
    await s.db.execute(sql`delete from seed_progress`);
    await s.db.execute(sql.raw(backfill));
    const parts = await rows<{ part: string }>(sql`select part from seed_progress order by part`);
    expect(parts.map((p) => p.part)).toEqual([
      'admins',
      'banners',
      'catalogue',
      'content',
      'customers',
      'ecommerce',
      'orders',
      'service-areas',
      'support',
    ]);
  });
});
