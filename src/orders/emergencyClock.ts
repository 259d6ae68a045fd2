/**
 * Emergencies on a clock (issue 40): how old an open emergency is, how long a delivered one
 * took, and which open ones are running late, from the order's own times and the setting
 * (delivery-time's emergencyAlertMinutes). Pure: the screens pass the time.
 */

/** The setting before it is known or saved: 90 minutes of a 2-hour promise. */
export const DEFAULT_ALERT_MINUTES = 90;

const MINUTE = 60_000;

const instant = (value: Date | string | number) =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);

/** Whole minutes from `from` to `to` (0 when `to` is earlier: a clock a little behind). */
export function minutesBetween(from: Date | string | number, to: Date | string | number): number {
  const ms = instant(to) - instant(from);
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / MINUTE)) : 0;
}

/** '0 min', '47 min', '2 h', '2 h 5 min', '1 d 3 h' (a day and more: minutes no longer matter). */
export function formatAge(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest ? `${h} h ${rest} min` : `${h} h`;
  }
  const d = Math.floor(m / (24 * 60));
  const h = Math.floor((m % (24 * 60)) / 60);
  return h ? `${d} d ${h} h` : `${d} d`;
}

/** What an order record holds of it (the lists' and the order screen's records). */
export interface EmergencyTimes {
  isEmergency?: boolean;
  status?: string;
  createdAt?: string | Date;
  /** A delivered emergency's delivery (the order record's `deliveredAt`). */
  deliveredAt?: string | Date | null;
}

/**
 * An emergency's clock: `open` (Pending, Out for Delivery) with its age now, or `delivered` with
 * its order-to-delivery time; `late` once that reaches the setting. Null for an order that is no
 * emergency, a cancelled one, or one whose times are unknown.
 */
export type EmergencyClock = { kind: 'open' | 'delivered'; minutes: number; late: boolean } | null;

export function emergencyClock(
  order: EmergencyTimes,
  now: number,
  alertAfterMinutes: number,
): EmergencyClock {
  if (!order.isEmergency || !order.createdAt) return null;
  if (order.status === 'Pending' || order.status === 'Out for Delivery') {
    const minutes = minutesBetween(order.createdAt, now);
    return { kind: 'open', minutes, late: minutes >= alertAfterMinutes };
  }
  if (order.status === 'Delivered' && order.deliveredAt) {
    const minutes = minutesBetween(order.createdAt, order.deliveredAt);
    return { kind: 'delivered', minutes, late: minutes >= alertAfterMinutes };
  }
  return null;
}

/** An open emergency as live/open-emergencies answers it. */
export interface OpenEmergency {
  _id: string;
  orderId: string;
  serviceId: string;
  serviceName: string;
  pincode: string;
  status: string;
  createdAt: string;
  rider: { _id: string; name: string } | null;
}

/** The open emergencies running late at `now` and not acknowledged, oldest first. */
export function runningLate(
  open: readonly OpenEmergency[],
  now: number,
  alertAfterMinutes: number,
  acknowledged: ReadonlySet<string>,
): OpenEmergency[] {
  return open
    .filter(
      (o) => !acknowledged.has(o._id) && minutesBetween(o.createdAt, now) >= alertAfterMinutes,
    )
    .sort((a, b) => instant(a.createdAt) - instant(b.createdAt));
}
