import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categoriesTable, ordersTable, ridersTable } from '../../db/schema';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import { IS_OPEN } from '../orders/conditions';
import { OPEN_EMERGENCIES_BOUND } from './schemas';

/** The open emergencies and the alert setting, for the panel's "running late" alert. */
export function createOpenEmergencies(db: Database) {
  const settings = createDeliverySettingsRepository(db);
  return {
    /**
     * Through orders_open_emergencies_idx (its predicate written out, so the planner can prove
     * it applies): the few open emergencies, never the delivered ones.
     */
    async list() {
      const [rows, alertAfterMinutes] = await Promise.all([
        db
          .select({
            id: ordersTable.id,
            orderId: ordersTable.orderId,
            serviceId: ordersTable.categoryId,
            serviceName: categoriesTable.name,
            pincode: ordersTable.pincode,
            status: ordersTable.status,
            createdAt: ordersTable.createdAt,
            riderId: ridersTable.id,
            riderName: ridersTable.name,
          })
          .from(ordersTable)
          .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
          .leftJoin(ridersTable, eq(ridersTable.id, ordersTable.riderId))
          .where(and(sql`${ordersTable.isEmergency}`, IS_OPEN))
          .orderBy(asc(ordersTable.createdAt), asc(ordersTable.id))
          .limit(OPEN_EMERGENCIES_BOUND),
        settings.getEmergencyAlertMinutes(),
      ]);
      return {
        emergencies: rows.map((r) => ({
          _id: r.id,
          orderId: r.orderId,
          serviceId: r.serviceId,
          serviceName: r.serviceName,
          pincode: r.pincode,
          status: r.status as 'Pending' | 'Out for Delivery',
          createdAt: r.createdAt,
          rider: r.riderId ? { _id: r.riderId, name: r.riderName ?? '' } : null,
        })),
        alertAfterMinutes,
        now: new Date(),
      };
    },
  };
}
