import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDeliverySettingsRepository } from './repository';
import { deliveryChargeSaveBody, deliveryTimeSaveBody, oneCharge, oneTime } from './schemas';

/** delivery-charge/... and delivery-time/...: one settings row each (id 'default'). */
const deliverySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createDeliverySettingsRepository(app.db);

  app.get(
    '/delivery-charge/get-delivery-charge',
    { config: { access: 'signedIn' }, schema: { response: oneCharge } },
    async () => ok('Delivery charges', { deliveryCharge: await repo.getCharge() }),
  );

  app.post(
    '/delivery-charge/save',
    {
      config: { access: 'others' },
      schema: {
        body: deliveryChargeSaveBody,
        response: oneCharge,
      },
    },
    async (request) =>
      ok('Delivery charges saved successfully', {
        deliveryCharge: await repo.saveCharge(request.body),
      }),
  );

  app.get(
    '/delivery-time/get-delivery-time',
    { config: { access: 'signedIn' }, schema: { response: oneTime } },
    async () => ok('Delivery time', { data: await repo.getTime() }),
  );

  app.post(
    '/delivery-time/save',
    {
      config: { access: 'others' },
      schema: {
        body: deliveryTimeSaveBody,
        response: oneTime,
      },
    },
    async (request) =>
      ok('Delivery time saved successfully', { data: await repo.saveTime(request.body) }),
  );
};

export default deliverySettingsRoutes;
