import { count } from 'drizzle-orm';
import type { Database } from '../client';
import {
  accountEntriesTable,
  customerAddressesTable,
  customersTable,
  type CustomerStatus,
} from '../schema';
import { generator } from './random';

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Arjun',
  'Reyansh',
  'Ishaan',
  'Kabir',
  'Rohan',
  'Siddharth',
  'Rahul',
  'Vikram',
  'Karthik',
  'Nikhil',
  'Pranav',
  'Manish',
  'Suresh',
  'Rajesh',
  'Amit',
  'Ananya',
  'Diya',
  'Priya',
  'Kavya',
  'Saanvi',
  'Aadhya',
  'Meera',
  'Pooja',
  'Sneha',
  'Neha',
  'Lakshmi',
  'Divya',
  'Shruti',
  'Aishwarya',
  'Riya',
  'Tanvi',
  'Nandini',
  'Fatima',
  'Zoya',
  'Harpreet',
  'Gurpreet',
  'Joseph',
  'Mary',
  'Farhan',
  'Imran',
  'Deepa',
  'Sunita',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Iyengar',
  'Reddy',
  'Nair',
  'Menon',
  'Pillai',
  'Rao',
  'Kulkarni',
  'Deshpande',
  'Patil',
  'Joshi',
  'Mehta',
  'Shah',
  'Patel',
  'Gupta',
  'Agarwal',
  'Singh',
  'Chopra',
  'Malhotra',
  'Kapoor',
  'Bose',
  'Banerjee',
  'Chatterjee',
  'Das',
  'Mukherjee',
  'Gowda',
  'Hegde',
  'Shetty',
  'Khan',
  'Qureshi',
  "D'Souza",
  'Fernandes',
  'Gill',
  'Sandhu',
];
const DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'hotmail.com'];

/** Real PIN codes with a locality, per city. */
const PLACES: { city: string; state: string; areas: [string, string][] }[] = [
  {
    city: 'Bengaluru',
    state: 'Karnataka',
    areas: [
      ['560001', 'MG Road'],
      ['560011', 'Jayanagar 4th Block'],
      ['560034', 'Koramangala 5th Block'],
      ['560038', 'Indiranagar 100 Feet Road'],
      ['560066', 'Whitefield Main Road'],
      ['560102', 'HSR Layout Sector 2'],
    ],
  },
  {
    city: 'Delhi',
    state: 'Delhi',
    areas: [
      ['110001', 'Connaught Place'],
      ['110016', 'Hauz Khas'],
      ['110017', 'Malviya Nagar'],
      ['110024', 'Lajpat Nagar II'],
      ['110048', 'Greater Kailash I'],
      ['110075', 'Dwarka Sector 10'],
    ],
  },
  {
    city: 'Mumbai',
    state: 'Maharashtra',
    areas: [
      ['400001', 'Fort'],
      ['400028', 'Dadar West'],
      ['400050', 'Bandra West'],
      ['400053', 'Andheri West'],
      ['400076', 'Powai'],
      ['400099', 'Andheri East'],
    ],
  },
];
const BUILDINGS = ['Sai Residency', 'Green Park Apartments', 'Lakeview Towers', 'Shanti Nivas'];

const BATCH = 100;
const DAY = 24 * 60 * 60 * 1000;

/** The reason on the demo's opening entries (the migration's carried-over wallets say another). */
export const OPENING_REASON = 'Balance brought over from the old wallet';
/** Days before now the demo's ledger opens: before its oldest order (six months). */
export const LEDGER_OPENS_DAYS = 182;

/**
 * Demo customers (`count`, 300 by default) with Indian names, mobile numbers, e-mails, wallets
 * in rupees and 1-2 addresses in Bengaluru, Delhi or Mumbai; most Active, some Blocked and
 * Inactive. A wallet is an 'opening' account entry dated when the ledger opens (the entries'
 * trigger sets customers.wallet from it). Does nothing when the customers table already holds rows.
 */
export async function seedCustomers(db: Database, total = 300): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(customersTable);
  if ((existing?.n ?? 0) > 0) return;
  const rnd = generator(20250305);
  const now = Date.now();
  for (let start = 0; start < total; start += BATCH) {
    const rows: (typeof customersTable.$inferInsert)[] = [];
    /** Paise each new customer's account opens with. */
    const opening: number[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const firstName = rnd.pick(FIRST_NAMES);
      const lastName = rnd.pick(LAST_NAMES);
      const roll = rnd.next();
      const status: CustomerStatus = roll < 0.8 ? 'Active' : roll < 0.9 ? 'Blocked' : 'Inactive';
      const handle = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
      const email = `${handle}${i + 1}@${rnd.pick(DOMAINS)}`;
      const phone = `${rnd.pick(['6', '7', '8', '9'])}${String(100000000 + rnd.int(900000000))}`;
      opening.push((rnd.next() < 0.3 ? 0 : rnd.int(400) * 5) * 100);
      rows.push({
        firstName,
        lastName,
        userName: `${handle.replace('.', '_')}${i + 1}`,
        email,
        phone,
        // The wallet comes from the opening entry below (kept by the entries' trigger).
        wallet: '0',
        status,
        isEmailVerified: rnd.next() < 0.7,
        isPhoneVerified: rnd.next() < 0.9,
        createdAt: new Date(now - rnd.int(540) * DAY - rnd.int(DAY)),
      });
    }
    const inserted = await db
      .insert(customersTable)
      .values(rows)
      .returning({ id: customersTable.id });
    const addresses: (typeof customerAddressesTable.$inferInsert)[] = [];
    for (const { id } of inserted) {
      const place = rnd.pick(PLACES);
      const howMany = rnd.next() < 0.3 ? 2 : 1;
      for (let a = 0; a < howMany; a++) {
        const [pincode, area] = rnd.pick(place.areas);
        addresses.push({
          customerId: id,
          fullAddress: `Flat ${101 + rnd.int(900)}, ${rnd.pick(BUILDINGS)}, ${area}, ${place.city} ${pincode}`,
          city: place.city,
          state: place.state,
          pincode,
          isDefault: a === 0,
        });
      }
    }
    await db.insert(customerAddressesTable).values(addresses);
    const opened = new Date(now - LEDGER_OPENS_DAYS * DAY);
    const openings = inserted.flatMap(({ id }, n) => {
      const amount = opening[n]!;
      return amount
        ? [{ customerId: id, kind: 'opening' as const, amount, reason: OPENING_REASON, at: opened }]
        : [];
    });
    if (openings.length) await db.insert(accountEntriesTable).values(openings);
  }
}
