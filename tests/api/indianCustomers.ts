/**
 * Customers whose names and addresses are written in Indian scripts, for the PDF tests (the job
 * sheet, the run sheet): `place()` of orderFixtures takes them as `customer`.
 *
 * pdf.js (pdf-parse) reads a PDF's text in the order its glyphs are drawn, so text whose vowel
 * sign is drawn before its consonant (the short i of किताब, Tamil's ெ ே ை) or whose repha moves
 * (कार्य) reads back jumbled even though it prints right; the texts here avoid them so that
 * they read back as written.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '@server/db/client';
import { customerAddressesTable, customersTable, type OrderAddress } from '@server/db/schema';
import type { FixtureCustomer } from './orderFixtures';

export async function addCustomer(
  db: Database,
  firstName: string,
  lastName: string,
  phone: string,
  address: OrderAddress,
): Promise<FixtureCustomer> {
  const email = `script.${randomBytes(4).toString('hex')}@example.in`;
  const [c] = await db
    .insert(customersTable)
    .values({ firstName, lastName, email, phone })
    .returning();
  const [a] = await db
    .insert(customerAddressesTable)
    .values({ customerId: c!.id, ...address, isDefault: true })
    .returning();
  return { id: c!.id, firstName, lastName, email, phone, addressId: a!.id, address };
}

/** A Hindi name and address (Devanagari, printed in Noto Sans). */
export const HINDI = {
  firstName: 'राजेश',
  lastName: 'कुमार',
  name: 'राजेश कुमार',
  address: {
    fullAddress: 'मकान नं. 12, गली नं. 3, लाजपत नगर',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110024',
  },
  /** How the address reads back: the address line with its city, state and pin code. */
  street: 'मकान नं. 12, गली नं. 3, लाजपत नगर',
};

/** A Tamil name and address (Noto Sans Tamil). */
export const TAMIL = {
  firstName: 'முருகன்',
  lastName: 'சுப்பிரமணியம்',
  name: 'முருகன் சுப்பிரமணியம்',
  address: {
    fullAddress: '7, அண்ணா நகர், T. Nagar',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600017',
  },
  street: '7, அண்ணா நகர், T. Nagar',
};
