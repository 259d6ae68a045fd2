import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryChargesTable, deliveryTimesTable } from '../../db/schema';
import { fromMoney, toMoney } from '../../lib/money';

/** Each setting is one row with this id. */
const SETTINGS_ID = 'default';

export interface DeliveryCharge {
  standardCharge: number;
  emergencyCharge: number;
  /** Percent. */
  gst: number;
}

export interface DeliveryTime {
  pickupTime: string[];
  deliveryTime: string[];
  gapHours: number;
}

/** What the panel reads before anything was saved. */
export const DEFAULT_CHARGE: DeliveryCharge = { standardCharge: 0, emergencyCharge: 0, gst: 0 };
export const DEFAULT_TIME: DeliveryTime = { pickupTime: [], deliveryTime: [], gapHours: 0 };

function toChargeDto(row: typeof deliveryChargesTable.$inferSelect): DeliveryCharge {
  return {
    standardCharge: toMoney(row.standardCharge) ?? 0,
    emergencyCharge: toMoney(row.emergencyCharge) ?? 0,
    gst: toMoney(row.gst) ?? 0,
  };
}

function toTimeDto(row: typeof deliveryTimesTable.$inferSelect): DeliveryTime {
  return { pickupTime: row.pickupTime, deliveryTime: row.deliveryTime, gapHours: row.gapHours };
}

export function createDeliverySettingsRepository(db: Database) {
  return {
    async getCharge(): Promise<DeliveryCharge> {
      const [row] = await db
        .select()
        .from(deliveryChargesTable)
        .where(eq(deliveryChargesTable.id, SETTINGS_ID));
      return row ? toChargeDto(row) : DEFAULT_CHARGE;
    },
    async saveCharge(values: DeliveryCharge): Promise<DeliveryCharge> {
      const columns = {
        standardCharge: fromMoney(values.standardCharge),
        emergencyCharge: fromMoney(values.emergencyCharge),
        gst: fromMoney(values.gst),
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(deliveryChargesTable)
        .values({ id: SETTINGS_ID, ...columns })
        .onConflictDoUpdate({ target: deliveryChargesTable.id, set: columns })
        .returning();
      return toChargeDto(row!);
    },
    async getTime(): Promise<DeliveryTime> {
      const [row] = await db
        .select()
        .from(deliveryTimesTable)
        .where(eq(deliveryTimesTable.id, SETTINGS_ID));
      return row ? toTimeDto(row) : DEFAULT_TIME;
    },
    async saveTime(values: DeliveryTime): Promise<DeliveryTime> {
      const columns = { ...values, updatedAt: new Date() };
      const [row] = await db
        .insert(deliveryTimesTable)
        .values({ id: SETTINGS_ID, ...columns })
        .onConflictDoUpdate({ target: deliveryTimesTable.id, set: columns })
        .returning();
      return toTimeDto(row!);
    },
  };
}
