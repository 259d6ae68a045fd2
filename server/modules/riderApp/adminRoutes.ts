import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ridersTable } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { riderDevicesAnswer, riderDevicesParams, setPinBody, signOutDevicesBody } from './schemas';
import { endRiderSessions } from './sessions';

const NOT_FOUND = 'This rider does not exist.';

/**
 * rider/set-pin, rider/devices, rider/sign-out-devices (issue 40): what an admin does about a
 * rider's sign-in to the rider app, from the rider's record. Dispatchers manage riders
 * (Assigning Jobs), so they set PINs too. A new PIN signs the rider out everywhere.
 */
const riderAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  async function riderOrThrow(id: string) {
    const [rider] = await app.db.select().from(ridersTable).where(eq(ridersTable.id, id));
    if (!rider) throw notFound(NOT_FOUND);
    return rider;
  }

  app.post(
    '/set-pin',
    {
      config: { access: 'assigningJobs' },
      schema: { body: setPinBody, response: answers() },
    },
    async (request) => {
      const { riderId, pin } = request.body;
      const pinHash = await hashPassword(pin);
      const rider = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(ridersTable)
          .set({ pinHash, pinSetAt: new Date() })
          .where(eq(ridersTable.id, riderId))
          .returning({ name: ridersTable.name });
        if (!row) throw notFound(NOT_FOUND);
        const ended = await endRiderSessions(tx, riderId);
        return { ...row, ended };
      });
      request.audit({ summary: `Set the rider app PIN of ${rider.name}` });
      const signedOut =
        rider.ended > 0
          ? ` ${rider.ended} signed-in device${rider.ended === 1 ? ' was' : 's were'} signed out.`
          : '';
      return ok(
        `PIN set for ${rider.name}. Tell the rider in person; it is not shown again.${signedOut}`,
      );
    },
  );

  app.get(
    '/devices/:riderId',
    {
      config: { access: 'assigningJobs' },
      schema: { params: riderDevicesParams, response: answers(riderDevicesAnswer) },
    },
    async (request) => {
      const rider = await riderOrThrow(request.params.riderId);
      const sessions = await app.riderSessions.list(rider.id);
      return ok('Signed-in devices', {
        pinSet: rider.pinHash !== null,
        pinSetAt: rider.pinSetAt?.toISOString() ?? null,
        devices: sessions.map((s) => ({
          _id: s.id,
          device: s.device,
          signedInAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/sign-out-devices',
    {
      config: { access: 'assigningJobs' },
      schema: { body: signOutDevicesBody, response: answers() },
    },
    async (request) => {
      const { riderId, deviceId } = request.body;
      const rider = await riderOrThrow(riderId);
      if (deviceId) {
        const ended = await app.riderSessions.end(rider.id, deviceId);
        if (!ended) throw notFound('This device is not signed in any more.');
        request.audit({ summary: `Signed out a rider app device of ${rider.name}` });
        return ok(`The device is signed out. ${rider.name} must sign in again on it.`);
      }
      const ended = await endRiderSessions(app.db, rider.id);
      request.audit({ summary: `Signed out every rider app device of ${rider.name}` });
      return ok(
        ended
          ? `${ended} device${ended === 1 ? '' : 's'} signed out.`
          : `${rider.name} was not signed in on any device.`,
      );
    },
  );
};

export default riderAccessRoutes;
