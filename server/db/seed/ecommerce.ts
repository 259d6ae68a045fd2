import { eq } from 'drizzle-orm';
import { fromMoney } from '../../lib/money';
import type { UploadStore } from '../../lib/uploadStore';
import { storeImage } from '../../lib/uploads';
import type { Database } from '../client';
import { categoriesTable, ecommerceProductsTable, subCategoriesTable } from '../schema';
import { illustrationPng } from './images';

/** [title, brand, description, price, discount price, stock, sold, active] */
type SeedProduct = [string, string, string, number, number, number, number, boolean?];

interface SeedShelf {
  name: string;
  /** Short text drawn on the generated image. */
  label: string;
  title: string;
  description: string;
  products: SeedProduct[];
}

/**
 * Household brands an Indian customer buys every month, at MRP and a typical offer price.
 * Kept one product a line, as a price list reads.
 */
// prettier-ignore
export const ECOMMERCE_SHELVES: SeedShelf[] = [
  {
    name: 'Kitchen & Dining',
    label: 'Kitchen',
    title: 'Cookware, flasks and tableware',
    description: 'Pressure cookers, tawas, flasks, bottles and dinner sets for the Indian kitchen.',
    products: [
      ['Popular Aluminium Pressure Cooker 3 L', 'Prestige', 'Outer-lid cooker with gasket release system, gas and induction ready.', 1895, 1549, 40, 312],
      ['Thermosteel Flip Lid Flask 1 L', 'Milton', 'Double-walled steel flask, keeps tea hot or water cold for 24 hours.', 1140, 899, 85, 540],
      ['Non-stick Flat Tawa 28 cm', 'Pigeon', 'Three-layer non-stick coating, for rotis, dosas and parathas.', 899, 549, 60, 426],
      ['Opalware Dinner Set, 27 pieces', 'Cello', 'Dishwasher and microwave safe dinner set for six.', 3499, 2399, 18, 97],
      ['Glass Mixing Bowl Set of 3', 'Borosil', 'Microwave safe borosilicate bowls of 500 ml, 1.3 L and 2.5 L.', 1290, 999, 35, 158],
      ['Contura Hard Anodised Pressure Cooker 2 L', 'Hawkins', 'Curved-body cooker that stays black and does not react with food.', 2450, 2150, 22, 131],
      ['Aquasafe Water Bottle 1 L, set of 4', 'Tupperware', 'Leak-proof food-grade bottles for the fridge.', 960, 820, 50, 276],
      ['Smart Glass Top 2 Burner Gas Stove', 'Butterfly', 'Toughened glass top with brass burners, manual ignition.', 4995, 3299, 0, 64, false],
    ],
  },
  {
    name: 'Cleaning Supplies',
    label: 'Cleaning',
    title: 'Dishwash, floor, toilet and laundry care',
    description: 'Everything to keep the home, the dishes and the clothes clean.',
    products: [
      ['Dishwash Liquid Gel Lemon 750 ml', 'Vim', 'Power of 100 lemons, cuts grease on utensils.', 185, 165, 240, 1864],
      ['Power Plus Toilet Cleaner 1 L', 'Harpic', 'Kills 99.9% germs and removes tough stains.', 215, 189, 180, 1422],
      ['Disinfectant Floor Cleaner Citrus 975 ml', 'Lizol', 'Kills 99.9% germs, for all floors.', 229, 199, 160, 1198],
      ['Glass and Surface Cleaner 500 ml', 'Colin', 'Streak-free shine for glass, mirrors and tables.', 119, 105, 120, 644],
      ['Easy Wash Detergent Powder 1 kg', 'Surf Excel', 'Removes tough stains in a bucket wash.', 140, 132, 300, 2105],
      ['Matic Front Load Detergent 2 kg', 'Ariel', 'Low-foam powder for front-load washing machines.', 699, 575, 0, 388, false],
      ['Scrub Pad, pack of 3', 'Scotch-Brite', 'Long-lasting green scrubbers for utensils.', 60, 55, 400, 2310],
      ['Detergent Bar 250 g, pack of 4', 'Rin', 'Brightens whites with every wash.', 100, 92, 210, 976],
    ],
  },
  {
    name: 'Personal Care',
    label: 'Personal Care',
    title: 'Bath, oral and skin care',
    description: 'Soaps, toothpaste, shampoo, oils and creams for the whole family.',
    products: [
      ['Original Bathing Soap 125 g, pack of 4', 'Dettol', 'Germ protection bathing bar for the family.', 240, 209, 260, 1733],
      ['Strong Teeth Toothpaste 200 g', 'Colgate', 'Calcium-boost toothpaste for strong teeth.', 136, 122, 310, 2254],
      ['Cream Beauty Bathing Bar 100 g, pack of 3', 'Dove', 'One-quarter moisturising cream for soft skin.', 195, 171, 150, 864],
      ['Purifying Neem Face Wash 150 ml', 'Himalaya', 'Soap-free herbal face wash that prevents pimples.', 210, 182, 140, 941],
      ['Pure Coconut Oil 600 ml', 'Parachute', '100% pure edible-grade coconut oil for hair.', 285, 259, 190, 1387],
      ['Strength & Shine Shampoo 650 ml', 'Clinic Plus', 'Milk-protein shampoo for long, strong hair.', 349, 299, 95, 612],
      ['Soft Light Moisturising Cream 200 ml', 'Nivea', 'Non-sticky cream with jojoba oil and vitamin E.', 399, 329, 0, 245, false],
      ['Instant Hand Sanitizer 500 ml', 'Dettol', 'Kills 99.99% germs without water.', 250, 225, 70, 503],
    ],
  },
  {
    name: 'Home Essentials',
    label: 'Home',
    title: 'Lighting, repellents and everyday needs',
    description: 'Bulbs, batteries, mosquito repellents, fresheners and garbage bags.',
    products: [
      ['Gold Flash Liquid Vaporizer Refill, pack of 2', 'Good Knight', 'Up to 60 nights of protection from mosquitoes.', 178, 159, 220, 1566],
      ['Room Freshener Blocks 50 g, pack of 4', 'Odonil', 'Lasts up to 30 days in bathrooms.', 220, 189, 130, 702],
      ['9 W LED Bulb B22, pack of 4', 'Philips', 'Cool daylight bulbs that save up to 85% energy.', 560, 399, 90, 833],
      ['4+1 Socket Extension Board with Switch', 'Havells', 'Surge protected, 1.5 m cable, ISI marked.', 799, 649, 0, 118, false],
      ['AA Alkaline Batteries, pack of 10', 'Eveready', 'Long-lasting batteries for remotes, clocks and toys.', 400, 360, 110, 587],
      ['Kitchen Towel Roll, pack of 2', 'Origami', 'Absorbent two-ply paper towels, 60 pulls a roll.', 170, 149, 160, 924],
      ['Cockroach Killer Spray 625 ml', 'Hit', 'Kills cockroaches in cracks and corners.', 299, 265, 75, 451],
      ['Garbage Bags Medium, 30 bags', 'Ezee', 'Black bags of 48 x 56 cm for kitchen bins.', 120, 99, 200, 1240],
    ],
  },
  {
    name: 'Snacks & Beverages',
    label: 'Snacks',
    title: 'Tea, coffee, namkeen and biscuits',
    description: 'Pantry favourites: tea, coffee, namkeen, biscuits, noodles and juices.',
    products: [
      ['Gold Tea 500 g', 'Tata Tea', 'Assam CTC with long leaves for a rich, aromatic cup.', 355, 319, 180, 1935],
      ['Instant Coffee 100 g', 'Bru', 'Coffee and chicory blend, pouch.', 295, 265, 120, 876],
      ['Aloo Bhujia 400 g', "Haldiram's", 'Crispy potato and gram-flour namkeen.', 120, 108, 230, 1688],
      ['Gold Biscuits 1 kg', 'Parle', 'Glucose biscuits with more milk.', 150, 140, 170, 1290],
      ['Good Day Cashew Cookies 600 g', 'Britannia', 'Butter cookies with cashew bits.', 180, 162, 140, 1047],
      ['2-Minute Masala Noodles, pack of 12', 'Maggi', 'Twelve 70 g packs of masala noodles.', 168, 156, 260, 2389],
      ['Fruit Power Mixed Fruit Juice 1 L', 'Real', 'Nine fruits, no added preservatives.', 125, 110, 95, 634],
      ['Kool Kesar Flavoured Milk 180 ml, pack of 6', 'Amul', 'Chilled saffron milk in bottles.', 180, 170, 60, 415],
    ],
  },
];

