/** The editable figures of a pricing row, as typed (text) in the table. */
export interface PriceValues {
  price: string;
  discountPrice: string;
  stockQuantity: string;
}

export type PriceErrors = Partial<Record<keyof PriceValues, string>>;

export function priceValuesOf(record: Record<string, unknown>): PriceValues {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    price: text(record.price),
    discountPrice: text(record.discountPrice),
    stockQuantity: text(record.stockQuantity),
  };
}

export function isChanged(a: PriceValues, b: PriceValues): boolean {
  return (Object.keys(a) as (keyof PriceValues)[]).some((k) => a[k].trim() !== b[k].trim());
}

/**
 * Numbers of at least 0 (spec 000 §5), stock a whole number, and the discount price not above
 * the price. Returns message keys of `app.pricing.*`, empty when the row may be saved.
 */
export function validatePrices(v: PriceValues): PriceErrors {
  const errors: PriceErrors = {};
  const check = (key: keyof PriceValues, whole = false): number | undefined => {
    const text = v[key].trim();
    const n = Number(text);
    if (text === '') errors[key] = 'app.pricing.required';
    else if (Number.isNaN(n) || n < 0) errors[key] = 'app.pricing.not_negative';
    else if (whole && !Number.isInteger(n)) errors[key] = 'app.pricing.whole_number';
    else return n;
    return undefined;
  };
  const price = check('price');
  const discount = check('discountPrice');
  check('stockQuantity', true);
  if (price !== undefined && discount !== undefined && discount > price) {
    errors.discountPrice = 'app.pricing.discount_above_price';
  }
  return errors;
}

/** A reference field read as its id (views answer categoryId as { _id, name }). */
function idOf(value: unknown): unknown {
  if (value && typeof value === 'object') {
    const v = value as { _id?: unknown; id?: unknown };
    return v._id ?? v.id;
  }
  return value;
}

/**
 * The edit call's data: the whole record (the edit calls take every field of the record), its
 * references as ids, and the new figures as numbers.
 */
export function editData(record: Record<string, unknown>, v: PriceValues) {
  const data: Record<string, unknown> = { ...record };
  for (const key of ['categoryId', 'subCategoryId']) {
    if (key in data) data[key] = idOf(data[key]);
  }
  return {
    ...data,
    price: Number(v.price),
    discountPrice: Number(v.discountPrice),
    stockQuantity: Number(v.stockQuantity),
  };
}
