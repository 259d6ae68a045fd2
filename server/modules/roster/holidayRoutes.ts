import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { pagingResult } from '../../lib/validation';
import { createHolidayRepository, toHolidayDto } from './holidays';
import {
  addHolidayAnswer,
  addHolidayBody,
  deleteHolidayAnswer,
  getHolidaysAnswer,
  getHolidaysQuery,
  holidayParams,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';

/** holiday/...: days without deliveries, for the whole business or some pin codes (issue 35). */
const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createHolidayRepository(app.db);
  const reads = readRepository(app, repo, createHolidayRepository);

  app.get(
    '/get-holidays',
    {
      config: { access: 'settings' },
      schema: { querystring: getHolidaysQuery, response: getHolidaysAnswer },
    },
    async (request) => {
      const { from, to, page, limit } = request.query;
      const { rows, total } = await reads(request).list({ from, to }, page, limit);
      return ok('Holidays', {
        holidays: rows.map(toHolidayDto),
        ...pagingResult(total, page, limit),
      });
    },
  );

  app.post(
    '/add',
    {
      config: { access: 'settings' },
      schema: { body: addHolidayBody, response: addHolidayAnswer },
    },
    async (request) => {
      const { day, name, pincodes, extendPlans } = request.body;
      const admin = request.admin!;
      const { holiday, extended } = await repo.add({
        day,
        name,
        pincodes: [...new Set(pincodes ?? [])],
        extendPlans: extendPlans ?? false,
        admin: { id: admin.id, name: admin.name },
      });
      const plans = extended ? `; ${extended} plan${extended === 1 ? '' : 's'} extended` : '';
      return ok(`Holiday ${name} added on ${day}${plans}`, {
        holiday: toHolidayDto(holiday),
        extended,
      });
    },
  );

  app.post(
    '/delete/:id',
    {
      config: { access: 'settings' },
      schema: { params: holidayParams, response: deleteHolidayAnswer },
    },
    async (request) => {
      const removed = await repo.remove(request.params.id);
      if (!removed) throw notFound('This holiday does not exist.');
      return ok(`Holiday ${removed.name} on ${removed.day} deleted`, {
        holiday: toHolidayDto(removed),
      });
    },
  );
};

export default holidayRoutes;
