import { z } from 'zod';
import { answers, recordStatus, timestamp } from '../../lib/responses';
import { imageUpload, optionalImageUpload, requiredId, requiredText } from '../../lib/validation';
import { wholeListLimit } from '../products/rules';

const subCategoryId = requiredId('Sub category id');

/** A sub-category as every call answers it (toSubCategoryDto). */
const subCategoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  categoryId: z.string(),
  status: recordStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const oneSubCategory = answers(z.object({ subCategory: subCategoryDto }));

/** GET subCategory/by-categoryId/:categoryId: its path parameters. */
export const byCategoryIdParams = z.object({ categoryId: requiredId('Category id') });

/** GET subCategory/by-categoryId/:categoryId: its query. */
export const byCategoryIdQuery = z.object({ limit: wholeListLimit });

/** GET subCategory/by-categoryId/:categoryId: its answer. */
export const byCategoryIdAnswer = answers(z.object({ subCategories: z.array(subCategoryDto) }));

/** GET subCategory/get-subCategory/:id: its path parameters. */
export const getSubCategoryParams = z.object({ id: subCategoryId });

/** POST subCategory/create-subCategory: its body. */
export const createSubCategoryBody = z.object({
  name: requiredText('Name', 60),
  title: requiredText('Title'),
  description: requiredText('Description', 2000),
  image: imageUpload('Please choose an image for the sub category.'),
  categoryId: requiredId('Category id'),
});

/** POST subCategory/edit-subCategory: its body. */
export const editSubCategoryBody = z.object({
  subCategoryId,
  name: requiredText('Name', 60),
  title: requiredText('Title'),
  description: requiredText('Description', 2000),
  image: optionalImageUpload,
  status: z
    .enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive.' })
    .optional(),
});

/** POST subCategory/delete-subCategory: its body. */
export const deleteSubCategoryBody = z.object({ subCategoryId });
