import { useEffect, useRef } from 'react';
import { useListContext, type SortPayload } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PER_PAGE_CHOICES } from './ListPagination';

/** What of a list lives in its address, beside the page in the path. */
export interface ListQueryState {
  /** The search (`q`) and the list's own filters named in `keys`. */
  filter: Record<string, string>;
  sort?: SortPayload;
  perPage?: number;
}

const DEFAULT_PER_PAGE = 10;

/**
 * A list's search, filters, sort and page size read from the address
 * (`orders/2?q=Kavya&sort=totalAmount&order=DESC&perPage=20`); what the address does not say
 * is left out, so the list keeps its own (stored) choice for it.
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

/** Whether the address says anything about the list (then it wins over the stored state). */
export function hasListQuery(search: string, keys: readonly string[] = []): boolean {
  const params = new URLSearchParams(search);
  return ['q', 'sort', 'order', 'perPage', ...keys].some((key) => params.has(key));
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

/**
 * Keeps a list's search, filters, sort and page size in the address, in both directions: a
 * change on screen rewrites the address (replacing the entry, so typing a search does not fill
 * the history), and an address that changes from outside (Back, a link, a bookmark) sets the
 * list. A filtered list can so be reloaded, bookmarked, shared and restored with Back.
 */
export function ListQuerySync({
  keys = [],
  defaultSort,
}: {
  keys?: readonly string[];
  defaultSort?: SortPayload;
}) {
  const { filterValues, sort, perPage, setFilters, setSort, setPerPage } = useListContext();
  const [params, setParams] = useSearchParams();
  const search = params.toString() ? `?${params}` : '';
  const written = useRef<string | null>(null);

  // The address changed from outside: the list follows.
  useEffect(() => {
    if (search === written.current || !hasListQuery(search, keys)) return;
    const wanted = readListQuery(search, keys);
    const others = Object.fromEntries(
      Object.entries(filterValues).filter(([key]) => key !== 'q' && !keys.includes(key)),
    );
    const filter = { ...others, ...wanted.filter };
    if (JSON.stringify(filter) !== JSON.stringify(filterValues)) setFilters(filter, {}, false);
    if (wanted.sort && (wanted.sort.field !== sort.field || wanted.sort.order !== sort.order)) {
      setSort(wanted.sort);
    }
    if (wanted.perPage && wanted.perPage !== perPage) setPerPage(wanted.perPage);
    // Only when the address changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  // The list changed on screen: the address follows.
  useEffect(() => {
    const next = writeListQuery(search, { filter: filterValues, sort, perPage }, keys, defaultSort);
    if (next === search) return;
    written.current = next;
    setParams(new URLSearchParams(next), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterValues, sort.field, sort.order, perPage]);
  return null;
}
