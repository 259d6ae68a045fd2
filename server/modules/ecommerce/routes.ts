import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../lib/responses';
import { pagingResult, activeOrInactive } from '../../lib/validation';
import { createEcommerceRepository, toProductDto } from './repository';
import { productsPage, productsQuery } from './schemas';
import { readRepository } from '../../plugins/readReplica';

/** Routes of this area: see docs/api.md, "E-commerce (spec 001)". */
const routes: FastifyPluginAsyncZod = async (app) => {
  const reads = readRepository(app, createEcommerceRepository(app.db), createEcommerceRepository);

  app.get(
    '/admin-get-all-products',
    {
      // The sidebar shows E-commerce under Others.
      config: { access: 'others' },
      schema: {
        querystring: productsQuery,
        response: answers(productsPage),
      },
    },
    async (request) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      const { rows, total } = await reads(request).listProducts({
        status,
        search: q.search || undefined,
        // Newest first unless a sort is asked for; a sort without sortOrder is ascending.
        sort: q.sort ?? 'createdAt',
        order: q.sort ? q.sortOrder : 'desc',
        page: q.page,
        limit: q.limit,
      });
      return ok('Products', {
        products: rows.map((r) => toProductDto(r.product, r.category)),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );
};

export default routes;
