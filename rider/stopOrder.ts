import type { Stop } from './types';

/**
 * The stops in the rider's own order: those the rider has placed keep their places; a stop the
 * rider has not placed yet (new today, or no order saved) goes to the top if it is an emergency,
 * else to the bottom, in the server's order (emergencies first, then pin code, then oldest).
 */
export function arrangeStops(stops: Stop[], savedOrder: string[]): Stop[] {
  const place = new Map(savedOrder.map((orderId, index) => [orderId, index]));
  const placed = stops
    .filter((stop) => place.has(stop.orderId))
    .sort((a, b) => place.get(a.orderId)! - place.get(b.orderId)!);
  const unplaced = stops.filter((stop) => !place.has(stop.orderId));
  return [
    ...unplaced.filter((stop) => stop.isEmergency),
    ...placed,
    ...unplaced.filter((stop) => !stop.isEmergency),
  ];
}

/** The order ids with `orderId` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveStop(orderIds: string[], orderId: string, by: -1 | 1): string[] {
  const from = orderIds.indexOf(orderId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= orderIds.length) return orderIds;
  const moved = [...orderIds];
  [moved[from], moved[to]] = [moved[to], moved[from]];
  return moved;
}

/** Whole minutes since the order was placed. */
export const ageMinutes = (stop: Stop, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(stop.placedAt)) / 60_000));

/** An emergency past the alert setting: it goes first, whatever the rider's order. */
export const isLate = (stop: Stop, now: number, alertMinutes: number) =>
  stop.isEmergency && ageMinutes(stop, now) > alertMinutes;
