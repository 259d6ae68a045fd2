import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { toOrderDto } from './dto';
import { placePhoneOrder } from './phoneOrder';
import { createOrderRepository } from './repository';
import { oneOrder, placeOrderBody } from './schemas';

/**
 * order/place-order: an order taken by phone (issue 15.6). The checks, the pricing and the
 * transaction are placePhoneOrder's (phoneOrder.ts); the handler answers with the order placed.
 */
const placeOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrderRepository(app.db);

  app.post(
    '/place-order',
    {
      config: { access: 'orders' },
      schema: {
        body: placeOrderBody,
        response: answers(oneOrder, 201),
      },
    },
    async (request, reply) => {
      const placed = await placePhoneOrder(app.db, request.body, request.admin!);
      const row = await orders.findById(placed.id);
      if (!row) throw notFound('This order does not exist.');
      return reply
        .code(201)
        .send(ok(`Order ${placed.orderId} placed.`, { order: toOrderDto(row) }));
    },
  );
};

export default placeOrderRoutes;
