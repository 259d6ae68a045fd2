import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { union, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import {
  customerAddressesTable,
  customerCountsTable,
  customerDayCountsTable,
  customerSortBucketsTable,
  customersTable,
  type CustomerStatus,
} from '../../db/schema';
import { seekBucket } from '../../lib/bucketSeek';
import { SEEK_FROM_OFFSET, seekDay } from '../../lib/daySeek';
import { toMoney } from '../../lib/money';
import { badRequest } from '../../lib/errors';
import { tableBatches, type SortKey } from '../../lib/keyset';
import { anyOf, searchPattern } from '../../lib/sql';
import { followCustomerStatus } from '../subscriptions/blocking';
import { resolveRegistration, stateMismatch, type SentRegistration } from './registration';
import type { ChangeAdmin } from '../subscriptions/history';

export type CustomerRow = typeof customersTable.$inferSelect;
export type AddressRow = typeof customerAddressesTable.$inferSelect;

/**
 * A name or e-mail as the lists sort it: without case, code point by code point, the same on
 * every database whatever its collation, so that the counts per bucket of its first two letters
 * say where a deep page starts (customer_sort_buckets; the sort's index holds this expression).
 */
const customerSortKey = (column: AnyPgColumn) => sql`lower(${column}) collate "C"`;

export const CUSTOMER_SORTS = {
  firstName: customerSortKey(customersTable.firstName),
  lastName: customerSortKey(customersTable.lastName),
  email: customerSortKey(customersTable.email),
  wallet: customersTable.wallet,
  createdAt: customersTable.createdAt,
} as const;

/** The sorts whose deep pages start at a bucket, by their name in customer_sort_buckets. */
const BUCKETED_SORTS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
} as const satisfies Partial<Record<keyof typeof CUSTOMER_SORTS, string>>;
type BucketedSort = (typeof BUCKETED_SORTS)[keyof typeof BUCKETED_SORTS];

export function toCustomerDto(c: CustomerRow) {
  return {
    _id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    wallet: toMoney(c.wallet) ?? 0,
    status: c.status,
    isEmailVerified: c.isEmailVerified,
    isPhoneVerified: c.isPhoneVerified,
    imageUrl: c.imageUrl,
    createdAt: c.createdAt,
  };
}

/** A customer with the GSTIN and legal name (registeredCustomerDto). */
export function toRegisteredCustomerDto(c: CustomerRow) {
  return { ...toCustomerDto(c), gstin: c.gstin, legalName: c.legalName };
}

/** The inactive-users list has its own shape (spec 001 §3). */
export function toInactiveUserDto(c: CustomerRow) {
  return {
    _id: c.id,
    userName: c.userName ?? '',
    fullName: `${c.firstName} ${c.lastName}`.trim(),
    email: c.email,
    status: c.status,
  };
}

export function toAddressDto(a: AddressRow) {
  return {
    _id: a.id,
    fullAddress: a.fullAddress,
    city: a.city,
    state: a.state,
    pincode: a.pincode,
    isDefault: a.isDefault,
  };
}

/** A search may match at most this many customers; beyond that the person narrows it down. */
export const SEARCH_MATCH_LIMIT = 10_000;

type SearchColumn = 'firstName' | 'lastName' | 'email' | 'phone';
const ALL_COLUMNS: SearchColumn[] = ['firstName', 'lastName', 'email', 'phone'];

/**
 * What a search matches: each condition is served by an index of its own. The customers whose
 * first name, last name, e-mail or phone contain the text (start with it, below three
 * characters: server/lib/sql.ts; trigram indexes), whose Family Id or id it is, or whose full
 * name it is ('Kavya Verma').
 */
function matchConditions(search: string, columns: SearchColumn[]): SQL[] {
  const pattern = searchPattern(search);
  // Phones are stored as 10 digits: '+91 98765' looks for '98765'.
  const digits = search.replace(/^\s*\+91/, '').replace(/[\s()+-]/g, '');
  const conditions = columns.map((column) =>
    ilike(customersTable[column], column === 'phone' ? searchPattern(digits || search) : pattern),
  );
  // The Family Id as the lists show it (the id's last 10 hex digits; customers_family_id_idx),
  // or a whole id.
  const text = search.trim().toLowerCase();
  if (/^[0-9a-f]{10}$/.test(text)) {
    conditions.push(sql`right(replace(${customersTable.id}, '-', ''), 10) = ${text}`);
  } else if (/^[0-9a-f-]{36}$/.test(text)) {
    conditions.push(eq(customersTable.id, text));
  }
  // A full name as people type it: the first word in the first name and the rest in the last
  // name, both trigram-indexed (a BitmapAnd of the two lookups).
  const [firstWord, ...rest] = search.trim().split(/\s+/);
  if (rest.length > 0 && columns.includes('firstName') && columns.includes('lastName')) {
    conditions.push(
      and(
        ilike(customersTable.firstName, searchPattern(firstWord!)),
        ilike(customersTable.lastName, searchPattern(rest.join(' '))),
      )!,
    );
  }
  return conditions;
}

