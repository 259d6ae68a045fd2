import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newStore, rows, ServerProcess, signIn } from './serverProcess';

/**
 * Crash safety of the real server: started as a process (tests/api/serverProcess.ts), killed
 * with SIGKILL while it works, and started again on the same data: PGlite in a temporary
 * DATA_DIR, or a database of its own on TEST_DATABASE_URL's PostgreSQL server.
 */

/** The parts of the demo seed in the order it writes them (server/db/seed/index.ts). */
const DEMO_PARTS = [
  'catalogue',
  'deposits-and-tax',
  'ecommerce',
  'service-areas',
  'banners',
  'admins',
  'customers',
  'orders',
  'tiffin-plans-moved',
  'support',
  'riders',
  'subscriptions',
  'accounts',
  'account-documents',
  'invoices',
  'content',
  'customer-notes',
  'credit-notes',
];

type Write =
  | { kind: 'pincode'; number: string; pinType: 'Home' | 'Office' | 'Other' }
  | { kind: 'plan'; name: string; duration: number; price: number };

describe('crash safety (SIGKILL)', () => {
  it('keeps every acknowledged write after a kill mid-burst', async () => {
    const store = await newStore();
    let server = new ServerProcess(store, { SEED_DEMO: 'false' });
    let base = await server.ready();
    let token = await signIn(base);

    const writes: Write[] = Array.from({ length: 400 }, (_, i) =>
      i % 2
        ? { kind: 'plan', name: `Crash plan ${i}`, duration: 1 + (i % 90), price: 100 + i / 4 }
        : { kind: 'pincode', number: String(700_000 + i), pinType: i % 3 ? 'Home' : 'Office' },
    );
    const acknowledged: { write: Write; id: string }[] = [];
    let inFlightAtKill = -1;
    let inFlight = 0;
    let next = 0;
    let killed = false;
    const KILL_AFTER = 60;

    async function send(write: Write) {
      const [url, body] =
        write.kind === 'pincode'
          ? ['/api/pincode/add', { pinCode: write.number, pinType: write.pinType }]
          : [
              '/api/plan/create-plan',
              { name: write.name, duration: write.duration, price: write.price },
            ];
      const res = await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      if (res.status !== 200 && res.status !== 201) {
        throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      }
      const { result } = (await res.json()) as { result: Record<string, { _id: string }> };
      return Object.values(result)[0]!._id;
    }

    // A dozen clients at once; the server dies while the others' requests are in flight.
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (!killed && next < writes.length) {
          const write = writes[next++]!;
          inFlight += 1;
          try {
            const id = await send(write);
            acknowledged.push({ write, id });
            if (acknowledged.length === KILL_AFTER) {
              inFlightAtKill = inFlight - 1;
              killed = true;
              server.kill('SIGKILL');
            }
          } catch (err) {
            // After the kill an answer may never come: its write may or may not be there.
            if (!killed) throw err;
          } finally {
            inFlight -= 1;
          }
        }
      }),
    );
    await server.exited;
    expect(killed).toBe(true);
    expect(inFlightAtKill).toBeGreaterThan(0);
    // Answers already on their way when the kill came count as acknowledged too.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    server = new ServerProcess(store, { SEED_DEMO: 'false' });
    base = await server.ready();
    token = await signIn(base);
    for (const { write, id } of acknowledged) {
      const url =
        write.kind === 'pincode' ? `/api/pincode/get-pincode/${id}` : `/api/plan/get-plan/${id}`;
      const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, `${write.kind} ${id} after the restart`).toBe(200);
      const { result } = (await res.json()) as { result: Record<string, Record<string, unknown>> };
      const record = Object.values(result)[0]!;
      if (write.kind === 'pincode') {
        expect(record).toMatchObject({ number: write.number, pinType: write.pinType });
      } else {
        expect(record).toMatchObject({
          name: write.name,
          duration: write.duration,
          price: write.price,
        });
      }
    }
    await server.stop();

    // Each acknowledged write has its audit row (written before the answer), and the tables hold
    // no more than was sent.
    const ids = acknowledged.map((a) => a.id);
    const [audit] = await rows<{ audited: number; pincodes: number; plans: number }>(
      store,
      sql`select
        (select count(distinct record_id)::int from audit_log
          where record_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})) audited,
        (select count(*)::int from pincodes where number like '7%') pincodes,
        (select count(*)::int from plans where name like 'Crash plan %') plans`,
    );
    expect(audit!.audited).toBe(ids.length);
    const sent = next;
    expect(audit!.pincodes + audit!.plans).toBeGreaterThanOrEqual(ids.length);
    expect(audit!.pincodes + audit!.plans).toBeLessThanOrEqual(sent);
  }, 240_000);

  it('finishes a demo seed killed part way on the next start, each part exactly once', async () => {
    const store = await newStore();
    let server = new ServerProcess(store, { SEED_DEMO: 'true' });
    // A quarter into the orders: an older seed had committed those 1000 in batches, so the next
    // start, finding orders, added no more.
    // The seed's progress lines are log lines (JSON, the message in `msg`).
    const [, placed] = await server.waitFor(/"msg":"demo data: orders 1000 of (\d+)/);
    server.kill('SIGKILL');
    await server.exited;
    const donePartsIn = (messages: string[]) =>
      messages.flatMap((message) => /^demo data: (\S+) done/.exec(message)?.[1] ?? []);
    const seededPartsIn = (messages: string[]) =>
      messages.flatMap((message) => /^demo data: seeding (\S+)/.exec(message)?.[1] ?? []);
    const doneBefore = donePartsIn(server.messages());
    expect(server.lines.some((line) => line.includes('Server listening'))).toBe(false);
    expect(doneBefore).toContain('customers');
    expect(doneBefore).not.toContain('content');

    server = new ServerProcess(store, { SEED_DEMO: 'true' });
    await server.ready();
    await server.stop();

    const [counts] = await rows<Record<string, number>>(
      store,
      sql`select
        (select count(*)::int from seed_progress) parts,
        (select count(*)::int from categories) categories,
        (select count(*)::int from sub_categories) sub_categories,
        (select count(*)::int from products) products,
        (select count(*)::int from accessories) accessories,
        (select count(*)::int from ecommerce_products) ecommerce_products,
        (select count(*)::int from pincodes) pincodes,
        (select count(*)::int from plans) plans,
        (select count(*)::int from banners) banners,
        (select count(*)::int from admins) admins,
        (select count(*)::int from customers) customers,
        (select count(*)::int from customer_addresses where is_default) default_addresses,
        (select sum(n)::int from customer_counts) customers_counted,
        (select count(*)::int from orders) orders,
        (select count(*)::int from orders where subscription_id is null) placed_orders,
        (select count(*)::int from orders where subscription_id is not null) subscription_orders,
        (select count(*)::int from subscriptions) subscriptions,
        (select sum(n)::int from order_counts) orders_counted,
        (select count(*)::int from orders o where not exists (
          select 1 from order_status_history h
          where h.order_id = o.id and h.to_status = o.status)) orders_without_history,
        (select count(distinct order_id)::int from return_requests) returned_orders,
        (select count(*)::int from return_requests) returns,
        (select count(*)::int from support_tickets) tickets,
        (select count(*)::int from content_pages) content_pages,
        (select count(*)::int from riders) riders,
        (select count(*)::int from products where returnable) returnable_products,
        (select count(*)::int from orders o join products p on p.id = o.product_id
          where p.returnable and o.status = 'Delivered') delivered_returnables,
        (select count(*)::int from returnable_entries where kind = 'delivered') delivered_entries,
        (select count(*)::int from orders where status = 'Delivered') delivered,
        (select count(*)::int from invoices) invoices,
        (select count(*)::int from business_settings) business,
        (select count(*)::int from customers c where (c.wallet * 100)::bigint <> coalesce(
          (select sum(amount) from account_entries e where e.customer_id = c.id), 0)) wallets_off,
        (select count(*)::int from customers where billing_mode = 'postpaid') postpaid`,
    );
    // The seed's own numbers (server/db/seed): as many as one uninterrupted start writes.
    expect(counts).toMatchObject({
      parts: DEMO_PARTS.length,
      categories: 5,
      sub_categories: 8,
      products: 14,
      accessories: 8,
      ecommerce_products: 40,
      pincodes: 35,
      plans: 3,
      banners: 7,
      admins: 5,
      customers: 300,
      default_addresses: 300,
      customers_counted: 300,
      // The placed orders, as many as the seed said; the subscriptions' day orders come on top
      // (how many depends on today's weekday and month).
      placed_orders: Number(placed),
      orders_without_history: 0,
      tickets: 260,
      content_pages: 3,
      riders: 12,
      returnable_products: 4,
      business: 1,
    });
    // The orders written on the second start wrote the ledger, and every delivery has its
    // invoice (the business details came after them).
    expect(counts!.delivered_entries).toBe(counts!.delivered_returnables);
    expect(counts!.invoices).toBe(counts!.delivered);
    // Every household's balance is the sum of its account entries, the accounts written once.
    expect(counts!.wallets_off).toBe(0);
    expect(counts!.postpaid).toBeGreaterThan(50);
    expect(counts!.orders_counted).toBe(counts!.orders);
    expect(counts!.subscriptions).toBeGreaterThan(100);
    expect(counts!.subscription_orders).toBeGreaterThan(500);
    expect(counts!.returns).toBe(counts!.returned_orders);
    expect(counts!.returns).toBeGreaterThan(50);
    // The second start wrote exactly the parts the first had not finished.
    expect(doneBefore).toEqual(DEMO_PARTS.slice(0, doneBefore.length));
    expect(seededPartsIn(server.messages())).toEqual(DEMO_PARTS.slice(doneBefore.length));
  }, 240_000);
});
