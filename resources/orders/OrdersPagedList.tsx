import { Box, Card, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  ListBase,
  Title,
  useListContext,
  useStoreContext,
  useTranslate,
  type SortPayload,
} from 'react-admin';
import { ListPagination } from '../../src/lists/ListPagination';
import { PathPageSync, usePageParam, useRejectBadPage } from '../../src/lists/usePathPage';

interface OrdersPagedListProps {
  resource: 'orders' | 'assigningJobs';
  /** Which list this is (`all`, `fresh`, `service.<id>`): its page, sort and search are kept apart. */
  listKey: string;
  /** A named list call of the declaration (`{ list: 'fresh' }`); the main `list` without it. */
  meta?: { list: string };
  title: string;
  sort?: SortPayload;
  filter?: Record<string, unknown>;
  /** Search box, pin code select, Download PDF ... above the table. */
  toolbar?: ReactNode;
  children: ReactNode;
}

/**
 * The orders lists' frame: PathPagedList's behaviour (page in the path, 10/20/30/50, go-to-page
 * box) plus what these lists need besides: a named list call, a store per list, and the orders
 * wording for empty ('No results found.') and failed ('Failed to fetch orders') loads.
 */
export function OrdersPagedList({
  resource,
  listKey,
  meta,
  sort,
  filter,
  ...props
}: OrdersPagedListProps) {
  const page = usePageParam();
  const storeKey = `${resource}.${listKey}.pathList`;
  const store = useStoreContext();
  // Seed the stored params with the path's page before the first fetch (see PathPagedList).
  useState(() => {
    if (!Number.isInteger(page) || page < 1) return;
    const saved = store.getItem<Record<string, unknown>>(storeKey) ?? {};
    store.setItem(storeKey, { filter: {}, ...saved, page });
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
      <OrdersListView {...props} />
    </ListBase>
  );
}

function OrdersListView({
  title,
  toolbar,
  children,
}: Pick<OrdersPagedListProps, 'title' | 'toolbar' | 'children'>) {
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
        {toolbar && (
          <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
            {toolbar}
          </Stack>
        )}
      </Stack>
      <Card>
        {isPending ? (
          <Typography sx={{ p: 3 }} role="status">
            {translate('app.loading')}
          </Typography>
        ) : error && !data ? (
          <Typography sx={{ p: 3 }} color="error" role="alert">
            {translate('app.orders.fetch_failed')}
          </Typography>
        ) : !data?.length ? (
          <Typography sx={{ p: 3 }}>{translate('app.orders.no_results')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>{children}</Box>
        )}
        <ListPagination />
      </Card>
    </Box>
  );
}
