import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const AccessoryCreate = lazyScreen(() => import('./AccessoryCreate'), 'AccessoryCreate');
const AccessoryEdit = lazyScreen(() => import('./AccessoryEdit'), 'AccessoryEdit');
const AccessoryShow = lazyScreen(() => import('./AccessoryShow'), 'AccessoryShow');

// The form edits the record's `imageUrl`; the calls name the uploaded file `image`.
const ACCESSORY_FIELDS = [
  'name',
  'type',
  'material',
  'imageUrl',
  'price',
  'stockQuantity',
  'discountPrice',
  'categoryId',
  'returnable',
  'deposit',
  'hsnCode',
  'gstRate',
];

/** Accessories of the water and oxygen categories (spec 000): listed in the category view. */
export const accessories: ResourceDeclaration = {
  name: 'accessories',
  group: 'serviceManagement',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'POST',
      path: 'accessory/get-accessories-by-category',
      bodyKind: 'multipart',
      resultKey: 'accessories',
      paging: 'none',
    },
    getOne: { method: 'GET', path: 'accessory/get-accessory/:id', resultKey: 'accessory' },
    create: {
      method: 'POST',
      path: 'accessory/create',
      bodyKind: 'multipart',
      fields: ACCESSORY_FIELDS,
      fieldNames: { imageUrl: 'image' },
      resultKey: 'accessory',
    },
    update: {
      method: 'POST',
      path: 'accessory/edit-accessory',
      bodyKind: 'multipart',
      idField: 'accessoryId',
      fields: ACCESSORY_FIELDS,
      fieldNames: { imageUrl: 'image' },
      resultKey: 'accessory',
    },
    delete: {
      method: 'POST',
      path: 'accessory/delete-accessory',
      bodyKind: 'multipart',
      idField: 'accessoryId',
      fields: [],
    },
  },
  routes: [
    { path: 'accessory/add/:categoryId', component: AccessoryCreate, action: 'create' },
    { path: 'accessory/edit/:id', component: AccessoryEdit, action: 'edit' },
    { path: 'accessory/view/:id', component: AccessoryShow, action: 'show' },
  ],
};
