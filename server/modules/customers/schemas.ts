import { z } from 'zod';
import { stateCodeOf } from '@shared/gst';
import { PIN_CODE_FORMAT_MESSAGE, PIN_CODE_PATTERN } from '@shared/pincode';
import type { CustomerStatus } from '../../db/schema';
import { money, timestamp } from '../../lib/responses';
import { bulkIds } from '../../lib/bulk';
import { answers, pagingFields } from '../../lib/responses';
import {
  emailAddress,
  newPassword,
  optionalText,
  pagingQuery,
  plainText,
  requiredId,
  requiredText,
  exportQuery,
} from '../../lib/validation';
import { buyerGstin, buyerLegalName, refineRegistration, stateMismatch } from './registration';
import { CUSTOMER_SORTS } from './repository';

/** A customer's status (CustomerStatus). */
export const customerStatus = z.enum([
  'Active',
  'Blocked',
  'Inactive',
] as const satisfies readonly CustomerStatus[]);

/**
 * A customer as the user lists and screens answer it (toCustomerDto): `wallet` in rupees,
 * `imageUrl` null when the customer has no picture.
 */
export const customerDto = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  wallet: money,
  status: customerStatus,
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  imageUrl: z.string().nullable(),
  createdAt: timestamp,
});

/**
 * A customer with, as an addition (issue 38), a registered buyer's GSTIN and legal name (null
 * for a household): what get-user, add-user and update-user answer (the lists keep the spec's).
 */
export const registeredCustomerDto = customerDto.extend({
  gstin: z.string().nullable(),
  legalName: z.string().nullable(),
});

/**
 * A customer as the inactive-users list answers it (toInactiveUserDto): `userName` is '' when
 * the customer has none, `fullName` the first and last names.
 */
export const inactiveUserDto = z.object({
  _id: z.string(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string(),
  status: customerStatus,
});

/**
 * One of a customer's delivery addresses (toAddressDto); an address saved from the panel has
 * empty city, state and pincode.
 */
export const addressDto = z.object({
  _id: z.string(),
  fullAddress: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  isDefault: z.boolean(),
});

/** One customer with the addresses, default first (the get-user screen). */
export const customerWithAddressesDto = registeredCustomerDto.extend({
  addresses: z.array(addressDto),
});

const userId = requiredId('User id');

/** Active or Blocked: the two statuses an admin may set. */
const settableStatus = z.enum(['Active', 'Blocked'], {
  error: 'Status must be Active or Blocked.',
});

/** Blank form values mean "not sent". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * An Indian mobile number: 10 digits starting 6-9; spaces, dashes and a +91 or 0 prefix are
 * accepted and dropped, so the stored form is always the 10 digits.
 */
const indianMobile = z
  .string({ error: 'Phone is required.' })
  .trim()
  .min(1, 'Phone is required.')
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0091|0)(?=\d{10}$)/, ''))
  .pipe(
    z
      .string()
      .regex(/^[6-9]\d{9}$/, 'Phone must be a 10-digit Indian mobile number (e.g. 9876543210).'),
  );

const ALL_STATUSES: CustomerStatus[] = ['Active', 'Blocked', 'Inactive'];

export const oneCustomer = answers(z.object({ user: customerDto }));

/** POST /user/update-user: its answer, the customer with the GSTIN and legal name. */
export const userUpdateUserAnswer = answers(z.object({ user: registeredCustomerDto }));

/** `status` of the user lists: one status, or All; blank is the list's own default. */
const listStatus = z
  .enum([...ALL_STATUSES, 'All', ''] as const, {
    error: 'Status must be Active, Blocked, Inactive or All.',
  })
  .optional();

const customerSort = z
  .enum(Object.keys(CUSTOMER_SORTS) as [keyof typeof CUSTOMER_SORTS], {
    error: `Sort must be one of: ${Object.keys(CUSTOMER_SORTS).join(', ')}.`,
  })
  .optional();

