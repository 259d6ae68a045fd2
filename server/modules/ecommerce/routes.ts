import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, pagingFields } from '../../lib/responses';
import { pagingQuery, pagingResult, activeOrInactive } from '../../lib/validation';
import { createEcommerceRepository, PRODUCT_SORTS, toProductDto } from './repository';
import { ecommerceProductDto } from './schemas';

const SORTS = Object.keys(PRODUCT_SORTS) as [keyof typeof PRODUCT_SORTS];

/** Routes of this area: see docs/api.md, "E-commerce (spec 001)". */
const routes: FastifyPluginAsyncZod = async (app) => {
  const repo = createEcommerceRepository(app.db);

  app.get(
    '/admin-get-all-products',
    {
      // The sidebar shows E-commerce under Others.
      config: { access: 'others' },
      schema: {
        querystring: z.object({
          ...pagingQuery,
          status: z
            .enum(['Active', 'Inactive', 'All', ''], {
              error: 'Status must be Active, Inactive or All.',
            })
            .optional(),
          sort: z.enum(SORTS, { error: `Sort must be one of: ${SORTS.join(', ')}.` }).optional(),
        }),
        response: answers(z.object({ products: z.array(ecommerceProductDto), ...pagingFields })),
      },
    },
    async (request) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      const { rows, total } = await repo.listProducts({
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
