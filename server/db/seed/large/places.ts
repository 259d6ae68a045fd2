import type { OrderAddress } from '../../schema';
import { ID_TAGS, lit, uuid7, weighted, type Timeline } from './expressions';
import type { Sql } from './run';

interface City {
  city: string;
  state: string;
  /** Pin codes firstPin, firstPin + 1, ... (real ranges of each city's head post offices). */
  firstPin: number;
  pins: number;
  localities: string[];
  /** The partner kitchen tiffins are picked up from. */
  kitchen: string;
}

/** Eight cities, 300 pin codes; customers spread over them in proportion to their pin codes. */
// prettier-ignore
export const CITIES: City[] = [
  { city: 'Bengaluru', state: 'Karnataka', firstPin: 560001, pins: 50, kitchen: 'Annapurna Home Kitchen, 14 3rd Cross, Jayanagar 4th Block',
    localities: ['MG Road', 'Malleswaram', 'Basavanagudi', 'Jayanagar 4th Block', 'Koramangala 5th Block', 'Indiranagar', 'Whitefield', 'HSR Layout Sector 2', 'JP Nagar 6th Phase', 'Rajajinagar', 'Banashankari', 'Hebbal'] },
  { city: 'Delhi', state: 'Delhi', firstPin: 110001, pins: 45, kitchen: 'Maa Ki Rasoi, B-22 Lajpat Nagar II',
    localities: ['Connaught Place', 'Karol Bagh', 'Hauz Khas', 'Malviya Nagar', 'Lajpat Nagar II', 'Greater Kailash I', 'Dwarka Sector 10', 'Rohini Sector 7', 'Janakpuri', 'Mayur Vihar Phase 1', 'Saket', 'Pitampura'] },
  { city: 'Mumbai', state: 'Maharashtra', firstPin: 400001, pins: 45, kitchen: 'Gharguti Dabba Kitchen, 7 Ranade Road, Dadar West',
    localities: ['Fort', 'Colaba', 'Dadar West', 'Bandra West', 'Andheri West', 'Powai', 'Andheri East', 'Goregaon East', 'Malad West', 'Chembur', 'Worli', 'Borivali West'] },
  { city: 'Hyderabad', state: 'Telangana', firstPin: 500001, pins: 35, kitchen: 'Amma Chethi Vanta, Road No. 12, Banjara Hills',
    localities: ['Abids', 'Banjara Hills', 'Jubilee Hills', 'Madhapur', 'Gachibowli', 'Kukatpally', 'Ameerpet', 'Begumpet', 'Secunderabad', 'Kondapur'] },
  { city: 'Chennai', state: 'Tamil Nadu', firstPin: 600001, pins: 35, kitchen: 'Saapadu Home Foods, 21 TTK Road, Alwarpet',
    localities: ['George Town', 'T Nagar', 'Mylapore', 'Adyar', 'Anna Nagar', 'Velachery', 'Nungambakkam', 'Besant Nagar', 'Porur', 'Tambaram'] },
  { city: 'Pune', state: 'Maharashtra', firstPin: 411001, pins: 30, kitchen: 'Aaji Cha Dabba, 5 Prabhat Road, Erandwane',
    localities: ['Camp', 'Shivajinagar', 'Kothrud', 'Aundh', 'Baner', 'Viman Nagar', 'Hadapsar', 'Wakad', 'Kalyani Nagar', 'Hinjewadi Phase 1'] },
  { city: 'Kolkata', state: 'West Bengal', firstPin: 700001, pins: 30, kitchen: 'Maa Er Ranna, 48 Hindustan Park, Gariahat',
    localities: ['BBD Bagh', 'Park Street', 'Ballygunge', 'Salt Lake Sector V', 'New Town', 'Behala', 'Tollygunge', 'Gariahat', 'Dum Dum', 'Jadavpur'] },
  { city: 'Ahmedabad', state: 'Gujarat', firstPin: 380001, pins: 30, kitchen: 'Gujarati Thali Ghar, 3 CG Road, Navrangpura',
    localities: ['Lal Darwaja', 'Navrangpura', 'Satellite', 'Vastrapur', 'Bodakdev', 'Maninagar', 'Paldi', 'Thaltej', 'Prahlad Nagar', 'Chandkheda'] },
];

