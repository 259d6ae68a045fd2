import { and, count, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminsTable, auditLogTable, type Permissions, type RecordStatus } from '../../db/schema';
import { orderBy, tableBatches, type SortKey } from '../../lib/keyset';
import { auditFilter, auditTotal, type AuditLogQuery } from './auditQuery';

export type AuditRow = typeof auditLogTable.$inferSelect;

export const ADMIN_SORTS = {
  name: adminsTable.name,
  email: adminsTable.email,
  phone: adminsTable.phone,
  status: adminsTable.status,
  createdAt: adminsTable.createdAt,
} as const;

export function toAuditEntryDto(e: AuditRow) {
  return {
    _id: String(e.id),
    at: e.at,
    adminId: e.adminId,
    adminEmail: e.adminEmail,
    resource: e.resource,
    action: e.action,
    recordId: e.recordId,
    method: e.method,
    path: e.path,
    statusCode: e.statusCode,
    summary: e.summary ?? null,
    changes: e.changes ?? null,
  };
}

/** `%` and `_` typed in the search box are matched literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AdminRow = typeof adminsTable.$inferSelect;

/** The admin users list's filter, search and order, without a page. */
export interface AdminListQuery {
  status?: RecordStatus;
  search?: string;
  sort: keyof typeof ADMIN_SORTS;
  order: 'asc' | 'desc';
}

/**
 * Admins are a handful of rows (people who run the back office), so the search is a plain
 * ILIKE over name, e-mail and phone.
 */
function adminFilter(q: AdminListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(adminsTable.status, q.status));
  if (q.search) {
    const pattern = containsPattern(q.search);
    where.push(
      or(
        ilike(adminsTable.name, pattern),
        ilike(adminsTable.email, pattern),
        ilike(adminsTable.phone, pattern),
      )!,
    );
  }
  return and(...where);
}

/** The sort, then the id (ascending whatever the sort's direction, as the list has it). */
const adminSortKeys = (q: AdminListQuery): SortKey[] => [
  { key: ADMIN_SORTS[q.sort], order: q.order },
  { key: adminsTable.id, order: 'asc' },
];

/** Newest first. */
const AUDIT_ORDER: SortKey[] = [
  { key: auditLogTable.at, order: 'desc' },
  { key: auditLogTable.id, order: 'desc' },
];

export interface AdminValues {
  name: string;
  email: string;
  phone: string;
  status: RecordStatus;
  permissions: Permissions;
}

export function createAdminUserRepository(db: Database) {
  return {
    /** Paging and sorting use admins_created_at_idx. */
    async list(q: AdminListQuery & { page: number; limit: number }) {
      const filter = adminFilter(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(adminsTable)
          .where(filter)
          .orderBy(...orderBy(adminSortKeys(q)))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(adminsTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async findById(id: string) {
      const [row] = await db.select().from(adminsTable).where(eq(adminsTable.id, id));
      return row;
    },
    async create(values: AdminValues & { passwordHash: string }) {
      const [row] = await db
        .insert(adminsTable)
        .values({ ...values, role: 'admin' })
        .returning();
      return row!;
    },
    /** `endSessions` bumps sessionVersion: tokens signed before stop working at once. */
    async update(
      id: string,
      values: AdminValues & { passwordHash?: string },
      endSessions: boolean,
    ) {
      const [row] = await db
        .update(adminsTable)
        .set({
          ...values,
          ...(endSessions ? { sessionVersion: sql`${adminsTable.sessionVersion} + 1` } : {}),
        })
        .where(eq(adminsTable.id, id))
        .returning();
      return row;
    },
    /** The admin users list for its CSV export, `batchSize` at a time (keyset). */
    async *exportAdmins(q: AdminListQuery, batchSize: number): AsyncGenerator<AdminRow[]> {
      yield* tableBatches<AdminRow>(db, adminsTable, adminFilter(q), adminSortKeys(q), batchSize);
    },
    /**
     * Newest first (auditFilter says which index). The page's ids first, which that index holds,
     * so that a deep page skips its entries without reading their rows (page 5000 of 100 000
     * rows read 50 000 of them through the table); then the page's rows.
     */
    async auditLog(q: AuditLogQuery & { page: number; limit: number }) {
      const page = db
        .select({ id: auditLogTable.id })
        .from(auditLogTable)
        .where(auditFilter(q))
        .orderBy(...orderBy(AUDIT_ORDER))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .as('audit_page');
      const [rows, total] = await Promise.all([
        db
          .select(getTableColumns(auditLogTable))
          .from(page)
          .innerJoin(auditLogTable, eq(auditLogTable.id, page.id))
          .orderBy(...orderBy(AUDIT_ORDER)),
        auditTotal(db, q),
      ]);
      return { rows, total };
    },
    /** The audit log for its CSV export, newest first, `batchSize` at a time (keyset). */
    async *exportAuditLog(q: AuditLogQuery, batchSize: number): AsyncGenerator<AuditRow[]> {
      yield* tableBatches<AuditRow>(db, auditLogTable, auditFilter(q), AUDIT_ORDER, batchSize);
    },
  };
}
