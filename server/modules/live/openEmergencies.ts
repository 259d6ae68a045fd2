import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { categoriesTable, ordersTable, ridersTable } from '../../db/schema';
import { ok } from '../../lib/reply';
import { answers, count, timestamp } from '../../lib/responses';
import { readRepository } from '../../plugins/readReplica';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import { IS_OPEN } from '../orders/conditions';
import { HEARS_ORDERS } from './streams';

/** The most open emergencies answered, oldest (the latest running) first. */
export const OPEN_EMERGENCIES_BOUND = 200;

const openEmergencyDto = z.object({
  _id: z.string(),
  orderId: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  pincode: z.string(),
  status: z.enum(['Pending', 'Out for Delivery']),
  createdAt: timestamp,
  rider: z.object({ _id: z.string(), name: z.string() }).nullable(),
});

const openEmergenciesAnswer = answers(
  z.object({
    emergencies: z.array(openEmergencyDto).meta({
      description: `The open emergencies (Pending, Out for Delivery), oldest first; at most ${OPEN_EMERGENCIES_BOUND}.`,
    }),
    alertAfterMinutes: count.meta({
      description: "delivery-time's emergencyAlertMinutes: an open emergency this old is late.",
    }),
    now: timestamp.meta({
      description: "The server's time, so that a panel with a wrong clock still counts right.",
    }),
  }),
);

function createOpenEmergencies(db: Database) {
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

/**
 * Addition (issue 40): `GET live/open-emergencies`, what the panel's "running late" alert counts
 * from. Each panel works out the ages itself from these and the setting (no clock on the
 * server), asking again now and then to learn of deliveries (docs/api.md "Live alerts").
 */
const openEmergenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  const reads = readRepository(app, createOpenEmergencies(app.db), createOpenEmergencies);
  app.get(
    '/open-emergencies',
    { config: { access: HEARS_ORDERS }, schema: { response: openEmergenciesAnswer } },
    async (request) => ok('Open emergencies', await reads(request).list()),
  );
};

export default openEmergenciesRoutes;
