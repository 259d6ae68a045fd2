import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDeliverySettingsRepository } from './repository';
import { deliveryChargeSaveBody, deliveryTimeSaveBody, oneCharge, oneTime } from './schemas';
import {
  DELIVERY_CHARGE_FIELDS,
  DELIVERY_TIME_FIELDS,
  diffRecords,
} from '../../plugins/auditWords';

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
    async (request) => {
      const before = await repo.getCharge();
      const deliveryCharge = await repo.saveCharge(request.body);
      request.audit({ changes: diffRecords(before, deliveryCharge, DELIVERY_CHARGE_FIELDS) });
      return ok('Delivery charges saved successfully', { deliveryCharge });
    },
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
    async (request) => {
      const before = await repo.getTime();
      const data = await repo.saveTime(request.body);
      request.audit({ changes: diffRecords(before, data, DELIVERY_TIME_FIELDS) });
      return ok('Delivery time saved successfully', { data });
    },
  );
};

export default deliverySettingsRoutes;
