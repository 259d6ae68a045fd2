import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  customerAddressesTable,
  customerCountsTable,
  customersTable,
  type CustomerStatus,
} from '../../db/schema';
import { toMoney } from '../../lib/money';
import { likePattern } from '../../lib/sql';

export type CustomerRow = typeof customersTable.$inferSelect;
export type AddressRow = typeof customerAddressesTable.$inferSelect;

export const CUSTOMER_SORTS = {
  firstName: customersTable.firstName,
  lastName: customersTable.lastName,
  email: customersTable.email,
  wallet: customersTable.wallet,
  createdAt: customersTable.createdAt,
} as const;

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

/**
 * Ids of the customers whose first name, last name, e-mail or phone contain the text: one
 * trigram-indexed lookup per column, joined by UNION (an OR across columns ignores the indexes).
 * Exported for other areas that search by customer (the order and job lists).
 */
export function customerSearchIds(db: Database, search: string) {
  const pattern = likePattern(search);
  // Phones are stored as 10 digits: '+91 98765' looks for '98765'.
  const digits = search.replace(/^\s*\+91/, '').replace(/[\s()+-]/g, '');
  const byColumn = (where: SQL) =>
    db.select({ id: customersTable.id }).from(customersTable).where(where);
  return union(
    byColumn(ilike(customersTable.firstName, pattern)),
    byColumn(ilike(customersTable.lastName, pattern)),
    byColumn(ilike(customersTable.email, pattern)),
    byColumn(ilike(customersTable.phone, likePattern(digits || search))),
  );
}

export function createCustomerRepository(db: Database) {
  const searchIds = (search: string) => customerSearchIds(db, search);

  return {
    async list(q: {
      statuses?: CustomerStatus[];
      search?: string;
      sort: keyof typeof CUSTOMER_SORTS;
      order: 'asc' | 'desc';
      page: number;
      limit: number;
    }) {
      const where: SQL[] = [];
      if (q.statuses) where.push(inArray(customersTable.status, q.statuses));
      if (q.search) where.push(inArray(customersTable.id, searchIds(q.search)));
      const filter = and(...where);
      const direction = q.order === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customersTable)
          .where(filter)
          .orderBy(direction(CUSTOMER_SORTS[q.sort]), asc(customersTable.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        // Without a search the total is the trigger-kept count per status (migration 0008);
        // a search narrows the rows, so those are counted.
        q.search
          ? db.select({ n: count() }).from(customersTable).where(filter)
          : db
              .select({ n: sql<number>`coalesce(sum(${customerCountsTable.n}), 0)::int` })
              .from(customerCountsTable)
              .where(q.statuses ? inArray(customerCountsTable.status, q.statuses) : undefined),
      ]);
      return { rows, total: total?.n ?? 0 };
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
    async setStatus(id: string, status: CustomerStatus) {
      const [row] = await db
        .update(customersTable)
        .set({ status })
        .where(eq(customersTable.id, id))
        .returning();
      return row;
    },
    /** Updates the customer and, when given, stores the address as the new default one. */
    async update(
      id: string,
      values: Pick<CustomerRow, 'email' | 'firstName' | 'lastName' | 'phone' | 'status'> & {
        passwordHash?: string;
      },
      address?: string,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(customersTable)
          .set(values)
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
