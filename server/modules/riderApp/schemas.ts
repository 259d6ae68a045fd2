import { z } from 'zod';
import { count, money, nullableTimestamp, timestamp } from '../../lib/responses';
import { requiredId } from '../../lib/validation';

// The rider app's calls (issue 40, docs/api.md "Rider app"). What a rider types (counts,
// amounts, references) is checked in the handlers, whose messages come in the rider's
// language; these schemas check the shape the page sends.

/** Why a stop was not delivered: the page shows each in the rider's language. */
export const NOT_DELIVERED_REASONS = [
  'not-at-home',
  'refused',
  'address-not-found',
  'out-of-stock',
] as const;
export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number];

/** How a rider took the money at the door; None for an order paid already. */
export const COLLECT_METHODS = ['Cash', 'UPI', 'None'] as const;
export type CollectMethod = (typeof COLLECT_METHODS)[number];

export const riderLoginBody = z.object({
  phone: z
    .string({ error: 'Mobile number is required.' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)/, ''))
    .pipe(z.string().regex(/^\d{10}$/, 'Mobile number must be 10 digits.')),
  pin: z
    .string({ error: 'PIN is required.' })
    .trim()
    .regex(/^\d{4,6}$/, 'PIN must be 4 to 6 digits.'),
});

export const riderLoginAnswer = z.object({
  token: z.string(),
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
});

/** An idempotency key the phone made when the rider tapped (a UUID, usually). */
const idempotencyKey = z
  .string({ error: 'idempotencyKey is required.' })
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'idempotencyKey must be 8 to 100 letters, digits or - _ . :');

const orderId = requiredId('Order id');

export const deliverBody = z.object({
  orderId,
  idempotencyKey,
  delivered: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(100),
        quantity: z.number().int().min(0).max(10_000),
      }),
    )
    .min(1, 'Say what was delivered.')
    .max(50),
  emptiesCollected: z.number().int().min(0).max(10_000),
  collected: z.object({
    method: z.enum(COLLECT_METHODS, {
      error: `method must be one of ${COLLECT_METHODS.join(', ')}.`,
    }),
    amount: z.number().min(0).max(10_000_000),
    reference: z.string().trim().max(100).optional(),
  }),
});
export type DeliverBody = z.infer<typeof deliverBody>;

export const notDeliveredBody = z.object({
  orderId,
  idempotencyKey,
  reason: z.enum(NOT_DELIVERED_REASONS, {
    error: `reason must be one of ${NOT_DELIVERED_REASONS.join(', ')}.`,
  }),
  note: z.string().trim().max(300).optional(),
});
export type NotDeliveredBody = z.infer<typeof notDeliveredBody>;

export const proofBody = z.object({
  orderId,
  idempotencyKey,
  photo: z.instanceof(Buffer, { error: 'Attach the photo as the file field `photo`.' }),
});

const collectedDto = z.object({
  method: z.enum(COLLECT_METHODS),
  amount: money,
  reference: z.string().optional(),
});

export const stopDto = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  status: z.enum(['Pending', 'Out for Delivery', 'Delivered', 'Cancelled']),
  outcome: z
    .object({
      kind: z.enum(['delivered', 'not-delivered']),
      reason: z.enum(NOT_DELIVERED_REASONS).optional(),
      note: z.string().optional(),
      at: timestamp,
      emptiesCollected: count.optional(),
      collected: collectedDto.optional(),
      photoUrl: z.string().optional(),
    })
    .nullable(),
  isEmergency: z.boolean(),
  placedAt: timestamp,
  deliveredAt: nullableTimestamp,
  shift: z.enum(['Morning', 'Evening']).nullable(),
  slot: z.string().nullable(),
  pincode: z.string(),
  customer: z.object({ name: z.string(), phone: z.string() }),
  address: z.string(),
  items: z.array(z.object({ key: z.string(), name: z.string(), quantity: count })),
  empties: z
    .object({ kind: z.enum(['jar', 'cylinder']), toCollect: count, held: count })
    .nullable(),
  toCollect: z.object({ method: z.enum(['Cash', 'UPI', 'Wallet', 'Paid']), amount: money }),
  note: z.string().nullable(),
});
export type StopDto = z.infer<typeof stopDto>;

export const todayAnswer = z.object({
  day: z.string(),
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
  emergencyAlertMinutes: count,
  stops: z.array(stopDto),
  /** Stops of the day beyond what one answer holds (RUN_BOUND). */
  total: count,
});

// Admin calls on a rider's record.

export const setPinBody = z.object({
  riderId: requiredId('Rider id'),
  pin: z
    .string({ error: 'PIN is required.' })
    .trim()
    .regex(/^\d{4,6}$/, 'PIN must be 4 to 6 digits.')
    .refine((v) => !/^(\d)\1+$/.test(v), 'Choose a PIN that is not one digit repeated.')
    .refine(
      (v) => !'0123456789'.includes(v) && !'9876543210'.includes(v),
      'Choose a PIN that is not a run of digits like 1234.',
    ),
});

export const riderDevicesParams = z.object({ riderId: requiredId('Rider id') });

export const deviceDto = z.object({
  _id: z.string(),
  device: z.string(),
  signedInAt: timestamp,
  lastSeenAt: timestamp,
  expiresAt: timestamp,
});

export const riderDevicesAnswer = z.object({
  pinSet: z.boolean(),
  pinSetAt: nullableTimestamp,
  devices: z.array(deviceDto),
});

export const signOutDevicesBody = z.object({
  riderId: requiredId('Rider id'),
  /** One device; missing: every device of the rider. */
  deviceId: z.string().trim().min(1).max(100).optional(),
});
