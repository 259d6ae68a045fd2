import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const AdminUserCreate = lazyScreen(() => import('./AdminUserCreate'), 'AdminUserCreate');
const AdminUserEdit = lazyScreen(() => import('./AdminUserEdit'), 'AdminUserEdit');
const AdminUserList = lazyScreen(() => import('./AdminUserList'), 'AdminUserList');
const AuditLogList = lazyScreen(() => import('./AuditLogList'), 'AuditLogList');

/** Admin users (spec 001): list, add and edit, for the super-admin only. */
export const admins: ResourceDeclaration = {
  name: 'admins',
  superAdminOnly: true,
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'admin/view-all-users',
      // The spec's client asked for Active only; Inactive admins must stay reachable to be
      // made Active again, so the list asks for all (docs/api-admin-users.md).
      query: { status: 'All' },
      resultKey: 'users',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: { path: 'admin/export-admin-users', fileName: 'admin-users.csv' },
    },
    // Addition: one admin by id, for reloads and shared links.
    getOne: { method: 'GET', path: 'admin/get-admin-user/:id', resultKey: 'user' },
    create: {
      method: 'POST',
      path: 'admin/create-admin-user',
      bodyKind: 'json',
      fields: ['name', 'email', 'phone', 'password', 'status', 'permissions'],
      resultKey: 'user',
    },
    update: {
      method: 'POST',
      path: 'admin/edit-admin-user',
      bodyKind: 'json',
      idField: 'userId',
      // `password` is sent only when the form carries one (AdminUserEdit leaves an empty one out).
      fields: ['email', 'name', 'phone', 'status', 'password', 'permissions'],
      resultKey: 'user',
    },
  },
  routes: [
    { path: 'adminuser/:page', component: AdminUserList },
    { path: 'adminusers/add', component: AdminUserCreate, action: 'create' },
    { path: 'adminusers/edit/:id', component: AdminUserEdit, action: 'edit' },
  ],
  menu: [{ label: 'Admin Users', to: 'adminuser/1' }],
};

/** The audit trail of every write (addition), newest first, for the super-admin only. */
export const auditLog: ResourceDeclaration = {
  name: 'auditLog',
  superAdminOnly: true,
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'admin/audit-log',
      resultKey: 'entries',
      paging: 'result',
      csv: { path: 'admin/export-audit-log', fileName: 'audit-log.csv' },
    },
  },
  routes: [{ path: 'audit-log/:page', component: AuditLogList }],
  menu: [{ label: 'Audit Log', to: 'audit-log/1' }],
};