/**
 * The matches of a search with a sort key, for a page sorted by it: one lookup per condition
 * joined by UNION, so that none can be planned as a walk of the sort's index filtering every
 * customer (which an OR under ORDER BY ... LIMIT invites for a rare text).
 */
function sortedMatches(
  db: Database,
  search: string,
  statuses: CustomerStatus[] | undefined,
  sortKey: SQL,
) {
  const lookups = matchConditions(search, ALL_COLUMNS).map((condition) =>
    db
      .select({ id: customersTable.id, sortKey: sql`${sortKey}`.as('sort_key') })
      .from(customersTable)
      .where(and(condition, statuses ? inArray(customersTable.status, statuses) : undefined)),
  );
  const [first, second, ...others] = lookups;
  return second ? union(first!, second, ...others) : first!;
}

const tooMany = (search: string) =>
  badRequest(
    `More than ${SEARCH_MATCH_LIMIT.toLocaleString('en-IN')} customers match "${search}". Type more of the name, e-mail or phone.`,
  );

/**
 * Ids of the customers a search matches (see matchConditions). Answered as a list, so that the
 * queries using it are planned knowing how many there are; a search matching more than
 * SEARCH_MATCH_LIMIT customers is refused with a message saying what to do. Exported for the
 * other areas that search by customer (orders, jobs, returns, support).
 */
export async function findCustomerIds(
  db: Database,
  search: string,
  columns: SearchColumn[] = ALL_COLUMNS,
): Promise<string[]> {
  // One pass over the customers the indexes point at (a BitmapOr of the lookups): the same
  // customer matched by last name and e-mail is read once, where a UNION read them twice.
  const rows = await db
    .select({ id: customersTable.id })
    .from(customersTable)
    .where(or(...matchConditions(search, columns)))
    .limit(SEARCH_MATCH_LIMIT + 1);
  if (rows.length > SEARCH_MATCH_LIMIT) throw tooMany(search);
  return rows.map((r) => r.id);
}

/** A list's filter, search and order, without a page: what an export reads. */
export interface CustomerExportQuery {
  statuses?: CustomerStatus[];
  search?: string;
  sort: keyof typeof CUSTOMER_SORTS;
  order: 'asc' | 'desc';
}

interface CustomerListQuery extends CustomerExportQuery {
  page: number;
  limit: number;
}

/** Sets the customers' status: the one change of user/update-user-status and its bulk call. */
function setStatusOf(db: Database | Transaction, ids: string[], status: CustomerStatus) {
  return db.update(customersTable).set({ status }).where(anyOf(customersTable.id, ids)).returning();
}

