import { z } from 'zod';
import { answers, count, money } from '../../lib/responses';
import { nonNegativeInteger, nonNegativeNumber, requiredText } from '../../lib/validation';

const MAX_CHARGE = 100_000;

const MAX_GAP_HOURS = 168;

/** The emergency alert's bounds, in minutes (issue 40): a quarter hour to four hours. */
export const EMERGENCY_ALERT_MINUTES = { least: 15, most: 240 } as const;
const ALERT_RANGE = `Emergency alert must be a whole number of minutes from ${EMERGENCY_ALERT_MINUTES.least} to ${EMERGENCY_ALERT_MINUTES.most}.`;

const charge = (label: string) =>
  nonNegativeNumber(label).refine(
    (v) => v <= MAX_CHARGE,
    `${label} must be at most ₹${MAX_CHARGE.toLocaleString('en-IN')}.`,
  );

/** The form sends one text per list; other clients may send the whole list. Stored as a list. */
const timeSlots = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(requiredText(label, 100), { error: `${label} is required.` })
      .min(1, `${label} is required.`)
      .max(24, `${label} can have at most 24 slots.`),
  );

/** The delivery charges (DeliveryCharge): rupees, and `gst` a percent; all 0 until saved. */
const deliveryChargeDto = z.object({
  standardCharge: money,
  emergencyCharge: money,
  gst: z.number(),
});

export const oneCharge = answers(z.object({ deliveryCharge: deliveryChargeDto }));

/** The delivery time slots (DeliveryTime): the lists as saved and the gap in hours. */
const deliveryTimeDto = z.object({
  pickupTime: z.array(z.string()),
  deliveryTime: z.array(z.string()),
  gapHours: count,
  /** An open emergency this many minutes old is running late (addition, issue 40). */
  emergencyAlertMinutes: count,
});

export const oneTime = answers(z.object({ data: deliveryTimeDto }));

/** POST /delivery-charge/save: its body. */
export const deliveryChargeSaveBody = z.object({
  standardCharge: charge('Standard charge'),
  emergencyCharge: charge('Emergency charge'),
  gst: nonNegativeNumber('GST').refine((v) => v <= 100, 'GST must be at most 100%.'),
});

/** POST /delivery-time/save: its body. */
export const deliveryTimeSaveBody = z.object({
  pickupTime: timeSlots('Pickup time'),
  deliveryTime: timeSlots('Delivery time'),
  gapHours: nonNegativeInteger('Gap hours').refine(
    (v) => v <= MAX_GAP_HOURS,
    `Gap hours must be at most ${MAX_GAP_HOURS}.`,
  ),
  // Addition (issue 40); left out, the saved value stays.
  emergencyAlertMinutes: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: ALERT_RANGE })
        .int(ALERT_RANGE)
        .min(EMERGENCY_ALERT_MINUTES.least, ALERT_RANGE)
        .max(EMERGENCY_ALERT_MINUTES.most, ALERT_RANGE),
    )
    .optional(),
});
