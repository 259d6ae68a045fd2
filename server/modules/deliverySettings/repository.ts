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
  /** An open emergency this many minutes old is running late (issue 40). */
  emergencyAlertMinutes: number;
}

/** What a save changes: the emergency alert's minutes stay as they were when left out. */
export type DeliveryTimeSave = Omit<DeliveryTime, 'emergencyAlertMinutes'> & {
  emergencyAlertMinutes?: number;
};

/** The alert's minutes before any were saved: 90 of a 2-hour promise. */
export const DEFAULT_EMERGENCY_ALERT_MINUTES = 90;

/** What the panel reads before anything was saved. */
export const DEFAULT_CHARGE: DeliveryCharge = { standardCharge: 0, emergencyCharge: 0, gst: 0 };
export const DEFAULT_TIME: DeliveryTime = {
  pickupTime: [],
  deliveryTime: [],
  gapHours: 0,
  emergencyAlertMinutes: DEFAULT_EMERGENCY_ALERT_MINUTES,
};

function toChargeDto(row: typeof deliveryChargesTable.$inferSelect): DeliveryCharge {
  return {
    standardCharge: toMoney(row.standardCharge) ?? 0,
    emergencyCharge: toMoney(row.emergencyCharge) ?? 0,
    gst: toMoney(row.gst) ?? 0,
  };
}

function toTimeDto(row: typeof deliveryTimesTable.$inferSelect): DeliveryTime {
  return {
    pickupTime: row.pickupTime,
    deliveryTime: row.deliveryTime,
    gapHours: row.gapHours,
    emergencyAlertMinutes: row.emergencyAlertMinutes,
  };
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
    /** The emergency alert's minutes: what report/emergencies and the panel's alert go by. */
    async getEmergencyAlertMinutes(): Promise<number> {
      const [row] = await db
        .select({ minutes: deliveryTimesTable.emergencyAlertMinutes })
        .from(deliveryTimesTable)
        .where(eq(deliveryTimesTable.id, SETTINGS_ID));
      return row?.minutes ?? DEFAULT_EMERGENCY_ALERT_MINUTES;
    },
    async saveTime(values: DeliveryTimeSave): Promise<DeliveryTime> {
      const { emergencyAlertMinutes, ...rest } = values;
      // Left out (the spec's form sends only the slots and the gap): kept as saved.
      const columns = {
        ...rest,
        ...(emergencyAlertMinutes === undefined ? {} : { emergencyAlertMinutes }),
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(deliveryTimesTable)
        .values({ id: SETTINGS_ID, ...columns })
        .onConflictDoUpdate({ target: deliveryTimesTable.id, set: columns })
        .returning();
      return toTimeDto(row!);
    },
  };
}
