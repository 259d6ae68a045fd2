import type { Database } from '../../db/client';
import type { RecordStatus } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { pagingResult } from '../../lib/validation';
import {
  createEcommerceRepository,
  ECOMMERCE_CATEGORY_SORTS,
  toEcommerceCategoryDto,
} from './repository';

const SORTS = Object.keys(ECOMMERCE_CATEGORY_SORTS);

/**
 * The answer of `GET category/view-all-categories?kind=ecommerce` (the e-commerce product
 * categories screen): the sub-categories of the E-commerce category, in the categories list's
 * `result` shape. The categories route validates the shared query and hands it here.
 */
export function createEcommerceCategoryList(db: Database) {
  const repo = createEcommerceRepository(db);
  return async (q: {
    page: number;
    limit: number;
    search?: string;
    sort: string;
    sortOrder: 'asc' | 'desc';
    status?: RecordStatus;
  }) => {
    // The categories route also sorts by `kind`, which sub-categories do not have.
    if (!SORTS.includes(q.sort)) throw badRequest(`Sort must be one of: ${SORTS.join(', ')}.`);
    const { rows, total } = await repo.listCategories({
      page: q.page,
      limit: q.limit,
      search: q.search || undefined,
      status: q.status,
      sort: q.sort as keyof typeof ECOMMERCE_CATEGORY_SORTS,
      order: q.sortOrder,
    });
    return {
      categories: rows.map((r) => toEcommerceCategoryDto(r.subCategory, r.productCount)),
      ...pagingResult(total, q.page, q.limit),
    };
  };
}
