import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { addCustomer } from './addCustomer';
import { toAddressDto, toRegisteredCustomerDto } from './repository';
import { userAddUserAnswer, userAddUserBody } from './schemas';

/** user/add-user (addition, issue 37): a customer added while taking their call (New order). */
const addUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/add-user',
    {
      // Orders operators take calls (New order): they add the caller too.
      config: { access: ['userManagement', 'orders'] as const },
      schema: { body: userAddUserBody, response: userAddUserAnswer },
    },
    async (request, reply) => {
      const { customer, address } = await addCustomer(app.db, request.body);
      return reply.code(201).send(
        ok('User added successfully', {
          user: { ...toRegisteredCustomerDto(customer), addresses: [toAddressDto(address)] },
        }),
      );
    },
  );
};

export default addUserRoutes;
