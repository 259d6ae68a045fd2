import { count, eq } from 'drizzle-orm';
import { fromMoney } from '../../lib/money';
import type { UploadStore } from '../../lib/uploadStore';
import { storeImage } from '../../lib/uploads';
import type { Database } from '../client';
import {
  accessoriesTable,
  categoriesTable,
  productsTable,
  subCategoriesTable,
  type CategoryKind,
} from '../schema';
import { illustrationPng } from './images';

interface SeedProduct {
  name: string;
  title: string;
  description: string;
  price: number;
  discountPrice: number;
  stockQuantity: number;
  quantity?: number;
}

interface SeedAccessory {
  name: string;
  type: string;
  material: string;
  price: number;
  discountPrice: number;
  stockQuantity: number;
}

const WATER_PRODUCTS: SeedProduct[] = [
  {
    name: '20 L Water Jar',
    title: 'Packaged drinking water, 20 litres',
    description: 'BIS-certified RO + UV treated drinking water in a sealed 20 litre jar.',
    price: 90,
    discountPrice: 80,
    stockQuantity: 400,
    quantity: 20,
  },
  {
    name: '25 L Water Jar',
    title: 'Packaged drinking water, 25 litres',
    description: 'Mineral-enriched drinking water in a sealed 25 litre jar for larger homes.',
    price: 120,
    discountPrice: 110,
    stockQuantity: 250,
    quantity: 25,
  },
];

const WATER_ACCESSORIES: SeedAccessory[] = [
  {
    name: 'Hot & Cold Dispenser',
    type: 'dispenser',
    material: 'plastic',
    price: 6499,
    discountPrice: 5999,
    stockQuantity: 15,
  },
  {
    name: 'Jar Tap',
    type: 'tap',
    material: 'plastic',
    price: 120,
    discountPrice: 99,
    stockQuantity: 200,
  },
  {
    name: 'Steel Jar Stand',
    type: 'stand',
    material: 'metal',
    price: 799,
    discountPrice: 699,
    stockQuantity: 40,
  },
  {
    name: 'Jar Cap (pack of 10)',
    type: 'cap',
    material: 'plastic',
    price: 60,
    discountPrice: 50,
    stockQuantity: 500,
  },
];

const OXYGEN_PRODUCTS: SeedProduct[] = [
  {
    name: '10 L Oxygen Cylinder',
    title: 'Portable medical oxygen, 10 litres',
    description: 'Filled 10 litre medical oxygen cylinder for home care, refill on exchange.',
    price: 3500,
    discountPrice: 3200,
    stockQuantity: 30,
  },
  {
    name: '46.7 L Oxygen Cylinder',
    title: 'Large medical oxygen, 46.7 litres (D-type)',
    description: 'Filled 46.7 litre D-type cylinder for longer use; delivered and fitted.',
    price: 9500,
    discountPrice: 8900,
    stockQuantity: 12,
  },
];

const OXYGEN_ACCESSORIES: SeedAccessory[] = [
  {
    name: 'Oxygen Regulator',
    type: 'regulator',
    material: 'metal',
    price: 1800,
    discountPrice: 1599,
    stockQuantity: 25,
  },
  {
    name: 'Adult Oxygen Mask',
    type: 'mask',
    material: 'silicone',
    price: 250,
    discountPrice: 199,
    stockQuantity: 120,
  },
  {
    name: 'Flow Meter',
    type: 'flow_meter',
    material: 'metal',
    price: 1450,
    discountPrice: 1299,
    stockQuantity: 20,
  },
  {
    name: 'Humidifier Bottle',
    type: 'humidifier_bottle',
    material: 'plastic',
    price: 350,
    discountPrice: 299,
    stockQuantity: 60,
  },
];

const LAUNDRY: {
  name: string;
  title: string;
  description: string;
  items: [name: string, price: number][];
}[] = [
  {
    name: 'Wash & Fold',
    title: 'Machine wash, dry and fold',
    description: 'Everyday clothes washed with mild detergent, dried and neatly folded.',
    items: [
      ['Shirt', 30],
      ['Trousers', 35],
      ['Bedsheet', 60],
      ['Blanket', 180],
    ],
  },
  {
    name: 'Steam Iron',
    title: 'Crisp steam ironing',
    description: 'Steam pressed and returned on hangers or folded, as you like.',
    items: [
      ['Shirt', 15],
      ['Trousers', 15],
      ['Saree', 50],
    ],
  },
  {
    name: 'Dry Clean',
    title: 'Solvent dry cleaning for delicate fabrics',
    description: 'Gentle dry cleaning for silk, wool and embroidered garments.',
    items: [
      ['Saree', 250],
      ['Suit (2 piece)', 350],
      ['Blanket', 400],
    ],
  },
];

const money = (p: { price: number; discountPrice: number }) => ({
  price: fromMoney(p.price),
  discountPrice: fromMoney(p.discountPrice),
});

/**
 * A realistic catalogue for the seeded service categories (found by kind), with generated
 * images; only when the products table is empty. Returns true when it inserted anything.
 */
export async function seedCatalogue(db: Database, uploads: UploadStore): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(productsTable);
  if ((existing?.n ?? 0) > 0) return false;

  const image = async (kind: CategoryKind, label: string) =>
    (await storeImage(uploads, await illustrationPng(kind, label))).url;
  const categoryOf = async (kind: CategoryKind) => {
    const [row] = await db
      .select({ id: categoriesTable.id })
      .from(categoriesTable)
      .where(eq(categoriesTable.kind, kind));
    return row?.id;
  };

  let inserted = false;
  for (const [kind, products, accessories] of [
    ['water', WATER_PRODUCTS, WATER_ACCESSORIES],
    ['oxygen', OXYGEN_PRODUCTS, OXYGEN_ACCESSORIES],
  ] as const) {
    const categoryId = await categoryOf(kind);
    if (!categoryId) continue;
    for (const p of products) {
      await db.insert(productsTable).values({
        ...p,
        ...money(p),
        quantity: p.quantity ?? null,
        categoryId,
        image: await image(kind, p.name.split(' ').slice(0, 2).join(' ')),
      });
    }
    for (const a of accessories) {
      await db.insert(accessoriesTable).values({
        ...a,
        ...money(a),
        categoryId,
        imageUrl: await image(kind, a.name.split(' ').slice(-1)[0]!),
      });
    }
    inserted = true;
  }

  const laundryId = await categoryOf('laundry');
  if (laundryId) {
    for (const sub of LAUNDRY) {
      const [row] = await db
        .insert(subCategoriesTable)
        .values({
          categoryId: laundryId,
          name: sub.name,
          title: sub.title,
          description: sub.description,
          image: await image('laundry', sub.name),
        })
        .returning({ id: subCategoriesTable.id });
      for (const [item, price] of sub.items) {
        await db.insert(productsTable).values({
          categoryId: laundryId,
          subCategoryId: row!.id,
          name: `${item} - ${sub.name}`,
          title: `${item}, ${sub.name.toLowerCase()}`,
          description: `${sub.title} for one ${item.toLowerCase()}, priced per piece.`,
          ...money({ price, discountPrice: price }),
          stockQuantity: 1000,
          image: await image('laundry', item),
        });
      }
    }
    inserted = true;
  }
  return inserted;
}
