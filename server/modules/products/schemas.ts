import { z } from 'zod';
import { answers, count, money, recordStatus, timestamp } from '../../lib/responses';
import {
  imageUpload,
  optionalId,
  optionalImageUpload,
  requiredId,
  requiredText,
} from '../../lib/validation';
import { optionalNonNegativeInteger, priceFields, wholeListLimit } from './rules';
import { returnableAnswerFields, returnableFields, taxAnswerFields, taxFields } from './tax';

const productId = requiredId('Product id');

/**
 * A product as every call answers it (toProductDto): money as numbers, litres (`quantity`) for
 * water products only, a sub-category for laundry products only, the category as `{ _id, name }`.
 */
const productDto = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  price: money,
  discountPrice: money,
  stockQuantity: count,
  quantity: count.nullable(),
  subCategoryId: z.string().nullable(),
  categoryId: z.object({ _id: z.string(), name: z.string() }),
  ...returnableAnswerFields,
  ...taxAnswerFields,
  status: recordStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const oneProduct = answers(z.object({ product: productDto }));

const productFields = {
  name: requiredText('Name', 100),
  title: requiredText('Title'),
  description: requiredText('Description', 2000),
  ...priceFields,
  quantity: optionalNonNegativeInteger('Litres quantity'),
  subCategoryId: optionalId('Sub category id'),
  ...returnableFields,
  ...taxFields,
};

/** GET product/by-category: its query. */
export const byCategoryQuery = z.object({
  searchId: requiredId('Category id'),
  limit: wholeListLimit,
});

/** GET product/by-category: its answer. */
export const byCategoryAnswer = answers(z.array(productDto));

/** GET product/get-product/:id: its path parameters. */
export const getProductParams = z.object({ id: productId });

/** POST product/create-product: its body. */
export const createProductBody = z.object({
  ...productFields,
  image: imageUpload('Please choose an image for the product.'),
  categoryId: requiredId('Category id'),
});

/** POST product/edit-product: its body. */
export const editProductBody = z.object({
  ...productFields,
  productId,
  image: optionalImageUpload,
  categoryId: optionalId('Category id'),
  status: z
    .enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive.' })
    .optional(),
});

/** POST product/delete-product: its body. */
export const deleteProductBody = z.object({ productId });