// prettier-ignore
const BUILDINGS = [
  'Sai Residency', 'Green Park Apartments', 'Lakeview Towers', 'Shanti Nivas', 'Prestige Shantiniketan',
  'Sobha Dream Acres', 'Royal Enclave', 'Krishna Kunj', 'Gokul Dham Society', 'Silver Oak Apartments',
  'Sunshine Heights', 'Ganga Vihar', 'Lodha Paradise', 'Brigade Meadows', 'DLF Garden City', 'Hiranandani Gardens',
];

/** Where each city's pin codes start in the list of places (place = start + pin offset). */
const CITY_START = CITIES.map((_c, i) => CITIES.slice(0, i).reduce((s, c) => s + c.pins, 0));
export const PLACE_COUNT = CITIES.reduce((s, c) => s + c.pins, 0);

/** A customer's city: weighted by its pin codes, so every pin code gets a similar share. */
export const cityOf = (u: string) =>
  weighted(
    CITIES.map((c) => c.pins),
    u,
  );

/** The place (0-based, a pin code of `city`) for the number `u` in [0, 1). */
export const placeIn = (city: string, u: string) =>
  `((ARRAY[${CITY_START.join(',')}])[${city} + 1] + floor((${u}) * (ARRAY[${CITIES.map((c) => c.pins).join(',')}])[${city} + 1])::int)`;

/** The street part of an address, from a number fixed per address and its place `pl`. */
export const streetAddress = (u: string, pl: string) =>
  `('Flat ' || (101 + floor((${u}) * 900)::int) || ', ' || (ARRAY[${BUILDINGS.map(lit).join(',')}])[1 + floor((${u}) * 7919)::int % ${BUILDINGS.length}]
    || ', ' || ${pl}.locality || ', ' || ${pl}.city || ' ' || ${pl}.pincode)`;

/** The address snapshot an order keeps (OrderAddress) of the address at place `pl`. */
export const addressJson = (fullAddress: string, pl: string) =>
  `jsonb_build_object('fullAddress', ${fullAddress}, 'city', ${pl}.city, 'state', ${pl}.state, 'pincode', ${pl}.pincode)`;

/** The kitchen of the city `city` (0-based), as an order's pickup address. */
export function kitchenJson(city: string): string {
  const kitchens = CITIES.map((c, i) => {
    const address: OrderAddress = {
      fullAddress: `${c.kitchen}, ${c.city}`,
      city: c.city,
      state: c.state,
      pincode: String(c.firstPin + (i % c.pins)),
    };
    return `${lit(JSON.stringify(address))}::jsonb`;
  });
  return `(ARRAY[${kitchens.join(',')}])[${city} + 1]`;
}

/**
 * The work table `seed_place` (one row per pin code: its place number, city and locality)
 * that every address joins, and the pin codes themselves in `pincodes` (those already there
 * are kept).
 */
export async function loadPlaces(run: Sql, timeline: Timeline): Promise<void> {
  const rows = CITIES.flatMap((c, city) =>
    Array.from({ length: c.pins }, (_x, j) => {
      const place = CITY_START[city]! + j;
      const locality = c.localities[j % c.localities.length]!;
      // One in ten a business district, one in twenty a mixed area, the rest residential.
      const pinType = place % 10 === 3 ? 'Office' : place % 20 === 7 ? 'Other' : 'Home';
      return `(${place}, ${city}, ${lit(String(c.firstPin + j))}, ${lit(c.city)}, ${lit(c.state)}, ${lit(locality)}, ${lit(pinType)})`;
    }),
  );
  await run(`CREATE UNLOGGED TABLE seed_place (p int PRIMARY KEY, city_index int, pincode text,
    city text, state text, locality text, pin_type text)`);
  await run(`INSERT INTO seed_place VALUES ${rows.join(',\n')}`);
  await run(`ANALYZE seed_place`);
  const added = `${lit(timeline.start.toISOString())}::timestamptz - interval '30 days'`;
  await run(`INSERT INTO pincodes (id, number, pin_type, status, created_at, updated_at)
    SELECT ${uuid7('added', 'p', ID_TAGS.pincode)}, pincode, pin_type, 'Active', added, added
    FROM seed_place, LATERAL (SELECT ${added} + p * interval '1 minute' AS added) t
    ON CONFLICT (number) DO NOTHING`);
}
