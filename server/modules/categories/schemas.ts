import { z } from 'zod';
import { CATEGORY_KINDS } from '../../db/schema';
import { answers, oneOf, pagingFields, recordStatus, timestamp } from '../../lib/responses';
import {
  imageUpload,
  optionalImageUpload,
  pagingQuery,
  optionalText,
  requiredId,
  requiredText,
  exportQuery,
} from '../../lib/validation';
import { taxAnswerFields, taxFields } from '../products/tax';
import { ecommerceCategoryDto } from '../ecommerce/schemas';
import { CATEGORY_SORTS } from './repository';

const categoryId = requiredId('Category id');

/** A category as every call answers it (toCategoryDto). */
const categoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  ...taxAnswerFields,
  status: recordStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const oneCategory = answers(z.object({ category: categoryDto }));

const categoryStatus = z.enum(['Active', 'Inactive', 'All', '']).optional();

const categorySort = z
  .enum(Object.keys(CATEGORY_SORTS) as [keyof typeof CATEGORY_SORTS], {
    error: `Sort must be one of: ${Object.keys(CATEGORY_SORTS).join(', ')}.`,
  })
  .default('createdAt');

/** The categories list; `kind=ecommerce` lists the e-commerce product categories instead. */
export const categoryList = answers(
  oneOf([
    z.object({ categories: z.array(categoryDto), ...pagingFields }),
    z.object({ categories: z.array(ecommerceCategoryDto), ...pagingFields }),
  ]),
);

/** GET category/view-all-categories: its query. */
export const viewAllCategoriesQuery = z.object({
  ...pagingQuery,
  status: categoryStatus,
  sort: categorySort,
  // Addition: `kind=ecommerce` lists the e-commerce product categories instead.
  kind: z.enum(['ecommerce', ''], { error: 'Kind must be ecommerce, or left out.' }).optional(),
});

/** GET category/export-categories: its query. */
export const exportCategoriesQuery = z.object({
  ...exportQuery,
  status: categoryStatus,
  sort: categorySort,
});

/** GET category/get-category/:id: its path parameters. */
export const getCategoryParams = z.object({ id: categoryId });

/** POST category/create-category: its body. */
export const createCategoryBody = z.object({
  name: requiredText('Name', 60),
  title: requiredText('Title'),
  description: requiredText('Description', 2000),
  image: imageUpload('Please choose an image for the category.'),
  kind: z
    .enum(CATEGORY_KINDS, { error: `Kind must be one of: ${CATEGORY_KINDS.join(', ')}.` })
    .default('other'),
  ...taxFields,
});

/** POST category/edit-category: its body. */
export const editCategoryBody = z.object({
  categoryId,
  name: optionalText('Name', 60),
  title: requiredText('Title'),
  description: requiredText('Description', 2000),
  image: optionalImageUpload,
  status: z
    .enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive.' })
    .optional(),
  ...taxFields,
});
