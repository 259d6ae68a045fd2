import { z } from 'zod';
import { answers, count } from '../../lib/responses';
import {
  emailAddress,
  optionalText,
  phoneNumber,
  plainText,
  requiredText,
} from '../../lib/validation';
import { gstinProblem, normaliseGstin, stateCodeOf, stateNameOf } from '@shared/gst';
import { PIN_CODE_PATTERN } from '@shared/pincode';

const MOST_OVERDUE_DAYS = 365;

const DEFAULT_OVERDUE_DAYS = 30;

/** The GSTIN as people type it (lower case, spaces around), checked by format and check digit. */
const gstin = plainText('GSTIN', 'Enter the GSTIN.')
  .transform(normaliseGstin)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A state or union territory as an address writes it, kept under its GST name. */
const state = requiredText('State', 100)
  .refine((v) => stateCodeOf(v) !== undefined, {
    error: 'State must be an Indian state or union territory, such as Karnataka.',
  })
  .transform((v) => stateNameOf(stateCodeOf(v)!)!);

/** Blank (or left out) is "none": '' is stored. */
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );

export const saveBusinessBody = z
  .object({
    legalName: requiredText('Legal name', 200),
    tradeName: optionalText('Trade name', 200).transform((v) => v ?? ''),
    gstin,
    address: requiredText('Address', 500),
    city: requiredText('City', 100),
    state,
    pincode: plainText('Pin code', 'Pin code is required.')
      .trim()
      .regex(PIN_CODE_PATTERN, 'Pin code must be 6 digits.'),
    phone: blankIsNone(phoneNumber('Phone')).transform((v) => v ?? ''),
    email: blankIsNone(emailAddress('Email')).transform((v) => v ?? ''),
    invoicePrefix: plainText('Invoice prefix', 'Invoice prefix is required.')
      .trim()
      .toUpperCase()
      .regex(
        /^[A-Z0-9]{1,3}$/,
        'Invoice prefix must be 1 to 3 letters or digits, such as INV (invoice numbers read INV/26-27/000001).',
      ),
    overdueDays: z
      .number({ error: 'Overdue days must be a number.' })
      .int(`Overdue days must be a whole number from 1 to ${MOST_OVERDUE_DAYS}.`)
      .min(1, `Overdue days must be a whole number from 1 to ${MOST_OVERDUE_DAYS}.`)
      .max(MOST_OVERDUE_DAYS, `Overdue days must be a whole number from 1 to ${MOST_OVERDUE_DAYS}.`)
      .default(DEFAULT_OVERDUE_DAYS),
  })
  // The GSTIN is issued by the state the business is registered in: its first two digits.
  .superRefine((body, ctx) => {
    const registered = body.gstin.slice(0, 2);
    const addressCode = stateCodeOf(body.state)!;
    if (registered !== addressCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: `The GSTIN is registered in ${stateNameOf(registered)} (${registered}), but the address is in ${body.state}.`,
      });
    }
  });

/** The business details (Business) as saved; stateCode is the GSTIN's state. */
const businessDto = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  gstin: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  stateCode: z.string(),
  pincode: z.string(),
  phone: z.string(),
  email: z.string(),
  invoicePrefix: z.string(),
  overdueDays: count,
});

/** GET settings/get-business: its answer. */
export const getBusinessAnswer = answers(z.object({ business: businessDto.nullable() }));

/** POST settings/save-business: its answer. */
export const saveBusinessAnswer = answers(z.object({ business: businessDto }));
