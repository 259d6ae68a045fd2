import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { pincodesTable } from './tables';

/**
 * Refuses (400) a pin code that is not an Active one of Pin Codes, with what to do about it:
 * an order is only delivered there (order/place-order), and a customer added by phone
 * (user/add-user) is added to be delivered to. One lookup by pincodes_number_key.
 */
export async function assertServedPincode(db: Database | Transaction, number: string) {
  const [pincode] = await db
    .select({ status: pincodesTable.status })
    .from(pincodesTable)
    .where(eq(pincodesTable.number, number));
  if (!pincode) {
    throw badRequest(`Pin code ${number} is not a service area. Add it under Pin Codes first.`);
  }
  if (pincode.status !== 'Active') {
    throw badRequest(`Pin code ${number} is inactive. Make it active under Pin Codes first.`);
  }
}
