import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { HOME_BANNER_ID } from './place';

const BannerCreate = lazyScreen(() => import('./BannerCreate'), 'BannerCreate');
const BannerEdit = lazyScreen(() => import('./BannerEdit'), 'BannerEdit');
const BannerList = lazyScreen(() => import('./BannerList'), 'BannerList');
const BannerShow = lazyScreen(() => import('./BannerShow'), 'BannerShow');

/** Banners (spec 000): lists per category and for Home, add, edit, view, delete. */
export const banners: ResourceDeclaration = {
  name: 'banners',
  group: 'banners',
  api: {
    // Every banner answer spells the code `statuscode`.
    envelope: 'statuscode',
    list: {
      method: 'GET',
      // The list's filter carries categoryId (a category id, or 123456789 for Home).
      path: 'banner/by-category/:categoryId',
      query: { status: 'Active' },
      resultKey: 'banners',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: { path: 'banner/export-banners/:categoryId', fileName: 'banners.csv' },
    },
    // Addition: one banner by id, for reloads and shared links.
    getOne: { method: 'GET', path: 'banner/get-banner/:id', resultKey: 'banner' },
    create: {
      method: 'POST',
      path: 'banner/create-banner',
      bodyKind: 'multipart',
      fields: ['title', 'image', 'categoryId'],
      resultKey: 'banner',
    },
    update: {
      method: 'POST',
      path: 'banner/edit-banner',
      bodyKind: 'multipart',
      idField: 'bannerId',
      fields: ['title', 'categoryId', 'image'],
      resultKey: 'banner',
    },
    delete: {
      method: 'POST',
      path: 'banner/delete-banner',
      bodyKind: 'multipart',
      idField: 'bannerId',
      fields: [],
    },
  },
  routes: [
    { path: 'banners/:categoryId/:page', component: BannerList },
    { path: 'banner/add', component: BannerCreate, action: 'create' },
    { path: 'banner/edit/:id', component: BannerEdit, action: 'edit' },
    { path: 'banner/view/:id', component: BannerShow, action: 'show' },
  ],
  menu: (categories) => [
    { label: 'Home Banner', to: `banners/${HOME_BANNER_ID}/1` },
    ...categories.map((c) => ({ label: c.name, to: `banners/${c.id}/1` })),
  ],
};