/** GET /user/all-users: its query. */
export const userAllUsersQuery = z.object({
  ...pagingQuery,
  status: listStatus,
  sort: customerSort,
  /** Addition (issue 37, New order's customer search): each user with their default address. */
  withAddress: z
    .enum(['true', 'false', ''], { error: 'withAddress must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});

/** GET /user/all-users: its answer; `defaultAddress` only when asked for (`withAddress=true`). */
export const userAllUsersAnswer = answers(
  z.object({
    users: z.array(customerDto.extend({ defaultAddress: addressDto.nullable().optional() })),
    ...pagingFields,
  }),
);

/** GET /user/export-users: its query. */
export const userExportUsersQuery = z.object({
  ...exportQuery,
  status: listStatus,
  sort: customerSort,
});

/** GET /admin/get-users: its query. */
export const adminGetUsersQuery = z.object({
  ...pagingQuery,
  status: z
    .enum([...ALL_STATUSES, 'All', ''] as const, {
      error: 'Status must be Active, Blocked, Inactive or All.',
    })
    .optional(),
});

/** GET /admin/get-users: its answer. */
export const adminGetUsersAnswer = answers(
  z.object({ users: z.array(inactiveUserDto), ...pagingFields }),
);

/** GET /user/get-user/:id: its path parameters. */
export const userGetUserParams = z.object({ id: userId });

/** GET /user/get-user/:id: its answer. */
export const userGetUserAnswer = answers(z.object({ user: customerWithAddressesDto }));

/** POST /user/update-user-status: its body. */
export const userUpdateUserStatusBody = z.object({ userId, status: settableStatus });

/** POST /user/bulk-update-status: its body. */
export const userBulkUpdateStatusBody = z.object({
  userIds: bulkIds('User id', 'user'),
  status: settableStatus,
});

/**
 * POST /user/update-user: its body. Additions (issue 38): `gstin` and `legalName`, each left
 * alone when left out; an empty GSTIN makes the customer unregistered (both cleared).
 */
export const userUpdateUserBody = z
  .object({
    userId,
    email: emailAddress(),
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    phone: indianMobile,
    status: settableStatus,
    password: z.preprocess(blankToUndefined, newPassword('Password').optional()),
    address: z.preprocess(blankToUndefined, optionalText('Address', 500)),
    gstin: buyerGstin,
    legalName: buyerLegalName,
  })
  .superRefine(refineRegistration);

/** A customer's internal note (user/notes, user/add-note): written by an admin, never shown to the customer. */
export const customerNoteDto = z.object({
  _id: z.string(),
  userId: z.string(),
  body: z.string(),
  adminName: z.string().meta({ description: 'The admin who wrote it' }),
  createdAt: timestamp,
});

/** GET /user/notes/:id: a page of the customer's notes, newest first. */
export const userNotesQuery = z.object({
  page: pagingQuery.page,
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be between 1 and 100.')
    .max(100, 'Limit must be between 1 and 100.')
    .default(10),
});

/** GET /user/notes/:id: its answer. */
export const userNotesAnswer = answers(
  z.object({ notes: z.array(customerNoteDto), ...pagingFields }),
);

/** POST /user/add-note: its body. */
export const userAddNoteBody = z.object({
  userId,
  body: requiredText('The note', 1000),
});

/** POST /user/add-note: its answer. */
export const userAddNoteAnswer = answers(z.object({ note: customerNoteDto }));
/**
 * POST /user/add-user (issue 37): a caller added by phone, with the address the order goes to.
 * The state is one of India's (its GST code decides CGST + SGST or IGST on their orders).
 */
export const userAddUserBody = z
  .object({
    firstName: requiredText('First name', 100),
    lastName: z.preprocess(
      (v) => v ?? '',
      plainText('Last name').trim().max(100, 'Last name must be at most 100 characters.'),
    ),
    phone: indianMobile,
    email: z.preprocess(blankToUndefined, emailAddress().optional()),
    address: requiredText('Address', 500),
    city: requiredText('City', 100),
    state: requiredText('State', 100).refine((v) => stateCodeOf(v) !== undefined, {
      error: 'State must be a state or union territory of India.',
    }),
    pincode: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z
        .string({ error: 'Pin code is required.' })
        .trim()
        .min(1, 'Pin code is required.')
        .regex(PIN_CODE_PATTERN, PIN_CODE_FORMAT_MESSAGE),
    ),
    /** Addition (issue 38): a registered buyer, whose GSTIN's state is the address's. */
    gstin: buyerGstin,
    legalName: buyerLegalName,
  })
  .superRefine((body, ctx) => {
    refineRegistration(body, ctx);
    const mismatch = body.gstin && stateMismatch(body.gstin, body.state, 'the address');
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['gstin'], message: mismatch });
  });

export type UserAddUserBody = z.infer<typeof userAddUserBody>;

/** POST /user/add-user: its answer, the customer with the address (as get-user answers). */
export const userAddUserAnswer = answers(z.object({ user: customerWithAddressesDto }), 201);
