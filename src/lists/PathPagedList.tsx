import { Box, Card, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  ListBase,
  Title,
  useListContext,
  useStoreContext,
  useTranslate,
  type SortPayload,
} from 'react-admin';
import { ListPagination } from './ListPagination';
import { ExportButton } from './ExportButton';
import { hasListQuery, ListQuerySync, readListQuery } from './listQuery';
import { ListSearch } from './ListSearch';
import { PathPageSync, usePageParam, useRejectBadPage } from './usePathPage';

interface PathPagedListProps {
  resource: string;
  title: string;
  sort?: SortPayload;
  filter?: Record<string, unknown>;
  /** Show the search box (when the list call takes a search parameter). */
  search?: boolean;
  /** Buttons at the top right (Add, ...). */
  actions?: ReactNode;
  /** The list's filters, in a row of their own above the table (a FilterBar). */
  filters?: ReactNode;
  /**
   * Offer 'Export': the list as CSV with its filters, search and sort (the `csv` file its list
   * call declares, resources/<name>/index.ts).
   */
  exportable?: boolean;
  /** The table (a Datagrid). */
  children: ReactNode;
  emptyText?: string;
  /** Shown instead of the server's message when the list fails to load. */
  errorText?: string;
  /**
   * Where the list keeps its page size, sort and search; lists of one resource that show
   * different records (water and oxygen returns) need one each. `<resource>.pathList` by default.
   */
  storeKey?: string;
  /** Passed to the dataProvider's getList (`{ list: 'fresh' }` picks a named list call). */
  meta?: Record<string, unknown>;
  /**
   * The list's own filters kept in the address beside the search, sort and page size
   * (`?pincode=400050`), so that the filtered list can be reloaded, bookmarked and shared.
   */
  queryKeys?: readonly string[];
}

const NO_KEYS: readonly string[] = [];

/**
 * A list whose page lives in the route (`categories/3`), with the shared list behaviour of the
 * spec: page sizes 10/20/30/50, 'Loading ...', 'No results found', and the footer.
 */
export function PathPagedList({
  resource,
  sort,
  filter,
  storeKey = `${resource}.pathList`,
  meta,
  queryKeys = NO_KEYS,
  ...props
}: PathPagedListProps) {
  const page = usePageParam();
  const store = useStoreContext();
  const { search } = useLocation();
  // Seed the controller's stored params with the page of the path, and the search, filters,
  // sort and page size of the address when it has them, before it first fetches: a deep link
  // loads that page of that list once, not page 1 of the last one and then the right one.
  useState(() => {
    if (!Number.isInteger(page) || page < 1) return;
    const saved = store.getItem<Record<string, unknown>>(storeKey) ?? {};
    const asked = hasListQuery(search, queryKeys) ? readListQuery(search, queryKeys) : undefined;
    store.setItem(storeKey, {
      filter: {},
      ...saved,
      page,
      ...(asked && {
        filter: asked.filter,
        ...(asked.sort && { sort: asked.sort.field, order: asked.sort.order }),
        ...(asked.perPage && { perPage: asked.perPage }),
      }),
    });
  });
  const bad = useRejectBadPage(page, () => {
    const saved = store.getItem<Record<string, unknown>>(storeKey) ?? {};
    store.setItem(storeKey, { ...saved, filter: {}, page: 1 });
  });
  if (bad) return null;
  return (
    <ListBase
      resource={resource}
      storeKey={storeKey}
      disableSyncWithLocation
      perPage={10}
      sort={sort}
      filter={filter}
      queryOptions={meta ? { meta } : undefined}
    >
      <PathPageSync page={page} />
      <ListQuerySync keys={queryKeys} defaultSort={sort} />
      <ListView {...props} meta={meta} />
    </ListBase>
  );
}

function ListView({
  title,
  search,
  actions,
  filters,
  exportable,
  meta,
  children,
  emptyText,
  errorText,
}: Omit<PathPagedListProps, 'resource' | 'sort' | 'filter' | 'storeKey' | 'queryKeys'>) {
  const { isPending, data, error } = useListContext();
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        flexWrap="wrap"
        gap={2}
        sx={{ mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
          {search && <ListSearch />}
          {actions}
          {exportable && <ExportButton meta={meta} />}
        </Stack>
      </Stack>
      {filters}
      <Card>
        {isPending ? (
          <Typography sx={{ p: 3 }} role="status">
            {translate('app.loading')}
          </Typography>
        ) : error && !data ? (
          <Typography sx={{ p: 3 }} color="error" role="alert">
            {errorText ?? error.message}
          </Typography>
        ) : !data?.length ? (
          <Typography sx={{ p: 3 }}>{emptyText ?? translate('app.no_results')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>{children}</Box>
        )}
        <ListPagination />
      </Card>
    </Box>
  );
}