export function createCustomerRepository(db: Database) {
  /** Customers of these statuses (all without), from the counts kept by trigger (0008). */
  const totalQuery = (statuses?: CustomerStatus[]) =>
    db
      .select({ n: sql<number>`coalesce(sum(${customerCountsTable.n}), 0)::int` })
      .from(customerCountsTable)
      .where(statuses ? inArray(customerCountsTable.status, statuses) : undefined);
  async function total(statuses?: CustomerStatus[]): Promise<number> {
    const [row] = await totalQuery(statuses);
    return row?.n ?? 0;
  }

  /**
   * A page of a search: the matches (bounded) are counted and sorted by themselves, never by
   * walking the table; then only the page's rows are read by id.
   */
  async function searchPage(q: CustomerListQuery & { search: string }) {
    const matches = sortedMatches(db, q.search, q.statuses, sql`${CUSTOMER_SORTS[q.sort]}`).as(
      'matches',
    );
    const [counted] = await db.select({ n: count() }).from(matches);
    const n = counted?.n ?? 0;
    if (n > SEARCH_MATCH_LIMIT) throw tooMany(q.search);
    const direction = q.order === 'desc' ? desc : asc;
    const ids = await db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(direction(matches.sortKey), direction(matches.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    if (!ids.length) return { rows: [], total: n };
    const rows = await db
      .select()
      .from(customersTable)
      .where(
        anyOf(
          customersTable.id,
          ids.map((r) => r.id),
        ),
      )
      .orderBy(direction(CUSTOMER_SORTS[q.sort]), direction(customersTable.id));
    return { rows, total: n };
  }

  return {
    async list(q: CustomerListQuery) {
      if (q.search) return searchPage({ ...q, search: q.search });
      const where: SQL[] = [];
      if (q.statuses) where.push(inArray(customersTable.status, q.statuses));
      const direction = q.order === 'desc' ? desc : asc;
      let offset = (q.page - 1) * q.limit;
      // A deep page by sign-up date starts at its day (server/lib/daySeek.ts), by name or
      // e-mail at the bucket of its first two letters (server/lib/bucketSeek.ts).
      const bucketed = (BUCKETED_SORTS as Partial<Record<string, BucketedSort>>)[q.sort];
      if (bucketed && offset >= SEEK_FROM_OFFSET) {
        const bucketCounts = db
          .select({ bucket: customerSortBucketsTable.bucket, n: customerSortBucketsTable.n })
          .from(customerSortBucketsTable)
          .where(
            and(
              eq(customerSortBucketsTable.sort, bucketed),
              q.statuses ? inArray(customerSortBucketsTable.status, q.statuses) : undefined,
            ),
          )
          .getSQL();
        const key = CUSTOMER_SORTS[q.sort] as SQL;
        const sought = await seekBucket(db, key, bucketCounts, offset, q.order);
        if (!sought) return { rows: [], total: await total(q.statuses) };
        where.push(sought.from);
        offset = sought.skip;
      }
      if (q.sort === 'createdAt' && offset >= SEEK_FROM_OFFSET) {
        const dayCounts = db
          .select({ day: customerDayCountsTable.day, n: customerDayCountsTable.n })
          .from(customerDayCountsTable)
          .where(q.statuses ? inArray(customerDayCountsTable.status, q.statuses) : undefined)
          .getSQL();
        const sought = await seekDay(db, dayCounts, offset, q.order);
        if (!sought) return { rows: [], total: await total(q.statuses) };
        where.push(
          q.order === 'desc'
            ? lt(customersTable.createdAt, sought.boundary)
            : gte(customersTable.createdAt, sought.boundary),
        );
        offset = sought.skip;
      }
      const ordering = [direction(CUSTOMER_SORTS[q.sort]), direction(customersTable.id)];
      // The page's ids first, read from an index alone however deep the page (the id breaks
      // ties in the same direction, and each sort's index holds the sort, the id and the
      // status), then only those customers' rows.
      const pageIds = db
        .select({ id: customersTable.id })
        .from(customersTable)
        .where(and(...where))
        .orderBy(...ordering)
        .limit(q.limit)
        .offset(offset);
      // The total with the page, one statement (one round trip fewer, issue 39); a page past
      // the end asks it apart.
      const found = await db
        .select({
          ...getTableColumns(customersTable),
          total: sql<number>`(${totalQuery(q.statuses)})`,
        })
        .from(customersTable)
        .where(inArray(customersTable.id, pageIds))
        .orderBy(...ordering);
      if (!found.length) return { rows: [], total: await total(q.statuses) };
      return { rows: found.map(({ total: _total, ...row }) => row), total: found[0]!.total };
    },
    /**
     * Every customer of a list for its CSV export, `batchSize` at a time, in the list's order
     * (the sort, then the id): a keyset, through the (status,) created_at, id indexes for the
     * default order. A search is looked up once, bounded, before the first batch.
     */
    async *exportRows(q: CustomerExportQuery, batchSize: number): AsyncGenerator<CustomerRow[]> {
      const where: SQL[] = [];
      if (q.statuses) where.push(inArray(customersTable.status, q.statuses));
      if (q.search) where.push(anyOf(customersTable.id, await findCustomerIds(db, q.search)));
      const keys: SortKey[] = [
        { key: CUSTOMER_SORTS[q.sort], order: q.order },
        { key: customersTable.id, order: q.order },
      ];
      yield* tableBatches<CustomerRow>(db, customersTable, and(...where), keys, batchSize);
    },
    async findById(id: string) {
      const [row] = await db.select().from(customersTable).where(eq(customersTable.id, id));
      return row;
    },
    async addresses(customerId: string) {
      return db
        .select()
        .from(customerAddressesTable)
        .where(eq(customerAddressesTable.customerId, customerId))
        .orderBy(desc(customerAddressesTable.isDefault), asc(customerAddressesTable.createdAt));
    },
    /**
     * Each customer's default address (else their first), by customer id: a page's worth of
     * customers (all-users with `withAddress`), read through customer_addresses_customer_idx.
     */
    async defaultAddresses(customerIds: string[]) {
      if (!customerIds.length) return new Map<string, AddressRow>();
      const rows = await db
        .selectDistinctOn([customerAddressesTable.customerId])
        .from(customerAddressesTable)
        .where(anyOf(customerAddressesTable.customerId, customerIds))
        .orderBy(
          customerAddressesTable.customerId,
          desc(customerAddressesTable.isDefault),
          asc(customerAddressesTable.createdAt),
        );
      return new Map(rows.map((a) => [a.customerId, a]));
    },
    /**
     * user/update-user-status: the customer as it now is; undefined for an unknown id. Their
     * subscriptions follow a block or unblock in the same transaction (issue 35).
     */
    async setStatus(id: string, status: CustomerStatus, admin: ChangeAdmin = null) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: customersTable.status })
          .from(customersTable)
          .where(eq(customersTable.id, id))
          .for('update');
        const [row] = await setStatusOf(tx, [id], status);
        if (row && before?.status !== status) await followCustomerStatus(tx, [id], status, admin);
        return row;
      });
    },

    /**
     * user/bulk-update-status: the same change for every customer of `ids`, in one transaction
     * with `alsoWrite` (the audit rows of the changed ones). Customers already in that status
     * are left alone; an unknown id changes nothing and is named in the outcome. The rows are
     * locked first, in id order.
     */
    async setStatuses(
      ids: string[],
      status: CustomerStatus,
      alsoWrite?: (tx: Transaction, changedIds: string[]) => Promise<void>,
      admin: ChangeAdmin = null,
    ): Promise<{ missing: string[]; unchanged: string[]; changed: string[] }> {
      return db.transaction(async (tx) => {
        const current = await tx
          .select({ id: customersTable.id, status: customersTable.status })
          .from(customersTable)
          .where(anyOf(customersTable.id, ids))
          .orderBy(asc(customersTable.id))
          .for('update');
        const found = new Set(current.map((c) => c.id));
        const missing = ids.filter((id) => !found.has(id));
        const unchanged = current.filter((c) => c.status === status).map((c) => c.id);
        if (missing.length) return { missing, unchanged, changed: [] };
        const toChange = current.filter((c) => c.status !== status).map((c) => c.id);
        const changed = toChange.length
          ? (await setStatusOf(tx, toChange, status)).map((c) => c.id)
          : [];
        await followCustomerStatus(tx, changed, status, admin);
        await alsoWrite?.(tx, changed);
        return { missing, unchanged, changed };
      });
    },
    /**
     * Updates the customer and, when given, stores the address as the new default one, in one
     * transaction. The GSTIN and legal name sent (issue 38) are resolved against the customer's
     * own (resolveRegistration); a GSTIN sent must be of the state of the default address when
     * that names a state GST knows (an address typed on the edit form names none). A refusal
     * (400) changes nothing.
     */
    async update(
      id: string,
      values: Pick<CustomerRow, 'email' | 'firstName' | 'lastName' | 'phone' | 'status'> & {
        passwordHash?: string;
      },
      address?: string,
      sent: SentRegistration = {},
    ) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ gstin: customersTable.gstin, legalName: customersTable.legalName })
          .from(customersTable)
          .where(eq(customersTable.id, id))
          .for('update');
        if (!current) return undefined;
        const registration = resolveRegistration(sent, current);
        if (registration?.gstin && sent.gstin !== undefined && !address) {
          const [home] = await tx
            .select({ state: customerAddressesTable.state })
            .from(customerAddressesTable)
            .where(eq(customerAddressesTable.customerId, id))
            .orderBy(desc(customerAddressesTable.isDefault), asc(customerAddressesTable.createdAt))
            .limit(1);
          const mismatch =
            home && stateMismatch(registration.gstin, home.state, "the customer's default address");
          if (mismatch) throw badRequest(mismatch);
        }
        const [row] = await tx
          .update(customersTable)
          .set({ ...values, ...registration })
          .where(eq(customersTable.id, id))
          .returning();
        if (!row || !address) return row;
        await tx
          .update(customerAddressesTable)
          .set({ isDefault: false })
          .where(eq(customerAddressesTable.customerId, id));
        await tx.insert(customerAddressesTable).values({
          customerId: id,
          fullAddress: address,
          city: '',
          state: '',
          pincode: '',
          isDefault: true,
        });
        return row;
      });
    },
  };
}
