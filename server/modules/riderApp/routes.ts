import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { indiaDay } from '@shared/time';
import type { RiderMessageKey } from '@shared/riderMessages';
import { ridersTable } from '../../db/schema';
import { HttpError, tooManyRequests, unauthorized, forbidden } from '../../lib/errors';
import { timingDummyHash, verifyPassword } from '../../lib/passwords';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { createThrottle } from '../../lib/throttle';
import { withStoredImage } from '../../lib/uploads';
import { IMAGE_UPLOAD } from '../../lib/validation';
import { eq } from 'drizzle-orm';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import { englishText, riderLanguage, riderMoney, riderText } from './messages';
import { createRiderAppRepository, type Refuse, type RiderWords } from './repository';
import {
  deliverBody,
  notDeliveredBody,
  proofBody,
  riderLoginAnswer,
  riderLoginBody,
  stopDto,
  todayAnswer,
} from './schemas';
import { forgetOldRiderSessions } from './sessions';

/** The sign-in limits of the admins' sign-in (server/modules/auth/routes.ts), per phone. */
const WINDOW_MS = 15 * 60 * 1000;
// Higher than the admins' 30: riders on one mobile carrier often share an address (CGNAT).
const MAX_TRIES_PER_ADDRESS = 100;
const MAX_TRIES_PER_PHONE = 10;

/** A refusal in the rider's language. */
const refuseFor =
  (request: FastifyRequest): Refuse =>
  (status, key, values) =>
    new HttpError(status, riderText(request, key, values));

function wordsFor(request: FastifyRequest): RiderWords {
  return {
    money: (rupees) => riderMoney(request, rupees),
  };
}

const REASON_KEYS: Record<string, RiderMessageKey> = {
  'not-at-home': 'reason.not-at-home',
  refused: 'reason.refused',
  'address-not-found': 'reason.address-not-found',
  'out-of-stock': 'reason.out-of-stock',
};

/**
 * rider-app/...: the riders' own calls from their phones (issue 40, docs/api.md "Rider app").
 * Sign-in by mobile number and PIN; then a rider's token reaches only that rider's own stops.
 * Messages come in the language the page asks for (`Accept-Language`: Hindi or English).
 */
const riderAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createRiderAppRepository(app.db);
  const settings = createDeliverySettingsRepository(app.db);
  const throttle = createThrottle(app.db, WINDOW_MS);

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: { body: riderLoginBody, response: answers(riderLoginAnswer) },
    },
    async (request) => {
      const { phone, pin } = request.body;
      // The try is claimed before the PIN is checked, so parallel guesses count each.
      const { claim } = await throttle.claim([
        { key: `rider-login:ip:${request.ip}`, max: MAX_TRIES_PER_ADDRESS },
        { key: `rider-login:phone:${phone}`, max: MAX_TRIES_PER_PHONE },
      ]);
      if (!claim)
        throw tooManyRequests(riderText(request, 'server.tooManyAttempts', { minutes: 15 }));
      const [rider] = await app.db.select().from(ridersTable).where(eq(ridersTable.phone, phone));
      // Unknown phone or no PIN yet: the same answer and the same time as a wrong PIN.
      const matches = await verifyPassword(rider?.pinHash ?? (await timingDummyHash()), pin);
      if (!rider?.pinHash || !matches)
        throw unauthorized(riderText(request, 'server.signInFailed'));
      await throttle.release(claim);
      if (rider.status !== 'Active') throw forbidden(riderText(request, 'server.inactive'));
      await forgetOldRiderSessions(app.db, rider.id);
      const token = await app.riderSessions.start(rider.id, request.headers['user-agent'] ?? '');
      request.log.info({ riderId: rider.id }, 'rider signed in');
      return ok(riderText(request, 'server.signedIn'), {
        token,
        rider: { id: rider.id, name: rider.name, phone: rider.phone },
      });
    },
  );

  app.post(
    '/logout',
    { config: { access: 'rider' }, schema: { response: answers() } },
    async (request) => {
      const rider = request.rider!;
      await app.riderSessions.end(rider.id, rider.sessionId);
      return ok(riderText(request, 'server.signedOut'));
    },
  );

  app.get(
    '/today',
    { config: { access: 'rider' }, schema: { response: answers(todayAnswer) } },
    async (request) => {
      const rider = request.rider!;
      const day = indiaDay(new Date());
      const [{ stops, total }, emergencyAlertMinutes] = await Promise.all([
        repo.today(rider.id, day),
        settings.getEmergencyAlertMinutes(),
      ]);
      return ok(riderText(request, 'server.todayStops'), {
        day,
        rider: { id: rider.id, name: rider.name, phone: rider.phone },
        emergencyAlertMinutes,
        stops,
        total,
      });
    },
  );

  /** The stop after an action, as the rider's list shows it. */
  async function stopAnswer(request: FastifyRequest, orderId: string, replayed: boolean) {
    const stop = await repo.stop(orderId);
    if (!stop) throw refuseFor(request)(404, 'server.orderNotFound');
    return ok(riderText(request, replayed ? 'server.alreadyRecorded' : 'server.recorded'), stop);
  }

  app.post(
    '/deliver',
    {
      config: { access: 'rider' },
      schema: { body: deliverBody, response: answers(stopDto) },
    },
    async (request) => {
      const outcome = await repo.deliver(
        request.rider!,
        request.body,
        refuseFor(request),
        wordsFor(request),
      );
      return stopAnswer(request, outcome.orderId, outcome.kind === 'replayed');
    },
  );

  app.post(
    '/not-delivered',
    {
      config: { access: 'rider' },
      schema: { body: notDeliveredBody, response: answers(stopDto) },
    },
    async (request) => {
      // The history step is read by admins: the reason in English.
      const reasonText = englishText(REASON_KEYS[request.body.reason]!);
      const outcome = await repo.notDelivered(
        request.rider!,
        request.body,
        reasonText,
        refuseFor(request),
      );
      return stopAnswer(request, outcome.orderId, outcome.kind === 'replayed');
    },
  );

  app.post(
    '/proof',
    {
      config: { access: 'rider', upload: IMAGE_UPLOAD },
      schema: { body: proofBody, response: answers(stopDto) },
    },
    async (request) => {
      const { orderId, idempotencyKey, photo } = request.body;
      const refuse = refuseFor(request);
      let outcome;
      try {
        // Named by the hash of its bytes: the same photo sent again is the same file; a photo
        // stored for an action that is refused is removed again.
        outcome = await withStoredImage(app.uploads, photo, (photoUrl) =>
          repo.proof(request.rider!, { orderId, idempotencyKey, photoUrl: photoUrl! }, refuse),
        );
      } catch (err) {
        // The only 400 here is the image's own (not a picture, or damaged).
        if (err instanceof HttpError && err.statusCode === 400) {
          throw refuse(400, 'server.photoInvalid');
        }
        throw err;
      }
      return stopAnswer(request, outcome.orderId, outcome.kind === 'replayed');
    },
  );

  // The page's language is the rider's choice; the server only answers in it.
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-language', riderLanguage(request));
    reply.header('vary', 'accept-language');
  });
};

export default riderAppRoutes;
