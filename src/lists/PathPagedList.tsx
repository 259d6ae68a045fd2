import { Box, Card, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ListContextProvider,
  ResourceContextProvider,
  Title,
  useListContext,
  useTranslate,
  type SortPayload,
} from 'react-admin';
import { ListPagination } from './ListPagination';
import { ExportButton } from './ExportButton';
import { ListSearch } from './ListSearch';
import { useAddressListController, type AddressListOptions } from './useAddressListController';
import { usePageParam, useRejectBadPage } from './usePathPage';

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
   * Where the list keeps its selected rows; lists of one resource that show different records
   * (water and oxygen returns) need one each. `<resource>.pathList` by default.
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
 * A list whose page lives in the route (`categories/3`) and the rest in its query
 * (useAddressListController), with the shared list behaviour of the spec: page sizes
 * 10/20/30/50, 'Loading ...', 'No results found', and the footer.
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
  const bad = useRejectBadPage(usePageParam());
  if (bad) return null;
  return (
    <AddressList
      resource={resource}
      sort={sort}
      filter={filter}
      meta={meta}
      keys={queryKeys}
      storeKey={storeKey}
    >
      <ListView {...props} meta={meta} />
    </AddressList>
  );
}

/** The list of the address in react-admin's list context, for the table, footer and filters. */
function AddressList({ children, ...options }: AddressListOptions & { children: ReactNode }) {
  const controller = useAddressListController(options);
  return (
    <ResourceContextProvider value={options.resource}>
      <ListContextProvider value={controller}>{children}</ListContextProvider>
    </ResourceContextProvider>
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
