import type { ResourceDeclaration } from '@/providers/resource';
import { accessories } from './accessories';
import { account } from './account';
import { accounts } from './accounts';
import { admins, auditLog } from './admins';
import { assigningJobs } from './assigningJobs';
import { banners } from './banners';
import { business } from './business';
import { categories } from './categories';
import { contentResources } from './content';
import { dashboard } from './dashboard';
import { deliverySettings } from './deliverySettings';
import { duesResources } from './dues';
import { ecommResources } from './ecomm';
import { holidays } from './holidays';
import { orders } from './orders';
import { pincodes } from './pincodes';
import { plans } from './plans';
import { pricing } from './pricing';
import { products } from './products';
import { reports } from './reports';
import { returnables } from './returnables';
import { returns } from './returns';
import { rosterResources } from './roster';
// Issue 36: settlement files.
import { settlementResources } from './settlements';
import { statements } from './statements';
import { riders } from './riders';
import { subCategories } from './subCategories';
import { subscriptions } from './subscriptions';
import { supports } from './supports';
import { userResources } from './users';

/**
 * Every resource of the panel; the dataProvider, the routes and the menu are built from this.
 * Within a sidebar group, entries follow this order.
 */
export const resources: ResourceDeclaration[] = [
  admins,
  auditLog,
  ...userResources,
  categories,
  subCategories,
  products,
  accessories,
  pricing,
  banners,
  plans,
  pincodes,
  deliverySettings,
  account,
  assigningJobs,
  // Its menu entries (Riders, Cash on delivery) follow the per-service Assigning Jobs ones.
  riders,
  orders,
  subscriptions,
  // Issue 36: customer accounts (the customer view's Account tab; no menu entry of its own).
  accounts,
  // Its menu entry (Tomorrow) follows the orders' and the subscriptions' ones.
  ...rosterResources,
  // Issue 36 under Orders Management, after Tomorrow: Dues, Low balance, Statements,
  // Settlement import.
  ...duesResources,
  statements,
  ...settlementResources,
  // Issue 38: Reports (sales, GSTR-1, sales register, credit notes).
  reports,
  returns,
  // Its menu entries (Outstanding returnables, Depot stock) follow Water and Oxygen Returns.
  returnables,
  supports,
  ...ecommResources,
  dashboard,
  ...contentResources,
  business,
  holidays,
];
