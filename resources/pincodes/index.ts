import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const PincodeCreate = lazyScreen(() => import('./PincodeCreate'), 'PincodeCreate');
const PincodeEdit = lazyScreen(() => import('./PincodeEdit'), 'PincodeEdit');
const PincodeList = lazyScreen(() => import('./PincodeList'), 'PincodeList');
const PincodeShow = lazyScreen(() => import('./PincodeShow'), 'PincodeShow');

/** Pin codes, the service areas (spec 000): list, add, edit, view, delete. */
export const pincodes: ResourceDeclaration = {
  name: 'pincodes',
  group: 'others',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'pincode/get-paginated-pincodes',
      query: { status: 'Active' },
      resultKey: 'pincodes',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: { path: 'pincode/export-pincodes', fileName: 'pincodes.csv' },
    },
    // Addition: one pin code by id, for reloads and shared links.
    getOne: { method: 'GET', path: 'pincode/get-pincode/:id', resultKey: 'pincode' },
    create: {
      method: 'POST',
      path: 'pincode/add',
      bodyKind: 'json',
      fields: ['number', 'pinType', 'area', 'city'],
      // The add call names the number `pinCode`; edit calls it `number`.
      fieldNames: { number: 'pinCode' },
      resultKey: 'pincode',
    },
    update: {
      method: 'POST',
      path: 'pincode/edit-pincode/:id',
      bodyKind: 'json',
      fields: ['number', 'pinType', 'area', 'city'],
      resultKey: 'pincode',
    },
    delete: { method: 'POST', path: 'pincode/delete-pincode/:id', bodyKind: 'json', fields: [] },
  },
  routes: [
    { path: 'pincodes/:page', component: PincodeList },
    { path: 'pincode/add', component: PincodeCreate, action: 'create' },
    { path: 'pincode/view/:id', component: PincodeShow, action: 'show' },
    { path: 'pincode/edit/:id', component: PincodeEdit, action: 'edit' },
  ],
  menu: [{ label: 'Pin Codes', to: 'pincodes/1' }],
};
