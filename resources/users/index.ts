import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { userActions } from './calls';

/** The three user lists as CSV (addition): user/export-users with the list's status. */
const USERS_CSV = { path: 'user/export-users', fileName: 'users.csv' };

const BlockedUserList = lazyScreen(() => import('./BlockedUserList'), 'BlockedUserList');
const InactiveUserList = lazyScreen(() => import('./InactiveUserList'), 'InactiveUserList');
const UserEdit = lazyScreen(() => import('./UserEdit'), 'UserEdit');
const UserList = lazyScreen(() => import('./UserList'), 'UserList');
const UserShow = lazyScreen(() => import('./UserShow'), 'UserShow');

/** Customers, called family members (spec 001): Total, Inactive and Blocked lists, view, edit. */
export const users: ResourceDeclaration = {
  name: 'users',
  group: 'userManagement',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'user/all-users',
      // `?status=All` (the dashboard link) arrives as a filter and replaces this.
      query: { status: 'Active' },
      resultKey: 'users',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: USERS_CSV,
    },
    // Addition: one user by id (with the addresses), for reloads and shared links.
    getOne: { method: 'GET', path: 'user/get-user/:id', resultKey: 'user' },
    update: {
      method: 'POST',
      path: 'user/update-user',
      bodyKind: 'multipart',
      idField: 'userId',
      // The edit screen leaves out password and address when they are blank; an empty GSTIN
      // (and legal name) makes the customer a household (issue 38).
      fields: [
        'email',
        'firstName',
        'lastName',
        'phone',
        'status',
        'password',
        'address',
        'gstin',
        'legalName',
      ],
      resultKey: 'user',
    },
    actions: userActions,
  },
  routes: [
    { path: 'user/active-users/:page', component: UserList },
    { path: 'user/inactive-users/:page', component: InactiveUserList },
    { path: 'user/blocked-users/:page', component: BlockedUserList },
    { path: 'user/view/:id', component: UserShow, action: 'show' },
    { path: 'user/edit/:id', component: UserEdit, action: 'edit' },
  ],
  menu: [
    { label: 'Total Users', to: 'user/active-users/1' },
    { label: 'Inactive Users', to: 'user/inactive-users/1' },
    { label: 'Blocked Users', to: 'user/blocked-users/1' },
  ],
};

/**
 * The callers New order finds and adds (issue 37): the customers' own calls, read by the Orders
 * group too (the server lets `orders` search, read and add customers), without a screen or menu.
 */
export const callers: ResourceDeclaration = {
  name: 'callers',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'user/all-users',
      query: { status: 'All' },
      resultKey: 'users',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
    },
    getOne: { method: 'GET', path: 'user/get-user/:id', resultKey: 'user' },
  },
  routes: [],
};

/** The blocked list: the same call with status=Blocked, no sorting (spec 001 §7). */
export const blockedUsers: ResourceDeclaration = {
  name: 'blockedUsers',
  group: 'userManagement',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'user/all-users',
      query: { status: 'Blocked' },
      resultKey: 'users',
      paging: 'result',
      searchParam: 'search',
      csv: USERS_CSV,
    },
  },
  routes: [],
};

/** The inactive list: another call and another record shape (userName, fullName). */
export const inactiveUsers: ResourceDeclaration = {
  name: 'inactiveUsers',
  group: 'userManagement',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'admin/get-users',
      query: { status: 'Inactive' },
      resultKey: 'users',
      paging: 'result',
      searchParam: 'search',
      csv: USERS_CSV,
    },
  },
  routes: [],
};

/**
 * A customer's internal notes (addition, issue 37): the Notes tab of the customer view, paged
 * newest first, and its box that adds one (the author is the signed-in admin).
 */
export const customerNotes: ResourceDeclaration = {
  name: 'customerNotes',
  group: 'userManagement',
  api: {
    envelope: 'statusCode',
    list: { method: 'GET', path: 'user/notes/:userId', resultKey: 'notes', paging: 'result' },
    create: {
      method: 'POST',
      path: 'user/add-note',
      bodyKind: 'json',
      fields: ['userId', 'body'],
      resultKey: 'note',
    },
  },
  routes: [],
};

/** Every declaration of this folder, for resources/index.ts. */
export const userResources = [users, blockedUsers, inactiveUsers, customerNotes, callers];
