import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '@server/db/seed';
import { runShiftOf } from '@server/modules/orders/assignRepository';
import { createTestServer, type TestServer } from './helpers';

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

  it('adds nothing when run again', async () => {
    const before = await rows<Record<string, number>>(sql`select
        (select count(*)::int from orders) orders,
        (select count(*)::int from return_requests) returns,
        (select count(*)::int from support_tickets) tickets`);
    await seedDemoData(s.db, s.uploads);
    const after = await rows<Record<string, number>>(sql`select
        (select count(*)::int from orders) orders,
        (select count(*)::int from return_requests) returns,
        (select count(*)::int from support_tickets) tickets`);
    expect(after).toEqual(before);
  });

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
