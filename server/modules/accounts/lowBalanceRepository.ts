import { eq, sql, type SQL } from 'drizzle-orm';
import { toRupees } from '@shared/account';
import { indiaDay } from '@shared/time';
import type { Database } from '../../db/client';
import { accountMonthsTable, accountSettingsTable } from '../../db/schema';
import { findCustomerIds } from '../customers/repository';
import { allDuesTotals, SEARCH_COLUMNS } from './duesRepository';
import type { LowBalanceQuery } from './duesSchemas';

/*
 * Low balances (issue 36): prepaid customers whose balance covers fewer days of their
 * subscriptions paid from the account than account_settings.low_balance_days, through
 * customers_days_covered_idx. Its expression is `(wallet * 100 / daily_spend)` (rupees × 100
 * over paise a day: days), written here exactly so, with its partial index's conditions.
 */

const DAYS_COVERED = sql`(c.wallet * 100 / c.daily_spend)`;
const LOW_BALANCE = sql`c.billing_mode = 'prepaid' and c.daily_spend > 0`;

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

export const DEFAULT_LOW_BALANCE_DAYS = 3;

export async function lowBalanceDays(db: Database): Promise<number> {
  const [row] = await db
    .select({ days: accountSettingsTable.lowBalanceDays })
    .from(accountSettingsTable)
    .where(eq(accountSettingsTable.id, 'default'));
  return row?.days ?? DEFAULT_LOW_BALANCE_DAYS;
}

export async function saveLowBalanceDays(db: Database, days: number): Promise<number> {
  await db
    .insert(accountSettingsTable)
    .values({ id: 'default', lowBalanceDays: days })
    .onConflictDoUpdate({
      target: accountSettingsTable.id,
      set: { lowBalanceDays: days, updatedAt: new Date() },
    });
  return days;
}

/** The conditions of the list; null when a search matches nobody. */
async function conditionsOf(
  db: Database,
  q: Pick<LowBalanceQuery, 'search' | 'pincode'>,
  days: number,
): Promise<SQL[] | null> {
  const where = [LOW_BALANCE, sql`${DAYS_COVERED} < ${days}::numeric`];
  if (q.pincode) {
    // The pin code of the customer's default address (as account_dues keeps it), looked up per
    // customer of the low-balance range through customer_addresses_customer_idx.
    where.push(sql`(select a.pincode from customer_addresses a where a.customer_id = c.id
                     order by a.is_default desc, a.created_at limit 1) = ${q.pincode}`);
  }
  if (q.search) {
    const ids = await findCustomerIds(db, q.search, SEARCH_COLUMNS);
    if (!ids.length) return null;
    where.push(sql`c.id = any(${sql.param(ids)}::text[])`);
  }
  return where;
}

/** Customers low on balance, the fewest days covered first, and how many there are. */
export async function lowBalancePage(db: Database, q: LowBalanceQuery) {
  const days = await lowBalanceDays(db);
  const where = await conditionsOf(db, q, days);
  if (!where) return { customers: [], total: 0, days };
  const condition = sql.join(where, sql` and `);
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute<Row>(sql`
      select c.id, c.first_name, c.last_name, c.phone, c.wallet, c.daily_spend,
             ${DAYS_COVERED} as covered
        from customers c where ${condition}
       order by ${DAYS_COVERED}, c.id
       limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute<Row>(sql`select count(*) as n from customers c where ${condition}`),
  ]);
  return {
    customers: rows.map((r) => ({
      userId: r.id as string,
      name: `${String(r.first_name)} ${String(r.last_name)}`.trim(),
      phone: r.phone as string,
      balance: num(r.wallet),
      dailySpend: toRupees(num(r.daily_spend)),
      // Days the balance lasts, down to a tenth (2.96 days is not 3).
      daysCovered: Math.floor(num(r.covered) * 10) / 10,
    })),
    total: num(counted[0]?.n),
    days,
  };
}

/** How many customers are low on balance now. */
async function lowBalanceCount(db: Database, days: number): Promise<number> {
  const { rows } = await db.execute<Row>(
    sql`select count(*) as n from customers c
         where ${LOW_BALANCE} and ${DAYS_COVERED} < ${days}::numeric`,
  );
  return num(rows[0]?.n);
}

/** The dashboard's figures: this India month's billing and collections, dues, low balances. */
export async function accountSummary(db: Database) {
  const today = indiaDay();
  const month = today.slice(0, 7);
  const days = await lowBalanceDays(db);
  const [monthRows, dues, lowBalance] = await Promise.all([
    db
      .select()
      .from(accountMonthsTable)
      .where(eq(accountMonthsTable.month, `${month}-01`)),
    allDuesTotals(db, today),
    lowBalanceCount(db, days),
  ]);
  const m = monthRows[0];
  return {
    month,
    charged: toRupees(m?.charged ?? 0),
    collected: toRupees(m?.collected ?? 0),
    refunded: toRupees(m?.refunded ?? 0),
    dues,
    lowBalance: { customers: lowBalance, lowBalanceDays: days },
  };
}
