import { and, eq, gte, lte } from 'drizzle-orm';
import { isScheduledOn } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';
import type { Database } from '../../db/client';
import { ordersTable, subscriptionPausesTable, subscriptionSkipsTable } from '../../db/schema';
import type { OrderStatus } from '../../db/schema';
import { covers, holidayOn, scheduleOf, type SubscriptionRow } from './days';
import { holidaysBetween } from './dto';
import type { CalendarState } from './schemas';

interface CalendarDay {
  date: string;
  state: CalendarState;
  order?: { _id: string; orderId: string; status: OrderStatus };
  holiday?: string;
  reason?: string;
}

/** The last day of a month `2026-11`. */
function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

/**
 * subscription/calendar/:id: every day of the month with what happened or will happen: the
 * order made for it (delivered, generated, cancelled), else why a scheduled day does not
 * deliver (skipped, paused, holiday), else upcoming or missed; `none` off the schedule. The
 * month's orders through orders_subscription_day_key, its pauses, skips and holidays.
 */
export async function calendarOf(db: Database, s: SubscriptionRow, month: string) {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const [orders, pauses, skips, holidays] = await Promise.all([
    db
      .select({
        id: ordersTable.id,
        orderId: ordersTable.orderId,
        status: ordersTable.status,
        day: ordersTable.deliveryDay,
      })
      .from(ordersTable)
      .where(
        and(
          eq(ordersTable.subscriptionId, s.id),
          gte(ordersTable.deliveryDay, first),
          lte(ordersTable.deliveryDay, last),
        ),
      ),
    db
      .select()
      .from(subscriptionPausesTable)
      .where(
        and(
          eq(subscriptionPausesTable.subscriptionId, s.id),
          lte(subscriptionPausesTable.fromDate, last),
        ),
      ),
    db
      .select({ day: subscriptionSkipsTable.day })
      .from(subscriptionSkipsTable)
      .where(
        and(
          eq(subscriptionSkipsTable.subscriptionId, s.id),
          gte(subscriptionSkipsTable.day, first),
          lte(subscriptionSkipsTable.day, last),
        ),
      ),
    holidaysBetween(db, first, last),
  ]);
  const today = indiaDay();
  const schedule = scheduleOf(s);
  const skipped = new Set(skips.map((k) => k.day));
  const days: CalendarDay[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const order = orders.find((o) => o.day === date);
    if (order) {
      const state =
        order.status === 'Delivered'
          ? 'delivered'
          : order.status === 'Cancelled'
            ? 'cancelled'
            : 'generated';
      days.push({
        date,
        state,
        order: { _id: order.id, orderId: order.orderId, status: order.status },
      });
      continue;
    }
    if (!isScheduledOn(schedule, s.startDate, s.endDate, date)) {
      days.push({ date, state: 'none' });
      continue;
    }
    if (skipped.has(date)) {
      days.push({ date, state: 'skipped' });
      continue;
    }
    const pause = pauses.find((p) => covers(p, date));
    if (pause) {
      days.push({ date, state: 'paused', ...(pause.reason ? { reason: pause.reason } : {}) });
      continue;
    }
    const holiday = holidayOn(holidays, date, s.pincode);
    if (holiday) {
      days.push({ date, state: 'holiday', holiday: holiday.name });
      continue;
    }
    days.push({ date, state: date < today ? 'missed' : 'upcoming' });
  }
  return { month, days };
}
