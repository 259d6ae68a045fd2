import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, count, money } from '../../lib/responses';
import { nonNegativeInteger, nonNegativeNumber, requiredText } from '../../lib/validation';
import { createDeliverySettingsRepository } from './repository';

const MAX_CHARGE = 100_000;
const MAX_GAP_HOURS = 168;

const charge = (label: string) =>
  nonNegativeNumber(label).refine(
    (v) => v <= MAX_CHARGE,
    `${label} must be at most ₹${MAX_CHARGE.toLocaleString('en-IN')}.`,
  );

/** The form sends one text per list; other clients may send the whole list. Stored as a list. */
const timeSlots = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(requiredText(label, 100), { error: `${label} is required.` })
      .min(1, `${label} is required.`)
      .max(24, `${label} can have at most 24 slots.`),
  );

/** The delivery charges (DeliveryCharge): rupees, and `gst` a percent; all 0 until saved. */
const deliveryChargeDto = z.object({
  standardCharge: money,
  emergencyCharge: money,
  gst: z.number(),
});
const oneCharge = answers(z.object({ deliveryCharge: deliveryChargeDto }));

/** The delivery time slots (DeliveryTime): the lists as saved and the gap in hours. */
const deliveryTimeDto = z.object({
  pickupTime: z.array(z.string()),
  deliveryTime: z.array(z.string()),
  gapHours: count,
});
const oneTime = answers(z.object({ data: deliveryTimeDto }));

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
        body: z.object({
          standardCharge: charge('Standard charge'),
          emergencyCharge: charge('Emergency charge'),
          gst: nonNegativeNumber('GST').refine((v) => v <= 100, 'GST must be at most 100%.'),
        }),
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
        body: z.object({
          pickupTime: timeSlots('Pickup time'),
          deliveryTime: timeSlots('Delivery time'),
          gapHours: nonNegativeInteger('Gap hours').refine(
            (v) => v <= MAX_GAP_HOURS,
            `Gap hours must be at most ${MAX_GAP_HOURS}.`,
          ),
        }),
        response: oneTime,
      },
    },
    async (request) =>
      ok('Delivery time saved successfully', { data: await repo.saveTime(request.body) }),
  );
};

export default deliverySettingsRoutes;
