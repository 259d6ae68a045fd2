import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessSettingsTable } from '../../db/schema';

/** The business details are one row with this id (issue_invoice() reads it by it). */
const SETTINGS_ID = 'default';

/** The seller on the tax invoices, and when returnables count as overdue. */
export interface Business {
  legalName: string;
  tradeName: string;
  gstin: string;
  address: string;
  city: string;
  state: string;
  /** The GSTIN's first two digits: the state's GST code. */
  stateCode: string;
  pincode: string;
  phone: string;
  email: string;
  invoicePrefix: string;
  overdueDays: number;
}

function toBusiness(row: typeof businessSettingsTable.$inferSelect): Business {
  return {
    legalName: row.legalName,
    tradeName: row.tradeName,
    gstin: row.gstin,
    address: row.address,
    city: row.city,
    state: row.state,
    stateCode: row.stateCode,
    pincode: row.pincode,
    phone: row.phone,
    email: row.email,
    invoicePrefix: row.invoicePrefix,
    overdueDays: row.overdueDays,
  };
}

export function createBusinessRepository(db: Database) {
  return {
    /** The saved details, or null until they are first saved (no invoice is numbered then). */
    async get(): Promise<Business | null> {
      const [row] = await db
        .select()
        .from(businessSettingsTable)
        .where(eq(businessSettingsTable.id, SETTINGS_ID));
      return row ? toBusiness(row) : null;
    },

    /** Saves the details over the one row; invoices already numbered keep their own copy. */
    async save(values: Business, adminId: string | null): Promise<Business> {
      const columns = { ...values, updatedBy: adminId, updatedAt: new Date() };
      const [row] = await db
        .insert(businessSettingsTable)
        .values({ id: SETTINGS_ID, ...columns })
        .onConflictDoUpdate({ target: businessSettingsTable.id, set: columns })
        .returning();
      return toBusiness(row!);
    },
  };
}
