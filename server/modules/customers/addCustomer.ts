import { eq, sql } from 'drizzle-orm';
import { familyIdOf } from '@shared/familyId';
import type { Database } from '../../db/client';
import { customerAddressesTable, customersTable } from '../../db/schema';
import { conflict, isUniqueViolation } from '../../lib/errors';
import { assertServedPincode } from '../pincodes/served';
import type { UserAddUserBody } from './schemas';

/**
 * user/add-user (issue 37): a caller added by phone, with their default address, in one
 * transaction. A phone already used is refused (409) naming its customer, so the operator finds
 * them instead; the check and the insert run under a lock on the phone number, so two operators
 * adding the same caller at once cannot both succeed. The pin code must be an Active one.
 */
export async function addCustomer(db: Database, body: UserAddUserBody) {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`customer-phone:${body.phone}`}, 0))`,
      );
      // Served by customers_phone_trgm_idx (pg_trgm's GIN indexes answer = as well as LIKE).
      const [same] = await tx
        .select({
          id: customersTable.id,
          firstName: customersTable.firstName,
          lastName: customersTable.lastName,
        })
        .from(customersTable)
        .where(eq(customersTable.phone, body.phone))
        .limit(1);
      if (same) {
        const name = `${same.firstName} ${same.lastName}`.trim();
        throw conflict(
          `${name} (Family Id ${familyIdOf(same.id)}) already has the phone number ${body.phone}. Find them by their phone instead of adding them again.`,
        );
      }
      await assertServedPincode(tx, body.pincode);
      const [customer] = await tx
        .insert(customersTable)
        .values({
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone,
          // No e-mail: '' (customers_email_key is unique among the customers who have one).
          email: body.email ?? '',
          // A registered buyer (issue 38): the schema checked the GSTIN against the state.
          gstin: body.gstin || null,
          legalName: body.gstin ? body.legalName! : null,
        })
        .returning();
      const [address] = await tx
        .insert(customerAddressesTable)
        .values({
          customerId: customer!.id,
          fullAddress: body.address,
          city: body.city,
          state: body.state,
          pincode: body.pincode,
          isDefault: true,
        })
        .returning();
      return { customer: customer!, address: address! };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_email_key')) {
      throw conflict('Another user already has this e-mail address.');
    }
    throw err;
  }
}
