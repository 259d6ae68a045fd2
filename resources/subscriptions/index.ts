import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { SUBSCRIPTION_FIELDS, subscriptionActions } from './calls';

const SubscriptionCreate = lazyScreen(() => import('./SubscriptionCreate'), 'SubscriptionCreate');
const SubscriptionEdit = lazyScreen(() => import('./SubscriptionEdit'), 'SubscriptionEdit');
const SubscriptionList = lazyScreen(() => import('./SubscriptionList'), 'SubscriptionList');
const SubscriptionShow = lazyScreen(() => import('./SubscriptionShow'), 'SubscriptionShow');

/**
 * Subscriptions (issue 35), under Orders Management: a customer's standing order of a product
 * or a tiffin plan on a schedule. List, add, edit, and the view with its month calendar,
 * pauses, skips and history. Edit is an action: it answers the orders already made for the
 * days it changes, which the screen offers to cancel.
 */
export const subscriptions: ResourceDeclaration = {
  name: 'subscriptions',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'subscription/get-all-subscriptions',
      resultKey: 'subscriptions',
      paging: 'result',
      searchParam: 'search',
      csv: { path: 'subscription/export-subscriptions', fileName: 'subscriptions.csv' },
    },
    getOne: {
      method: 'GET',
      path: 'subscription/get-subscription/:id',
      resultKey: 'subscription',
    },
    create: {
      method: 'POST',
      path: 'subscription/create',
      bodyKind: 'json',
      fields: ['userId', ...SUBSCRIPTION_FIELDS],
      resultKey: 'subscription',
    },
    actions: subscriptionActions,
  },
  routes: [
    { path: 'subscriptions/:page', component: SubscriptionList },
    { path: 'subscription/add', component: SubscriptionCreate, action: 'create' },
    { path: 'subscription/edit/:id', component: SubscriptionEdit, action: 'edit' },
    { path: 'subscription/view/:id', component: SubscriptionShow, action: 'show' },
  ],
  menu: [{ label: 'Subscriptions', to: 'subscriptions/1' }],
};
