import { assignRecentRuns } from '../riders';
import type { Timeline } from './expressions';
import { FIRST_NAMES, SURNAMES } from './names';
import { textArray } from './expressions';
import type { Database } from '../../client';
import type { Sql, Transaction } from './run';

/**
 * A rider for every three pin codes (about 100 for 300 pin codes), a third of them in each
 * round, then the last week's jobs given to them with their history and settled cash, as the
 * demo data does (server/db/seed/riders.ts).
 */
export async function loadRiders(
  run: Sql,
  tx: Database | Transaction,
  timeline: Timeline,
): Promise<void> {
  const firsts = textArray(FIRST_NAMES.slice(0, 48));
  const lasts = textArray(SURNAMES.map(([name]) => name));
  await run(`INSERT INTO riders (id, name, phone, vehicle, pincodes, shift, status)
    SELECT 'rider-' || lpad(g.n::text, 5, '0'),
           (${firsts})[1 + g.n % 48] || ' ' || (${lasts})[1 + (g.n * 7) % array_length(${lasts}, 1)],
           '7' || lpad((100000000 + g.n * 7919 % 899999999)::text, 9, '0'),
           (ARRAY['scooter', 'tempo', 'van', 'e-rickshaw'])[1 + g.n % 4],
           g.codes,
           (ARRAY['Both', 'Morning', 'Evening'])[1 + g.n % 3],
           CASE WHEN g.n % 25 = 24 THEN 'Inactive' ELSE 'Active' END
      FROM (SELECT (rn - 1) / 3 AS n, array_agg(code ORDER BY code) AS codes
              FROM (SELECT number AS code, row_number() OVER (ORDER BY number) AS rn FROM pincodes) p
             GROUP BY (rn - 1) / 3) g`);
  await assignRecentRuns(tx, timeline.now);
}