const DAY = 86_400_000;

/**
 * The demo e-commerce catalogue: five product categories (sub-categories of the category of
 * kind `ecommerce`) and forty products with generated images, added over the last six months.
 * Does nothing when e-commerce products exist or there is no e-commerce category; a category
 * of the same name that already exists is reused. Returns true when it inserted anything.
 */
export async function seedEcommerce(db: Database, uploads: UploadStore): Promise<boolean> {
  const [existing] = await db
    .select({ id: ecommerceProductsTable.id })
    .from(ecommerceProductsTable)
    .limit(1);
  if (existing) return false;
  const [parent] = await db
    .select({ id: categoriesTable.id })
    .from(categoriesTable)
    .where(eq(categoriesTable.kind, 'ecommerce'));
  if (!parent) return false;

  // Images are content-addressed: write them before the rows (a retry reuses them).
  const images = new Map<string, string>();
  const image = async (label: string) => {
    if (!images.has(label)) {
      images.set(label, (await storeImage(uploads, await illustrationPng('ecommerce', label))).url);
    }
    return images.get(label)!;
  };
  for (const shelf of ECOMMERCE_SHELVES) {
    await image(shelf.label);
    for (const [, brand] of shelf.products) await image(brand);
  }

  const now = Date.now();
  await db.transaction(async (tx) => {
    const present = await tx
      .select({ id: subCategoriesTable.id, name: subCategoriesTable.name })
      .from(subCategoriesTable)
      .where(eq(subCategoriesTable.categoryId, parent.id));
    const byName = new Map(present.map((s) => [s.name.toLowerCase(), s.id]));

    let n = 0;
    for (const [i, shelf] of ECOMMERCE_SHELVES.entries()) {
      let subCategoryId = byName.get(shelf.name.toLowerCase());
      if (!subCategoryId) {
        const [row] = await tx
          .insert(subCategoriesTable)
          .values({
            categoryId: parent.id,
            name: shelf.name,
            title: shelf.title,
            description: shelf.description,
            image: images.get(shelf.label)!,
            createdAt: new Date(now - (185 - i) * DAY),
          })
          .returning({ id: subCategoriesTable.id });
        subCategoryId = row!.id;
      }
      await tx.insert(ecommerceProductsTable).values(
        shelf.products.map(
          ([title, brandName, description, price, discount, stock, sold, active]) => {
            n += 1;
            return {
              subCategoryId: subCategoryId!,
              title,
              brandName,
              description,
              image: images.get(brandName)!,
              price: fromMoney(price),
              discountPrice: fromMoney(discount),
              stockQuantity: stock,
              noOfSolds: sold,
              status: active === false ? ('Inactive' as const) : ('Active' as const),
              // Spread over the last six months, interleaving the shelves, a few hours apart.
              createdAt: new Date(now - ((n * 37) % 180) * DAY - n * 3_600_000),
            };
          },
        ),
      );
    }
  });
  return true;
}
