import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  adminsTable,
  passwordResetsTable,
  revokedSessionsTable,
  PERMISSION_GROUPS,
  type Permissions,
} from '../../db/schema';

export type AdminRow = typeof adminsTable.$inferSelect;

/** Admins as the panel reads them: `_id`, no hash; the super-admin holds every permission. */
export function toAdminDto(admin: AdminRow) {
  const permissions = Object.fromEntries(
    PERMISSION_GROUPS.map((g) => [
      g,
      admin.role === 'super-admin' || admin.permissions[g] === true,
    ]),
  ) as Permissions;
  return {
    _id: admin.id,
    name: admin.name,
    email: admin.email,
    phone: admin.phone,
    role: admin.role,
    status: admin.status,
    address: admin.address ?? '',
    permissions,
    createdAt: admin.createdAt,
    updatedAt: admin.updatedAt,
  };
}

export function createAuthRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<AdminRow | undefined> {
      const [row] = await db
        .select()
        .from(adminsTable)
        .where(eq(adminsTable.email, email.toLowerCase()));
      return row;
    },
    async findById(id: string): Promise<AdminRow | undefined> {
      const [row] = await db.select().from(adminsTable).where(eq(adminsTable.id, id));
      return row;
    },
    /** Sets a new password and ends every session signed with the old one. */
    async setPassword(adminId: string, passwordHash: string): Promise<AdminRow> {
      const [row] = await db
        .update(adminsTable)
        .set({ passwordHash, sessionVersion: sql`${adminsTable.sessionVersion} + 1` })
        .where(eq(adminsTable.id, adminId))
        .returning();
      return row!;
    },

    /** Ends one session; ended sessions past their expiry are dropped, as they fail anyway. */
    async revokeSession(jti: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(revokedSessionsTable).where(lt(revokedSessionsTable.expiresAt, new Date()));
        await tx.insert(revokedSessionsTable).values({ jti, expiresAt }).onConflictDoNothing();
      });
    },

    /** Starts a recovery; earlier unused OTPs of the same admin stop working. */
    async createReset(values: {
      id: string;
      adminId: string;
      otpHash: string;
      otpExpiresAt: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetsTable)
          .set({ otpUsedAt: new Date() })
          .where(
            and(
              eq(passwordResetsTable.adminId, values.adminId),
              isNull(passwordResetsTable.otpUsedAt),
            ),
          );
        await tx.insert(passwordResetsTable).values(values);
      });
    },
    async latestPendingReset(adminId: string) {
      const [row] = await db
        .select()
        .from(passwordResetsTable)
        .where(and(eq(passwordResetsTable.adminId, adminId), isNull(passwordResetsTable.otpUsedAt)))
        .orderBy(desc(passwordResetsTable.createdAt))
        .limit(1);
      return row;
    },
    /**
     * Spends one of the OTP's tries before it is compared, in one statement, so concurrent
     * guesses cannot get past the limit. Undefined when the OTP is used, expired or out of tries.
     */
    async claimOtpAttempt(resetId: string, maxAttempts: number) {
      const [row] = await db
        .update(passwordResetsTable)
        .set({ failedAttempts: sql`${passwordResetsTable.failedAttempts} + 1` })
        .where(
          and(
            eq(passwordResetsTable.id, resetId),
            isNull(passwordResetsTable.otpUsedAt),
            gt(passwordResetsTable.otpExpiresAt, new Date()),
            lt(passwordResetsTable.failedAttempts, maxAttempts),
          ),
        )
        .returning();
      return row;
    },
    /**
     * Spends one try of the latest pending OTP sent to an admin's e-mail (claimOtpAttempt);
     * undefined when the e-mail is no admin's, or its OTP is used, expired or out of tries.
     */
    async claimOtpAttemptFor(email: string, maxAttempts: number) {
      const admin = await this.findByEmail(email);
      const reset = admin ? await this.latestPendingReset(admin.id) : undefined;
      return reset ? this.claimOtpAttempt(reset.id, maxAttempts) : undefined;
    },
    /** Marks the OTP used (single use) and attaches the security token; false if already used. */
    async exchangeOtp(resetId: string, tokenHash: string, tokenExpiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResetsTable)
        .set({
          otpUsedAt: new Date(),
          failedAttempts: sql`${passwordResetsTable.failedAttempts} - 1`,
          tokenHash,
          tokenExpiresAt,
        })
        .where(and(eq(passwordResetsTable.id, resetId), isNull(passwordResetsTable.otpUsedAt)))
        .returning({ id: passwordResetsTable.id });
      return rows.length === 1;
    },
    /** Spends the security token and sets the password in one transaction. */
    async resetPassword(tokenHash: string, passwordHash: string): Promise<AdminRow | undefined> {
      return db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResetsTable)
          .set({ tokenUsedAt: new Date() })
          .where(
            and(
              eq(passwordResetsTable.tokenHash, tokenHash),
              isNull(passwordResetsTable.tokenUsedAt),
              gt(passwordResetsTable.tokenExpiresAt, new Date()),
            ),
          )
          .returning({ adminId: passwordResetsTable.adminId });
        if (!reset) return undefined;
        const [admin] = await tx
          .update(adminsTable)
          .set({ passwordHash, sessionVersion: sql`${adminsTable.sessionVersion} + 1` })
          .where(eq(adminsTable.id, reset.adminId))
          .returning();
        return admin;
      });
    },
  };
}
