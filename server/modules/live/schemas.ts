import { z } from 'zod';
import { answers, count, timestamp } from '../../lib/responses';

// The live module's answers (GET live/events is a stream and has none).

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

export const openEmergenciesAnswer = answers(
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
