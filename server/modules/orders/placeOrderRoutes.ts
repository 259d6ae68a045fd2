import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { toOrderDto } from './dto';
import { placePhoneOrder, pricePhoneOrder } from './phoneOrder';
import { createOrderRepository } from './repository';
import { oneOrder, placeOrderBody, pricePreview } from './schemas';

/**
 * order/place-order: an order taken by phone (issue 15.6). The checks, the pricing and the
 * transaction are placePhoneOrder's (phoneOrder.ts); the handler answers with the order placed.
 * order/price-preview (issue 37): the same body checked and priced by the same code
 * (pricePhoneOrder), answered without writing anything, as the New order screen is filled.
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

  app.post(
    '/price-preview',
    {
      // A read sent as POST (it takes place-order's body): nothing is written, nothing audited.
      config: { access: 'orders', audit: false },
      schema: { body: placeOrderBody, response: answers(pricePreview) },
    },
    async (request) => {
      const { order, lines, amount, totalAmount } = await pricePhoneOrder(app.db, request.body);
      return ok('Price preview', {
        preview: {
          lines: lines.map(({ itemId, ...line }) => ({ _id: itemId, ...line })),
          amount,
          deliveryCharge: order.deliveryCharge ?? 0,
          emergencyCharge: order.emergencyCharge ?? 0,
          gst: order.gst ?? 0,
          totalAmount,
          orderType: order.orderType ?? 'fresh',
          deliveryTime: order.deliveryTime ?? null,
          pincode: order.address?.pincode ?? '',
        },
      });
    },
  );
};

export default placeOrderRoutes;
