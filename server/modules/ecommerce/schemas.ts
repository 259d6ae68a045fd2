import { z } from 'zod';
import { count, money, pagingFields, recordStatus, timestamp } from '../../lib/responses';
import { pagingQuery } from '../../lib/validation';
import { PRODUCT_SORTS } from './repository';

/**
 * An e-commerce product as the products list answers it (toProductDto): money as numbers, its
 * sub-category as `category` (null when the product has none to show).
 */
export const ecommerceProductDto = z.object({
  _id: z.string(),
  title: z.string(),
  brandName: z.string(),
  description: z.string(),
  image: z.string(),
  price: money,
  discountPrice: money,
  stockQuantity: count,
  noOfSolds: count,
  status: recordStatus,
  category: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: timestamp,
});

/**
 * An e-commerce product category (a sub-category of the E-commerce category) as
 * `category/view-all-categories?kind=ecommerce` answers it (toEcommerceCategoryDto), with its
 * number of products.
 */
export const ecommerceCategoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  status: recordStatus,
  productCount: count,
  createdAt: timestamp,
});

const SORTS = Object.keys(PRODUCT_SORTS) as [keyof typeof PRODUCT_SORTS];

/** e-comm/admin-get-all-products's query: a page, a status (blank or All: every one), a sort. */
export const productsQuery = z.object({
  ...pagingQuery,
  status: z
    .enum(['Active', 'Inactive', 'All', ''], {
      error: 'Status must be Active, Inactive or All.',
    })
    .optional(),
  sort: z.enum(SORTS, { error: `Sort must be one of: ${SORTS.join(', ')}.` }).optional(),
});

/** A page of e-commerce products. */
export const productsPage = z.object({ products: z.array(ecommerceProductDto), ...pagingFields });
