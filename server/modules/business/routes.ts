import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { stateCodeOf } from '@shared/gst';
import { createBusinessRepository } from './repository';
import { getBusinessAnswer, saveBusinessAnswer, saveBusinessBody } from './schemas';
import { BUSINESS_FIELDS, diffRecords } from '../../plugins/auditWords';

/**
 * Addition (issue 16): settings/get-business and settings/save-business, the seller printed on
 * the tax invoices (one row, id 'default'). Until it is saved no invoice is numbered; each
 * invoice keeps a copy of the details it was numbered with.
 */
const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createBusinessRepository(app.db);

  app.get(
    '/get-business',
    {
      config: { access: 'settings' },
      schema: { response: getBusinessAnswer },
    },
    async () => ok('Business details', { business: await repo.get() }),
  );

  app.post(
    '/save-business',
    {
      config: { access: 'settings' },
      schema: {
        body: saveBusinessBody,
        response: saveBusinessAnswer,
      },
    },
    async (request) => {
      const body = request.body;
      const before = await repo.get();
      const business = await repo.save(
        { ...body, stateCode: stateCodeOf(body.state)! },
        request.admin?.id ?? null,
      );
      request.audit({ changes: diffRecords(before, business, BUSINESS_FIELDS) });
      return ok('Business details saved successfully', { business });
    },
  );
};

export default businessRoutes;
