import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersTable, rosterRunsTable } from '@server/db/schema';
import { dueDays, startRosterClock, type RosterClock } from '@server/modules/roster/clock';
import { addDays, indiaDay, indiaMidnight } from '@shared/time';
import { createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';
import { ensurePincodes } from './riderFixtures';
import { subscribe } from './rosterFixtures';

/**
 * The roster's clock (issue 35) with an injected time: nothing before the cut-off, tomorrow made
 * at it, a day missed while down made at the next start, and two clocks at once (two instances)
 * making one set of orders.
 */
let s: TestServer;
let f: OrderFixtures;

/** A day well ahead, so that its days are nobody else's. */
const DAY = addDays(indiaDay(), 40);
/** India time `hh:mm` on `day`. */
const at = (day: string, hh: number, mm: number) =>
  new Date(indiaMidnight(day).getTime() + (hh * 60 + mm) * 60_000);

let now = at(DAY, 20, 59);
const clocks: RosterClock[] = [];
/** A clock that never ticks by itself (tests call tick), reading `now`. */
function clock(): RosterClock {
  const c = startRosterClock({ db: s.db, now: () => now, intervalMs: 3_600_000, batchSize: 2 });
  clocks.push(c);
  return c;
}

const ordersOn = async (day: string) =>
  (await s.db.select({ n: count() }).from(ordersTable).where(eq(ordersTable.deliveryDay, day)))[0]!
    .n;
const runsOf = (day: string) =>
  s.db.select().from(rosterRunsTable).where(eq(rosterRunsTable.day, day));

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await ensurePincodes(s.db, ['560001', '560034', '110001']);
  // Three daily water subscriptions from DAY on: batches of 2 cross a batch boundary.
  for (const customer of f.customers.slice(0, 3)) {
    await subscribe(s.db, f, { customer, startDate: DAY });
  }
}, 60_000);
afterAll(async () => {
  for (const c of clocks) await c.stop();
  await s.close();
});

describe('the roster clock', () => {
  it('names today, and tomorrow from the cut-off on (India time)', () => {
    expect(dueDays(at(DAY, 20, 59), '21:00')).toEqual([DAY]);
    expect(dueDays(at(DAY, 21, 0), '21:00')).toEqual([DAY, addDays(DAY, 1)]);
    expect(dueDays(at(DAY, 0, 10), '00:00')).toEqual([DAY, addDays(DAY, 1)]);
  });

  it('makes nothing for tomorrow at 20:59, and tomorrow at 21:00', async () => {
    now = at(DAY, 20, 59);
    const c = clock();
    await c.tick();
    // Today (DAY) is always due: made at start.
    expect(await ordersOn(DAY)).toBe(3);
    expect(await ordersOn(addDays(DAY, 1))).toBe(0);

    now = at(DAY, 21, 0);
    await c.tick();
    expect(await ordersOn(addDays(DAY, 1))).toBe(3);
    const runs = await runsOf(addDays(DAY, 1));
    expect(runs).toMatchObject([{ trigger: 'clock', status: 'done', generated: 3 }]);

    // Later ticks leave a made day alone: no second run.
    now = at(DAY, 21, 1);
    await c.tick();
    expect(await runsOf(addDays(DAY, 1))).toHaveLength(1);
    await c.stop();
  });

  it('makes a day missed while the server was down at the next start', async () => {
    // Down from DAY 21:01 until DAY + 2, 08:00: nothing made DAY + 2 at the cut-off before.
    const missed = addDays(DAY, 2);
    expect(await ordersOn(missed)).toBe(0);
    now = at(missed, 8, 0);
    const c = clock();
    await c.tick();
    expect(await ordersOn(missed)).toBe(3);
    expect(await runsOf(missed)).toMatchObject([{ trigger: 'clock', status: 'done' }]);
    await c.stop();
  });

  it('makes one set of orders when two instances tick at once', async () => {
    const day = addDays(DAY, 4);
    now = at(addDays(day, -1), 21, 30);
    const [one, two] = [clock(), clock()];
    await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    // Whichever clock lost the race looks again at its next tick and finds the day made.
    await Promise.all([one.tick(), two.tick()]);
    expect(await ordersOn(day)).toBe(3);
    const runs = await runsOf(day);
    expect(runs.filter((r) => r.status === 'done')).toHaveLength(1);
    expect(runs.every((r) => r.alreadyMade === 0 || r.generated === 0)).toBe(true);
  });

  it('is started by buildApp when asked, and stopped with the app', async () => {
    const { buildApp } = await import('@server/app');
    const day = addDays(DAY, 6);
    now = at(day, 9, 0);
    const app = await buildApp({ config: s.config, db: s.db, rosterClock: { now: () => now } });
    await app.ready();
    // The first look runs at start; wait for it.
    for (let i = 0; i < 100 && (await ordersOn(day)) < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await ordersOn(day)).toBe(3);
    await app.close();
  });
});
