import { z } from 'zod';
import type { CustomerStatus } from '../../db/schema';
import { money, timestamp } from '../../lib/responses';

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
export const customerWithAddressesDto = customerDto.extend({ addresses: z.array(addressDto) });
