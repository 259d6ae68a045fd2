import type { RaRecord } from 'react-admin';

/** The route's category type: 0 lists water returns, 1 oxygen returns (spec 001 §2). */
const CATEGORY_TITLES: Record<string, string> = {
  '0': 'app.returns.water_title',
  '1': 'app.returns.oxygen_title',
};

/** The title key of a category type from the route, undefined for anything else. */
export const returnListTitle = (categoryType: string | undefined) =>
  categoryType === undefined ? undefined : CATEGORY_TITLES[categoryType];

/** The order id as the spec reads it: the first order's `orderId`, else `returnInfo.orderId`. */
export function returnOrderId(record: RaRecord): string {
  const orders = Array.isArray(record.order) ? record.order : [];
  return String(orders[0]?.orderId ?? record.returnInfo?.orderId ?? '');
}

/** The admin who settled the request, when the answer names one (`{ name }` or a plain name). */
export function settledByName(record: RaRecord): string | undefined {
  const by = record.settledBy;
  if (typeof by === 'string') return by || undefined;
  return typeof by?.name === 'string' && by.name ? by.name : undefined;
}

export function customerName(record: RaRecord): string {
  return [record.user?.firstName, record.user?.lastName].filter(Boolean).join(' ');
}

/**
 * The item given back (issue 37: get-return-request's `item`), with a water jar's size:
 * `20 L Jar (20 L)`, or the name alone when it carries its size or is not a jar.
 */
export function returnItemName(record: RaRecord): string {
  const item = record.item as { name?: string; litres?: number | null } | null | undefined;
  if (!item?.name) return '';
  const size = item.litres ? `${item.litres} L` : '';
  return size && !item.name.replace(/\s+/g, '').includes(size.replace(/\s+/g, ''))
    ? `${item.name} (${size})`
    : item.name;
}
