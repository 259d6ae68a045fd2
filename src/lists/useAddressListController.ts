import { useEffect, useMemo, useState } from 'react';
import {
  queryReducer,
  SET_FILTER,
  SET_PAGE,
  SET_PER_PAGE,
  SET_SORT,
  HIDE_FILTER,
  SHOW_FILTER,
  useAuthenticated,
  useEvent,
  useGetList,
  useNotify,
  useRecordSelection,
  useRequireAccess,
  useSelectAll,
  type ListControllerResult,
  type ListParams,
  type SortPayload,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_PER_PAGE, readListQuery, writeListQuery } from './listQuery';
import { pathForPage, usePageParam } from './usePathPage';

/** react-admin's sort when a list names none. */
const DEFAULT_SORT: SortPayload = { field: 'id', order: 'ASC' };

type ListAction = Parameters<typeof queryReducer>[1];

export interface AddressListOptions {
  resource: string;
  /** The list's sort when the address names none (left out of the address). */
  sort?: SortPayload;
  /** Always sent with the admin's filters, never shown in the address (`{ serviceId }`). */
  filter?: Record<string, unknown>;
  /** Passed to getList (`{ list: 'fresh' }` picks a named list call). */
  meta?: Record<string, unknown>;
  /** The list's own filters kept in the address beside the search (`pincode`). */
  keys: readonly string[];
  /** Where the selected rows are kept (the bulk actions clear every list's of a resource). */
  storeKey: string;
}

/**
 * react-admin's list controller with the address as the list's only state: the page is the
 * path's last segment, the search, filters, sort and page size its query
 * (`orders/2?q=Kavya&sort=totalAmount&order=DESC&perPage=20`). No effect copies it anywhere:
 * every change (setPage, setSort, setFilters ...) goes through react-admin's own queryReducer
 * and is written back to the address, which the list then reads. Reload, Back and a shared
 * link so show the same list. A move to another page adds to the history; a search, filter,
 * sort or page size replaces the entry, so typing a search does not fill the history.
 *
 * It composes what `useListController` does (auth, getList, selection, select all) because
 * that keeps its parameters in a state or store of its own, which would be a second copy.
 */
export function useAddressListController({
  resource,
  sort: defaultSort = DEFAULT_SORT,
  filter,
  meta,
  keys,
  storeKey,
}: AddressListOptions): ListControllerResult {
  const location = useLocation();
  const navigate = useNavigate();
  // React Router renders a new address in a transition, after the event that asked for it. Until
  // it has, the list shows the address it is moving to, so that a second change made meanwhile
  // (From, then To) starts from the first rather than undoing it. Forgotten once the address
  // changes, whoever changed it (Back).
  const [moving, setMoving] = useState<{ from: string; page: number; search: string } | null>(null);
  if (moving && moving.from !== location.key) setMoving(null);
  const routePage = usePageParam();
  const { page, search } =
    moving?.from === location.key ? moving : { page: routePage, search: location.search };
  const asked = useMemo(() => readListQuery(search, keys), [search, keys]);
  const filterValues = asked.filter;
  const sortField = asked.sort?.field ?? defaultSort.field;
  const sortOrder = asked.sort?.order ?? defaultSort.order;
  const sort = useMemo(() => ({ field: sortField, order: sortOrder }), [sortField, sortOrder]);
  const perPage = asked.perPage ?? DEFAULT_PER_PAGE;

  /** The one way the list changes: react-admin's reducer, then the new address. */
  const change = useEvent((action: ListAction, options?: { replace?: boolean }) => {
    const params: ListParams = {
      page,
      perPage,
      sort: sort.field,
      order: sort.order,
      filter: filterValues,
      displayedFilters: {},
    };
    const next = queryReducer(params, action);
    const query = writeListQuery(
      search,
      {
        filter: next.filter as Record<string, unknown>,
        sort: { field: next.sort, order: next.order },
        perPage: next.perPage,
      },
      keys,
      defaultSort,
    );
    if (next.page === page && query === search) return;
    const movesPage =
      next.page !== page && (action.type === SET_PAGE || action.type === SET_PER_PAGE);
    setMoving({ from: location.key, page: next.page, search: query });
    navigate(pathForPage(location.pathname, query, next.page), {
      replace: options?.replace ?? !movesPage,
    });
  });
  const setPage = useEvent((payload: number) => change({ type: SET_PAGE, payload }));
  const setPerPage = useEvent((payload: number) => change({ type: SET_PER_PAGE, payload }));
  const setSort = useEvent((payload: SortPayload) => change({ type: SET_SORT, payload }));
  // Applied at once: a search box keeps its own text while the admin types (ListSearch).
  const setFilters = useEvent((next: Record<string, unknown>) =>
    change({ type: SET_FILTER, payload: { filter: next } }),
  );
  const showFilter = useEvent((filterName: string, defaultValue: unknown) =>
    change({ type: SHOW_FILTER, payload: { filterName, defaultValue } }),
  );
  const hideFilter = useEvent((payload: string) => change({ type: HIDE_FILTER, payload }));

  const { isPending: authPending } = useAuthenticated();
  const { isPending: accessPending } = useRequireAccess({
    action: 'list',
    resource,
    enabled: !authPending,
  });
  const notify = useNotify();
  const fullFilter = useMemo(() => ({ ...filterValues, ...filter }), [filterValues, filter]);
  const list = useGetList(
    resource,
    { pagination: { page, perPage }, sort, filter: fullFilter, meta },
    {
      enabled: !authPending && !accessPending,
      placeholderData: (previous) => previous,
      retry: false,
      onError: (error) =>
        notify(error.message || 'ra.notification.http_error', {
          type: 'error',
          messageArgs: { _: error.message },
        }),
    },
  );
  const { data, total, isPending, isFetching } = list;

  // As react-admin's controller does: a page past the end (the last record of the last page
  // deleted, an old link) goes to the last page there is, replacing the address.
  useEffect(() => {
    if (isPending || isFetching) return;
    const last = Math.ceil((total ?? 0) / perPage) || 1;
    const to = page > 1 && !data?.length ? 1 : total != null && page > last ? last : page;
    if (to !== page) change({ type: SET_PAGE, payload: to }, { replace: true });
  }, [isPending, isFetching, page, perPage, data, total, change]);

  const [selectedIds, selection] = useRecordSelection({ resource, storeKey });
  const onSelectAll = useSelectAll({ resource, sort, filter: fullFilter, storeKey });

  return {
    ...list,
    resource,
    sort,
    page,
    perPage,
    filter,
    filterValues,
    displayedFilters: {},
    setPage,
    setPerPage,
    setSort,
    setFilters,
    showFilter,
    hideFilter,
    selectedIds,
    onSelect: selection.select,
    onToggleItem: selection.toggle,
    onUnselectItems: (fromAllStoreKeys?: boolean) =>
      selection.unselect(selectedIds, fromAllStoreKeys),
    onSelectAll,
    hasNextPage: total != null ? page * perPage < total : undefined,
    hasPreviousPage: page > 1,
  } as ListControllerResult;
}
