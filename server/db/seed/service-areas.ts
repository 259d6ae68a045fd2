import { count } from 'drizzle-orm';
import { fromMoney } from '../../lib/money';
import type { Database } from '../client';
import {
  deliveryChargesTable,
  deliveryTimesTable,
  pincodesTable,
  plansTable,
  type PinType,
} from '../schema';

/**
 * Real PIN codes of central Bengaluru, Delhi and Mumbai, with the kind of address they serve,
 * the locality and the city.
 */
const PIN_CODES: [string, PinType, string, string][] = [
  // Bengaluru
  ['560001', 'Office', 'MG Road', 'Bengaluru'],
  ['560002', 'Office', 'Bengaluru City', 'Bengaluru'],
  ['560003', 'Home', 'Malleswaram', 'Bengaluru'],
  ['560004', 'Home', 'Basavanagudi', 'Bengaluru'],
  ['560005', 'Home', 'Frazer Town', 'Bengaluru'],
  ['560008', 'Home', 'HAL II Stage', 'Bengaluru'],
  ['560011', 'Home', 'Jayanagar', 'Bengaluru'],
  ['560025', 'Office', 'Richmond Town', 'Bengaluru'],
  ['560034', 'Home', 'Koramangala', 'Bengaluru'],
  ['560038', 'Home', 'Indiranagar', 'Bengaluru'],
  ['560066', 'Office', 'Whitefield', 'Bengaluru'],
  ['560100', 'Office', 'Electronic City', 'Bengaluru'],
  ['560102', 'Home', 'HSR Layout', 'Bengaluru'],
  // Delhi
  ['110001', 'Office', 'Connaught Place', 'Delhi'],
  ['110002', 'Other', 'Darya Ganj', 'Delhi'],
  ['110003', 'Office', 'Lodhi Road', 'Delhi'],
  ['110005', 'Home', 'Karol Bagh', 'Delhi'],
  ['110006', 'Other', 'Chandni Chowk', 'Delhi'],
  ['110016', 'Home', 'Hauz Khas', 'Delhi'],
  ['110017', 'Home', 'Malviya Nagar', 'Delhi'],
  ['110019', 'Office', 'Kalkaji', 'Delhi'],
  ['110024', 'Home', 'Lajpat Nagar', 'Delhi'],
  ['110048', 'Home', 'Greater Kailash', 'Delhi'],
  ['110075', 'Home', 'Dwarka', 'Delhi'],
  // Mumbai
  ['400001', 'Office', 'Fort', 'Mumbai'],
  ['400002', 'Other', 'Kalbadevi', 'Mumbai'],
  ['400005', 'Home', 'Colaba', 'Mumbai'],
  ['400011', 'Office', 'Jacob Circle', 'Mumbai'],
  ['400016', 'Home', 'Mahim', 'Mumbai'],
  ['400018', 'Office', 'Worli', 'Mumbai'],
  ['400028', 'Home', 'Dadar West', 'Mumbai'],
  ['400050', 'Home', 'Bandra West', 'Mumbai'],
  ['400053', 'Home', 'Andheri West', 'Mumbai'],
  ['400076', 'Office', 'Powai', 'Mumbai'],
  ['400093', 'Office', 'Andheri East', 'Mumbai'],
];

const PLANS = [
  { name: 'Weekly', duration: 7, price: 1050 },
  { name: 'Monthly', duration: 30, price: 3999 },
  { name: 'Quarterly', duration: 90, price: 11499 },
];

async function isEmpty(db: Database, table: typeof pincodesTable | typeof plansTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * Service areas and tiffin settings for an empty database: pin codes, three tiffin plans,
 * delivery charges and delivery times. Each part is left alone once it holds data.
 */
export async function seedServiceAreas(db: Database): Promise<void> {
  if (await isEmpty(db, pincodesTable)) {
    await db
      .insert(pincodesTable)
      .values(PIN_CODES.map(([number, pinType, area, city]) => ({ number, pinType, area, city })))
      .onConflictDoNothing();
  }
  if (await isEmpty(db, plansTable)) {
    await db.insert(plansTable).values(PLANS.map((p) => ({ ...p, price: fromMoney(p.price) })));
  }
  await db
    .insert(deliveryChargesTable)
    .values({
      id: 'default',
      standardCharge: fromMoney(30),
      emergencyCharge: fromMoney(80),
      gst: fromMoney(18),
    })
    .onConflictDoNothing();
  await db
    .insert(deliveryTimesTable)
    .values({
      id: 'default',
      pickupTime: ['8:00 AM - 11:00 AM'],
      // The panel's form shows the first; subscriptions choose among all (the seeds' slots).
      deliveryTime: [
        '5:00 PM - 8:00 PM',
        '7:00 AM - 9:00 AM',
        '9:00 AM - 12:00 PM',
        '12:30 PM - 1:30 PM',
        '7:30 PM - 8:30 PM',
      ],
      gapHours: 6,
    })
    .onConflictDoNothing();
}
