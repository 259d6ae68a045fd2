import { z } from 'zod';
import {
  ACCESSORY_MATERIALS,
  OXYGEN_ACCESSORY_TYPES,
  WATER_ACCESSORY_TYPES,
} from '../../db/schema';
import { answers, count, money, recordStatus, timestamp } from '../../lib/responses';
import {
  imageUpload,
  optionalId,
  optionalImageUpload,
  requiredId,
  requiredText,
} from '../../lib/validation';
import { priceFields, wholeListLimit } from '../products/rules';
import {
  returnableAnswerFields,
  returnableFields,
  taxAnswerFields,
  taxFields,
} from '../products/tax';

const accessoryId = requiredId('Accessory id');

type AccessoryType =
  (typeof WATER_ACCESSORY_TYPES)[number] | (typeof OXYGEN_ACCESSORY_TYPES)[number];

/** Every accessory type of either kind, once each (checkType keeps each to its category's kind). */
const ACCESSORY_TYPES = [...new Set([...WATER_ACCESSORY_TYPES, ...OXYGEN_ACCESSORY_TYPES])] as [
  AccessoryType,
  ...AccessoryType[],
];

/**
 * An accessory as every call answers it (toAccessoryDto): its image as `imageUrl`, money as
 * numbers.
 */
const accessoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(ACCESSORY_TYPES),
  material: z.enum(ACCESSORY_MATERIALS),
  imageUrl: z.string(),
  price: money,
  discountPrice: money,
  stockQuantity: count,
  categoryId: z.string(),
  ...returnableAnswerFields,
  ...taxAnswerFields,
  status: recordStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const oneAccessory = answers(z.object({ accessory: accessoryDto }));

const accessoryFields = {
  name: requiredText('Name', 100),
  type: requiredText('Type', 40),
  material: z.enum(ACCESSORY_MATERIALS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'Material is required.'
        : `Material must be one of: ${ACCESSORY_MATERIALS.join(', ')}.`,
  }),
  ...priceFields,
  ...returnableFields,
  ...taxFields,
};

/** accessory/get-accessories-by-category. */
export const accessoriesByCategoryBody = z.object({
  categoryId: requiredId('Category id'),
  limit: wholeListLimit,
});
export const accessoryList = answers(z.object({ accessories: z.array(accessoryDto) }));

/** accessory/get-accessory/{id}. */
export const accessoryParams = z.object({ id: accessoryId });

/** accessory/create: the fields, the image and the category. */
export const createAccessoryBody = z.object({
  ...accessoryFields,
  image: imageUpload('Please choose an image for the accessory.'),
  categoryId: requiredId('Category id'),
});

/** accessory/edit-accessory: a new image and category are optional. */
export const editAccessoryBody = z.object({
  ...accessoryFields,
  accessoryId,
  image: optionalImageUpload,
  categoryId: optionalId('Category id'),
  status: z
    .enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive.' })
    .optional(),
});

export const deleteAccessoryBody = z.object({ accessoryId });
