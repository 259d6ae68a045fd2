import { z } from 'zod';
import { categoriesTable, type CategoryKind } from '../../db/schema';
import type { Database } from '../../db/client';
import { eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../lib/errors';
import { nonNegativeInteger, nonNegativeNumber } from '../../lib/validation';

/** The largest price the numeric(12,2) columns hold comfortably: ₹1 crore. */
export const MAX_PRICE = 1_00_00_000;
/** Stock fits an integer column; nobody stocks a million jars. */
export const MAX_STOCK = 10_00_000;

export const DISCOUNT_ABOVE_PRICE = 'Discount price cannot be more than the price.';

/** price, discountPrice and stockQuantity as the product and accessory forms send them. */
export const priceFields = {
  price: nonNegativeNumber('Price'),
  discountPrice: nonNegativeNumber('Discount price'),
  stockQuantity: nonNegativeInteger('Stock quantity'),
};

/** Blank form values count as missing, so an optional number may arrive as ''. */
export const optionalNonNegativeInteger = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    nonNegativeInteger(label).optional(),
  );

/** Refuses prices the columns cannot hold and a discount above the price. */
export function checkPrices(values: {
  price: number;
  discountPrice: number;
  stockQuantity: number;
}) {
  if (values.price > MAX_PRICE) throw badRequest('Price must be at most ₹1,00,00,000.');
  if (values.discountPrice > values.price) throw badRequest(DISCOUNT_ABOVE_PRICE);
  if (values.stockQuantity > MAX_STOCK)
    throw badRequest('Stock quantity must be at most 10,00,000.');
}

export async function findCategory(db: Database, id: string) {
  const [row] = await db
    .select({ id: categoriesTable.id, name: categoriesTable.name, kind: categoriesTable.kind })
    .from(categoriesTable)
    .where(eq(categoriesTable.id, id));
  if (!row) throw notFound('This category does not exist.');
  return row as { id: string; name: string; kind: CategoryKind };
}

/** An optional `limit` for lists the spec answers whole: at most 1000 records. */
export const wholeListLimit = z.coerce
  .number({ error: 'Limit must be a number.' })
  .int('Limit must be a whole number.')
  .min(1, 'Limit must be between 1 and 1000.')
  .max(1000, 'Limit must be between 1 and 1000.')
  .default(1000);

/**
 * The item an edit of a product or accessory changes, or 404; an item never moves to another
 * category (its kind decides its fields), so a different `categoryId` is refused.
 */
export async function itemToEdit<T extends { categoryId: string }>(
  find: () => Promise<T | undefined>,
  categoryId: string | undefined,
  what: { missing: string; noun: 'product' | 'accessory' },
): Promise<T> {
  const existing = await find();
  if (!existing) throw notFound(what.missing);
  if (categoryId && categoryId !== existing.categoryId) {
    const article = what.noun === 'accessory' ? 'An' : 'A';
    throw badRequest(
      `${article} ${what.noun} cannot move to another category. Add it there instead.`,
    );
  }
  return existing;
}

/** An edit's image: a new file replaces the stored one; a text value keeps it. */
export const replacedImage = (image: unknown) => (Buffer.isBuffer(image) ? image : undefined);
