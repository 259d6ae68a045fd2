/**
 * Every drizzle table, gathered from where each is declared: a module's `tables.ts` beside its
 * routes and repositories (the tables it owns), or `db/tables/` for the few that belong to no
 * area. drizzle.config.ts reads those files, not this one; the server's code imports from here.
 */
export type { RecordStatus } from './columns';
export * from './tables/seedProgress';
export * from './tables/uploads';
export * from '../modules/accessories/tables';
export * from '../modules/accounts/tables';
export * from '../modules/admins/tables';
export * from '../modules/auth/tables';
export * from '../modules/banners/tables';
export * from '../modules/business/tables';
export * from '../modules/categories/tables';
export * from '../modules/content/tables';
export * from '../modules/creditNotes/tables';
export * from '../modules/customers/tables';
export * from '../modules/deliverySettings/tables';
export * from '../modules/ecommerce/tables';
export * from '../modules/invoices/tables';
export * from '../modules/orders/tables';
export * from '../modules/pincodes/tables';
export * from '../modules/plans/tables';
export * from '../modules/products/tables';
export * from '../modules/reports/tables';
export * from '../modules/returnables/tables';
export * from '../modules/returns/tables';
export * from '../modules/riders/tables';
export * from '../modules/riderApp/tables';
export * from '../modules/roster/tables';
export * from '../modules/subCategories/tables';
export * from '../modules/subscriptions/tables';
export * from '../modules/supports/tables';

// The facts the panel shares (permission groups, statuses, category kinds, support types) are
// defined once in shared/ and re-exported here for the server's modules.
export {
  PERMISSION_GROUPS,
  type AdminRole,
  type PermissionGroup,
  type Permissions,
} from '@shared/permissions';
export {
  ACCESSORY_MATERIALS,
  CATEGORY_KINDS,
  OXYGEN_ACCESSORY_TYPES,
  WATER_ACCESSORY_TYPES,
  type CategoryKind,
} from '@shared/catalogue';
export {
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  RETURN_STATUSES,
  SUPPORT_STATUSES,
  type OrderStatus,
  type ReturnStatus,
  type SupportStatus,
} from '@shared/statuses';
export { SUPPORT_TYPES } from '@shared/support';
