import { z } from 'zod';
import { PIN_CODE_FORMAT_MESSAGE, PIN_CODE_PATTERN } from '@shared/pincode';
import { PIN_TYPES } from '../../db/schema';
import { answers, pagingFields, recordStatus, timestamp } from '../../lib/responses';
import { optionalText, pagingQuery, requiredId, exportQuery } from '../../lib/validation';
import { PINCODE_SORTS } from './repository';

/** An Indian PIN code: six digits, the first 1-9. A JSON number is read as its digits. */
const pinCode = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: 'Pin code is required.' })
    .trim()
    .min(1, 'Pin code is required.')
    .regex(PIN_CODE_PATTERN, PIN_CODE_FORMAT_MESSAGE),
);

const pinType = z.enum(PIN_TYPES, { error: `Pin type must be ${PIN_TYPES.join(', ')}.` });

const pincodeId = requiredId('Pin code id');

/** A pin code as every call answers it (toPincodeDto). */
const pincodeDto = z.object({
  _id: z.string(),
  number: z.string(),
  pinType: z.enum(PIN_TYPES),
  area: z
    .string()
    .meta({ description: "Addition (issue 37): the locality it serves; '' when not given" }),
  city: z.string().meta({ description: "Addition (issue 37): its city; '' when not given" }),
  status: recordStatus,

  createdAt: timestamp,
  updatedAt: timestamp,
});

export const onePincode = answers(z.object({ pincode: pincodeDto }));

const pincodeStatus = z.enum(['Active', 'Inactive', 'All', '']).optional();

const pincodeSort = z
  .enum(Object.keys(PINCODE_SORTS) as [keyof typeof PINCODE_SORTS], {
    error: `Sort must be one of: ${Object.keys(PINCODE_SORTS).join(', ')}.`,
  })
  .default('createdAt');

/** GET pincode/get-paginated-pincodes: its query. */
export const getPaginatedPincodesQuery = z.object({
  ...pagingQuery,
  status: pincodeStatus,
  sort: pincodeSort,
});

/** GET pincode/get-paginated-pincodes: its answer. */
export const getPaginatedPincodesAnswer = answers(
  z.object({ pincodes: z.array(pincodeDto), ...pagingFields }),
);

/** GET pincode/export-pincodes: its query. */
export const exportPincodesQuery = z.object({
  ...exportQuery,
  status: pincodeStatus,
  sort: pincodeSort,
});

/** GET pincode/get-pincode/:id: its path parameters. */
export const getPincodeParams = z.object({ id: pincodeId });

/** Addition (issue 37): the locality and city a pin code serves, each optional. */
const place = { area: optionalText('Area', 80), city: optionalText('City', 80) };

/** POST pincode/add: its body. */
export const addPincodeBody = z.object({ pinCode, pinType: pinType.default('Home'), ...place });

/** POST pincode/edit-pincode/:id: its path parameters. */
export const editPincodeParams = z.object({ id: pincodeId });

/** POST pincode/edit-pincode/:id: its body. */
export const editPincodeBody = z.object({
  number: pinCode,
  pinType: pinType.optional(),
  ...place,
});

/** POST pincode/delete-pincode/:id: its path parameters. */
export const deletePincodeParams = z.object({ id: pincodeId });
