import { lazy, type ComponentType } from 'react';
import type { AnyActionCall } from './actions';
import type { BodyKind, Envelope } from './httpClient';
import type { PermissionGroup } from './permissions';

/** One /api call of a resource, as the spec's call table describes it. */
export interface ApiCall {
  method: 'GET' | 'POST';
  /**
   * Path under /api. `:id` is replaced by the record id, any other `:name` by the list filter
   * or the record's field of that name (`subCategory/by-categoryId/:categoryId`).
   */
  path: string;
  bodyKind?: BodyKind;
  /** This call's envelope when it differs from the resource's (plan update: `success`). */
  envelope?: Envelope;
  /** Fixed query parameters (e.g. `status: 'Active'`). */
  query?: Record<string, string | number>;
  /** Name of the field that carries the record id in the body (e.g. `categoryId`). */
  idField?: string;
  /** The fields sent, in this order; others in the form are left out. */
  fields?: string[];
  /**
   * Fields sent even when null, because the call gives null a meaning (`riderId: null`
   * unassigns). Other nulls are empty inputs and are left out of the body.
   */
  nullFields?: string[];
  /** Form field -> payload name, where the call names a field otherwise (`number` -> `pinCode`). */
  fieldNames?: Record<string, string>;
  /** Where the record or list sits in `result` (e.g. `categories`, `category`). */
  resultKey?: string;
}

/** A list call; a POST list sends its filter and paging as the body. */
export interface ListCall extends ApiCall {
  /**
   * `result`: items and paging inside `result`; `top`: `data` and paging at the top level of the
   * answer; `none`: the whole list at once, handed over whole (dropdowns, tables of a parent
   * record).
   */
  paging?: 'result' | 'top' | 'none';
  /**
   * Query parameter names for the search text and sorting. A call that sorts one way only
   * declares `sortOrderParam` alone: the order is sent, not the field.
   */
  searchParam?: string;
  sortParam?: string;
  sortOrderParam?: string;
  /**
   * Rows without an `_id` (one per customer and item): the fields whose values, joined with
   * ':', make each row's id.
   */
  idFields?: string[];
  /**
   * The list as a CSV file (the server's `export-*` calls): a GET taking the same filters,
   * search and sort as this call, without paging; downloaded by the provider's `exportList`
   * (the Export button of the list's toolbar). `fileName` is used when the answer names none.
   */
  csv?: FileCall;
}

export interface ResourceApi {
  envelope?: Envelope;
  list?: ListCall;
  /**
   * Other list calls of the same records (orders: by type, by service), chosen with
   * `meta: { list: '<name>' }` in getList (`<ListBase queryOptions={{ meta }}>`).
   */
  lists?: Record<string, ListCall>;
  getOne?: ApiCall;
  create?: ApiCall;
  update?: ApiCall;
  delete?: ApiCall;
  /**
   * Files the resource offers (a streamed PDF): GET, `:name` in the path filled from the
   * values, the other values sent as the query; downloaded by the provider's `download`.
   */
  files?: Record<string, FileCall>;
  /**
   * Calls that are not CRUD (`action(...)` in ./actions), offered by the dataProvider as typed
   * methods of the same name: `useDataProvider<AppDataProvider>().setCustomerStatus(...)`.
   */
  actions?: Record<string, AnyActionCall>;
}

/** A file to download, e.g. `{ path: 'order/job-sheet/:serviceId', fileName: 'orders.pdf' }`. */
export interface FileCall {
  path: string;
  /** The name it is saved under. */
  fileName: string;
}

/** A screen at one of the spec's routes (relative to /admin-panel). */
export interface ResourceRoute {
  path: string;
  /** Usually `lazyScreen(...)`, so that the screen's code loads with its route. */
  component: ComponentType & { preload?: () => Promise<unknown> };
  /** The action the screen needs (canAccess); `list` by default. */
  action?: 'list' | 'show' | 'create' | 'edit';
}

/**
 * A screen loaded when its route first opens: `lazyScreen(() => import('./ProductEdit'),
 * 'ProductEdit')`. Each screen is then a chunk of its own, so the login page and the dashboard
 * never load the others; meanwhile the layout's Suspense shows react-admin's Loading in the
 * content area. `preload()` fetches it before its route opens (src/Panel.tsx, while the admin
 * signs in).
 */
export function lazyScreen<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  );
}

export interface MenuEntry {
  label: string;
  /** Route under /admin-panel, e.g. `categories/1`. */
  to: string;
  /** The sidebar group it sits in; the resource's group by default. */
  group?: PermissionGroup;
}

/** What the menu knows of a category, to generate per-service entries. */
export interface MenuCategory {
  id: string;
  name: string;
  kind: string;
}

export type MenuSource = MenuEntry[] | ((categories: MenuCategory[]) => MenuEntry[]);

/** Everything the panel knows about a resource; the dataProvider and the router read it. */
export interface ResourceDeclaration {
  name: string;
  /** The permission group that grants this resource (menu and server alike). */
  group?: PermissionGroup;
  /** Resources that only the super-admin may use. */
  superAdminOnly?: boolean;
  api: ResourceApi;
  routes: ResourceRoute[];
  menu?: MenuSource;
}
