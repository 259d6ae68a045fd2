/**
 * Riders for API tests: `createRider` adds one through the API (its pin codes made service areas
 * first), `assignToRider` gives orders to a rider directly in the database (rider, run day and
 * round, as order/assign-rider would), `ensurePincodes` adds service areas. Any API test may
 * import it.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '@server/db/client';
import { ordersTable, pincodesTable, type RiderShift, type RunShift } from '@server/db/schema';
import { indiaDay } from '@shared/time';
import { anyOf } from '@server/lib/sql';
import { apiClient, type TestServer } from './helpers';

/** A rider as the rider calls answer it. */
export interface RiderDto {
  _id: string;
  name: string;
  phone: string;
  vehicle: string;
  pincodes: string[];
  shift: RiderShift;
  status: 'Active' | 'Inactive';
  jobs: number;
  openJobs: number;
  serves?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NewRider {
  name?: string;
  /** 10 digits; a fresh one by default. */
  phone?: string;
  vehicle?: string;
  pincodes?: string[];
  shift?: RiderShift;
  status?: 'Active' | 'Inactive';
}

/** Makes the pin codes service areas (rows of the pin codes table), if they are not yet. */
export async function ensurePincodes(db: Database, pins: string[]): Promise<void> {
  if (!pins.length) return;
  await db
    .insert(pincodesTable)
    .values(pins.map((number) => ({ number })))
    .onConflictDoNothing();
}

let riderCounter = 0;

/** A mobile number no other test rider has (10 digits, starting 9). */
export function freshPhone(): string {
  riderCounter += 1;
  return `9${String(randomInt(0, 10_000)).padStart(4, '0')}${String(riderCounter).padStart(5, '0')}`;
}

/**
 * Adds a rider through `rider/create-rider` (as the super-admin unless `token` is given) and
 * answers it; throws unless the answer is 200. Serves 560001 in both rounds by default.
 */
export async function createRider(
  s: TestServer,
  values: NewRider = {},
  token?: string,
): Promise<RiderDto> {
  const pincodes = values.pincodes ?? ['560001'];
  await ensurePincodes(s.db, pincodes);
  riderCounter += 1;
  const body = {
    name: values.name ?? `Test Rider ${riderCounter}`,
    phone: values.phone ?? freshPhone(),
    vehicle: values.vehicle ?? 'KA01 AB 1234',
    pincodes,
    shift: values.shift ?? 'Both',
    ...(values.status ? { status: values.status } : {}),
  };
  const res = await apiClient(() => s, 'rider').post('create-rider', body, token);
  if (res.statusCode !== 200) {
    throw new Error(`create-rider answered ${res.statusCode}: ${res.body}`);
  }
  return res.json().result.rider as RiderDto;
}

/**
 * Gives the orders to the rider for a run (default: today in India, the morning round), directly
 * in the database, as order/assign-rider leaves them (without its history and audit rows);
 * `riderId: null` takes them back.
 */
export async function assignToRider(
  db: Database,
  orderIds: string[],
  riderId: string | null,
  run: { date?: string; shift?: RunShift; at?: Date } = {},
): Promise<void> {
  if (!orderIds.length) return;
  await db
    .update(ordersTable)
    .set(
      riderId === null
        ? { riderId: null, runDate: null, runShift: null, assignedAt: null }
        : {
            riderId,
            runDate: run.date ?? indiaDay(new Date()),
            runShift: run.shift ?? 'Morning',
            assignedAt: run.at ?? new Date(),
          },
    )
    .where(anyOf(ordersTable.id, orderIds));
}

/** Today in India, and the days around it (YYYY-MM-DD). */
export function indiaDays(): { today: string; yesterday: string; tomorrow: string } {
  const now = Date.now();
  return {
    today: indiaDay(new Date(now)),
    yesterday: indiaDay(new Date(now - 86_400_000)),
    tomorrow: indiaDay(new Date(now + 86_400_000)),
  };
}
