import { loadSharp } from '../../lib/sharp';
import type { UploadStore } from '../../lib/uploadStore';
import { storeImage } from '../../lib/uploads';
import type { Database } from '../client';
import { bannersTable, categoriesTable, type CategoryKind } from '../schema';

interface BannerArt {
  headline: string;
  tagline: string;
  colours: [string, string];
}

/** One banner per service kind; the Home banners speak for the whole business. */
const KIND_BANNERS: Record<CategoryKind, BannerArt> = {
  water: {
    headline: 'Fresh 20 L jars at your door',
    tagline: 'Order by 10 am, delivered the same day',
    colours: ['#42a5f5', '#1565c0'],
  },
  oxygen: {
    headline: 'Oxygen cylinders, day and night',
    tagline: 'Rent or refill, with regulator and mask',
    colours: ['#4db6ac', '#00695c'],
  },
  laundry: {
    headline: 'Laundry picked up and pressed',
    tagline: 'Wash, steam iron and dry cleaning',
    colours: ['#ba68c8', '#6a1b9a'],
  },
  tiffin: {
    headline: 'Home-style meals, every day',
    tagline: 'Weekly and monthly tiffin plans',
    colours: ['#ffb74d', '#e65100'],
  },
  ecommerce: {
    headline: 'Household essentials, delivered',
    tagline: 'Add them to your regular order',
    colours: ['#f06292', '#ad1457'],
  },
  other: {
    headline: 'Services at your doorstep',
    tagline: 'Book in a minute from the app',
    colours: ['#90a4ae', '#455a64'],
  },
};

const HOME_BANNERS: { title: string; art: BannerArt[] }[] = [
  {
    title: 'Everything for your home, delivered',
    art: [
      {
        headline: 'Everything for your home, delivered',
        tagline: 'Water, oxygen, laundry and meals in one app',
        colours: ['#26a69a', '#00796b'],
      },
      {
        headline: 'First delivery free',
        tagline: 'For new customers in all service areas',
        colours: ['#7e57c2', '#4527a0'],
      },
    ],
  },
  {
    title: 'Emergency delivery in 60 minutes',
    art: [
      {
        headline: 'Emergency delivery in 60 minutes',
        tagline: 'Oxygen and water when you need them most',
        colours: ['#ef5350', '#b71c1c'],
      },
    ],
  },
];

/** A wide (1200x400) banner drawn as SVG and rendered to PNG. */
export async function bannerPng(art: BannerArt): Promise<Buffer> {
  const [from, to] = art.colours;
  // Sans-serif bold runs about 0.6 em per character: long headlines get a smaller size to fit.
  const headlineSize = Math.min(60, Math.floor(1000 / (art.headline.length * 0.6)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="400" fill="url(#g)"/>
    <circle cx="1060" cy="80" r="190" fill="#fff" opacity=".10"/>
    <circle cx="1130" cy="360" r="120" fill="#fff" opacity=".08"/>
    <text x="80" y="190" font-family="sans-serif" font-weight="700" font-size="${headlineSize}" fill="#fff">${escapeXml(art.headline)}</text>
    <text x="80" y="258" font-family="sans-serif" font-size="34" fill="#fff" opacity=".9">${escapeXml(art.tagline)}</text>
    <rect x="80" y="300" width="190" height="52" rx="26" fill="#fff"/>
    <text x="175" y="335" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="24" fill="${to}">Order now</text>
  </svg>`;
  return loadSharp().then((sharp) => sharp(Buffer.from(svg)).png().toBuffer());
}

function escapeXml(s: string) {
  return s.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!,
  );
}

async function storeArt(uploads: UploadStore, art: BannerArt[]): Promise<string[]> {
  const urls: string[] = [];
  for (const a of art) urls.push((await storeImage(uploads, await bannerPng(a))).url);
  return urls;
}

/**
 * On an empty banners table: the Home banners and one banner per category (run after the
 * categories are seeded). Returns whether it inserted anything.
 */
export async function seedBanners(db: Database, uploads: UploadStore): Promise<boolean> {
  const [any] = await db.select({ id: bannersTable.id }).from(bannersTable).limit(1);
  if (any) return false;
  const categories = await db
    .select({ id: categoriesTable.id, kind: categoriesTable.kind })
    .from(categoriesTable);
  const rows: (typeof bannersTable.$inferInsert)[] = [];
  for (const home of HOME_BANNERS) {
    rows.push({
      title: home.title,
      categoryId: null,
      imageUrls: await storeArt(uploads, home.art),
    });
  }
  for (const c of categories) {
    const art = KIND_BANNERS[c.kind] ?? KIND_BANNERS.other;
    rows.push({ title: art.headline, categoryId: c.id, imageUrls: await storeArt(uploads, [art]) });
  }
  await db.insert(bannersTable).values(rows);
  return true;
}
