import { parseArgs } from 'node:util';

/** How many rows of each kind to make. */
export interface LargeSeedCounts {
  orders: number;
  customers: number;
  tickets: number;
  returns: number;
  audit: number;
  subscriptions: number;
  /** Account entries (issue 36), about: payments, top-ups and charges; 0 for the openings only. */
  accounts: number;
}

/** The size the product is designed for (DESIGN.md, Database). */
export const DEFAULT_COUNTS: LargeSeedCounts = {
  orders: 1_000_000,
  customers: 100_000,
  tickets: 30_000,
  returns: 20_000,
  audit: 100_000,
  subscriptions: 100_000,
  // About N entries, rounded down per month: 5.1 M gives the 5 M and a little more.
  accounts: 5_100_000,
};

/** Bounds: at least one order and customer; beyond these a run is surely a typo. */
export const COUNT_LIMITS: Record<keyof LargeSeedCounts, [min: number, max: number]> = {
  orders: [1, 20_000_000],
  customers: [1, 1_000_000],
  tickets: [0, 1_000_000],
  returns: [0, 1_000_000],
  audit: [0, 5_000_000],
  subscriptions: [0, 2_000_000],
  accounts: [0, 50_000_000],
};

export const USAGE = `Usage: npm run seed:large -- [--orders N] [--customers N] [--tickets N] [--returns N]
                          [--audit N] [--subscriptions N] [--accounts N] [--reset]

Fills the configured database (DATABASE_URL, else PGlite in DATA_DIR/pgdata) with bulk data
for benchmarks. Not for production.

  --orders N     orders over the last two years       (default ${DEFAULT_COUNTS.orders}, 1..${COUNT_LIMITS.orders[1]})
  --customers N  customers with their addresses       (default ${DEFAULT_COUNTS.customers}, 1..${COUNT_LIMITS.customers[1]})
  --tickets N    support tickets, with replies        (default ${DEFAULT_COUNTS.tickets}, 0..${COUNT_LIMITS.tickets[1]})
  --returns N    return requests (water and oxygen)   (default ${DEFAULT_COUNTS.returns}, 0..${COUNT_LIMITS.returns[1]})
  --audit N      audit log rows                       (default ${DEFAULT_COUNTS.audit}, 0..${COUNT_LIMITS.audit[1]})
  --subscriptions N
                 subscriptions, with pauses, skips, history and a few holidays
                                                      (default ${DEFAULT_COUNTS.subscriptions}, 0..${COUNT_LIMITS.subscriptions[1]})
  --accounts N   account entries, about: the customers' payments, top-ups, and charges
                 (those of their orders paid from the account, and their delivery days);
                 0 writes only each wallet as an opening entry
                                                      (default ${DEFAULT_COUNTS.accounts}, 0..${COUNT_LIMITS.accounts[1]})
  --reset        empty customers, orders, subscriptions (and holidays), tickets, returns and
                 the audit log first
                 (admins, categories and the catalogue are kept)`;

/** A command line that cannot be run; the message says what to change. */
export class SeedLargeUsageError extends Error {}

export interface SeedLargeArgs {
  counts: LargeSeedCounts;
  reset: boolean;
  help: boolean;
}

/** Reads `--orders 1000000 --customers 100000 ...`; throws SeedLargeUsageError on bad input. */
export function parseSeedLargeArgs(args: string[]): SeedLargeArgs {
  const names = Object.keys(DEFAULT_COUNTS) as (keyof LargeSeedCounts)[];
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    throw new SeedLargeUsageError((err as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const counts = { ...DEFAULT_COUNTS };
  for (const name of names) {
    const given = values[name];
    if (given === undefined) continue;
    const [min, max] = COUNT_LIMITS[name];
    const text = String(given).replace(/_/g, '');
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new SeedLargeUsageError(
        `--${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}; got "${given}".`,
      );
    }
    counts[name] = n;
  }
  return { counts, reset: values.reset === true, help: values.help === true };
}
