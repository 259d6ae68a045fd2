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
