import type { SortPayload } from 'react-admin';
import { PER_PAGE_CHOICES } from './ListPagination';

/** What of a list lives in its address, beside the page in the path. */
export interface ListQueryState {
  /** The search (`q`) and the list's own filters named in `keys`. */
  filter: Record<string, string>;
  sort?: SortPayload;
  perPage?: number;
}

/** The page size a list opens with (left out of its address). */
export const DEFAULT_PER_PAGE = 10;

/**
 * A list's search, filters, sort and page size read from the address
 * (`orders/2?q=Kavya&sort=totalAmount&order=DESC&perPage=20`); what the address does not say
 * is left out, and the list's default stands for it.
 */
export function readListQuery(search: string, keys: readonly string[] = []): ListQueryState {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = {};
  for (const key of ['q', ...keys]) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const field = params.get('sort');
  const order = params.get('order')?.toUpperCase();
  const perPage = Number(params.get('perPage'));
  return {
    filter,
    ...(field && { sort: { field, order: order === 'ASC' ? 'ASC' : 'DESC' } }),
    ...(PER_PAGE_CHOICES.includes(perPage) && { perPage }),
  };
}

/**
 * The address of the list's state: the other parameters as they were, then the search and
 * filters, the sort when it is not the list's default, the page size when it is not 10.
 */
export function writeListQuery(
  search: string,
  state: { filter: Record<string, unknown>; sort: SortPayload; perPage: number },
  keys: readonly string[],
  defaultSort?: SortPayload,
): string {
  const params = new URLSearchParams(search);
  for (const key of ['q', 'sort', 'order', 'perPage', ...keys]) params.delete(key);
  for (const key of ['q', ...keys]) {
    const value = state.filter[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const isDefault =
    defaultSort && state.sort.field === defaultSort.field && state.sort.order === defaultSort.order;
  if (state.sort.field && !isDefault) {
    params.set('sort', state.sort.field);
    params.set('order', state.sort.order);
  }
  if (state.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(state.perPage));
  const text = params.toString();
  return text ? `?${text}` : '';
}
