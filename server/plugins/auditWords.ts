/**
 * The audit trail in words (issue 37): how a write reads in the Audit Log ("Blocked customer
 * Mary Mehta", "Changed the price of 20 L Water Jar from ₹90 to ₹95"), and what it changed,
 * field by field, as the panel shows the values. Routes that know better say so themselves
 * (`request.audit(...)`); every other write is worded here from its route (`ROUTE_WORDS`).
 */
import type { AuditChange } from '../modules/admins/tables';

/** What a route tells the audit plugin about its write; all optional. */
export interface AuditWords {
  summary?: string;
  changes?: AuditChange[];
  recordId?: string | null;
}

// ---- Shown values --------------------------------------------------------------------------

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const paiseRupees = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in paise (the ledger calls' bodies, after validation) as rupees. */
const paise = (value: unknown) => rupees(value == null ? value : Number(value) / 100);

/** An amount in rupees as the panel shows it, Indian style: ₹90, ₹1,23,456.50, -₹20. */
export function rupees(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const abs = Math.abs(n);
  const digits = Number.isInteger(abs) ? wholeRupees.format(abs) : paiseRupees.format(abs);
  return `${n < 0 ? '-' : ''}₹${digits}`;
}

const percent = (value: unknown) => (value == null || value === '' ? null : `${Number(value)}%`);
const yesNo = (value: unknown) => (value == null ? null : value ? 'Yes' : 'No');
const list = (value: unknown) =>
  Array.isArray(value) ? (value.length ? value.join(', ') : 'none') : shown(value);
/** Switches granted, by name (admin permission groups). */
const granted = (value: unknown) => {
  if (!value || typeof value !== 'object') return shown(value);
  const on = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();
  return on.length ? on.join(', ') : 'none';
};
/** The stored role as the admin screens name it. */
const role = (value: unknown) =>
  value === 'superAdmin' ? 'Super admin' : value === 'admin' ? 'Admin' : shown(value);

function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field's label and, when the stored value is not what a person reads, how it is shown. */
type FieldWord = string | { label: string; show: (value: unknown) => string | null };
export type FieldWords = Record<string, FieldWord>;

/**
 * The fields of `fields` whose shown value differs between `before` and `after`, in the map's
 * order: `[{ field: 'Price', from: '₹90', to: '₹95' }]`. A field missing from `after` (not sent)
 * is unchanged.
 */
export function diffRecords(
  before: object | null | undefined,
  after: object | null | undefined,
  fields: FieldWords,
): AuditChange[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: AuditChange[] = [];
  for (const [key, word] of Object.entries(fields)) {
    if (!(key in a)) continue;
    const { label, show } = typeof word === 'string' ? { label: word, show: shown } : word;
    const from = show(b[key]);
    const to = show(a[key]);
    if (from !== to) changes.push({ field: label, from, to });
  }
  return changes;
}

// ---- Each record's fields, labelled as its screens label them -------------------------------

const money = (label: string) => ({ label, show: rupees });
const tax = { hsnCode: 'HSN code', gstRate: { label: 'GST rate', show: percent } };
const returnable = { returnable: { label: 'Returnable', show: yesNo }, deposit: money('Deposit') };

export const PRODUCT_FIELDS: FieldWords = {
  name: 'Name',
  title: 'Title',
  description: 'Description',
  price: money('Price'),
  discountPrice: money('Discount price'),
  stockQuantity: 'Stock',
  quantity: 'Litres',
  status: 'Status',
  image: 'Image',
  ...returnable,
  ...tax,
};
export const ACCESSORY_FIELDS: FieldWords = {
  name: 'Name',
  type: 'Type',
  material: 'Material',
  price: money('Price'),
  discountPrice: money('Discount price'),
  stockQuantity: 'Stock',
  status: 'Status',
  imageUrl: 'Image',
  ...returnable,
  ...tax,
};
export const CATEGORY_FIELDS: FieldWords = {
  name: 'Name',
  title: 'Title',
  description: 'Description',
  status: 'Status',
  image: 'Image',
  ...tax,
};
export const SUB_CATEGORY_FIELDS: FieldWords = {
  name: 'Name',
  title: 'Title',
  description: 'Description',
  status: 'Status',
  image: 'Image',
};
export const PINCODE_FIELDS: FieldWords = {
  number: 'Pin code',
  pinType: 'Type',
  area: 'Area',
  city: 'City',
  status: 'Status',
};
export const PLAN_FIELDS: FieldWords = {
  name: 'Name',
  duration: 'Duration (days)',
  price: money('Price'),
  status: 'Status',
};
export const DELIVERY_CHARGE_FIELDS: FieldWords = {
  standardCharge: money('Standard charge'),
  emergencyCharge: money('Emergency charge'),
  gst: { label: 'GST', show: percent },
};
export const DELIVERY_TIME_FIELDS: FieldWords = {
  pickupTime: { label: 'Pickup times', show: list },
  deliveryTime: { label: 'Delivery times', show: list },
  gapHours: 'Gap (hours)',
  emergencyAlertMinutes: 'Emergency alert after (minutes)',
};
export const BUSINESS_FIELDS: FieldWords = {
  legalName: 'Legal name',
  tradeName: 'Trade name',
  gstin: 'GSTIN',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'Pin code',
  phone: 'Phone',
  email: 'E-mail',
  invoicePrefix: 'Invoice prefix',
  overdueDays: 'Overdue after (days)',
};
export const CUSTOMER_FIELDS: FieldWords = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  status: 'Status',
  gstin: 'GSTIN',
  legalName: 'Legal name',
};
export const ADMIN_FIELDS: FieldWords = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  role: { label: 'Role', show: role },
  status: 'Status',
  permissions: { label: 'Permissions', show: granted },
};
export const STATUS_FIELD: FieldWords = { status: 'Status' };

/**
 * The sentence for an edit: one changed field reads in full ("Changed the price of Can from ₹90
 * to ₹95"), several read as "Edited product Can" (the changes list them).
 */
export function editedWords(noun: string, name: string, changes: AuditChange[]): string {
  const only = changes.length === 1 ? changes[0]! : undefined;
  if (only && only.from !== null && only.to !== null && only.field !== 'Description') {
    return `Changed the ${only.field.toLowerCase()} of ${name} from ${only.from} to ${only.to}`;
  }
  return `Edited ${noun} ${name}`.trim();
}

// ---- Every write route, worded ------------------------------------------------------------

type Body = Record<string, unknown> | undefined;
/** A route's phrase: a verb and the noun of its record, or a sentence of the call's body. */
type Phrase = string | ((body: Body) => string);

/**
 * Every write route's words, for rows whose route said nothing itself: the record's name
 * follows the phrase where the plugin can find it (the answer's record, or its name by id).
 */
export const ROUTE_WORDS: Record<string, Phrase> = {
  '/api/admin/change-password': 'Changed own password',
  '/api/admin/logout': 'Signed out',
  '/api/admin/create-admin-user': 'Added admin user',
  '/api/admin/edit-admin-user': 'Edited admin user',
  '/api/user/update-user-status': (body) =>
    body?.status === 'Blocked'
      ? 'Blocked customer'
      : body?.status === 'Active'
        ? 'Unblocked customer'
        : `Set the status of customer {name} to ${String(body?.status)}`,
  '/api/user/update-user': 'Edited customer',
  '/api/category/create-category': 'Added category',
  '/api/category/edit-category': 'Edited category',
  '/api/subCategory/create-subCategory': 'Added sub-category',
  '/api/subCategory/edit-subCategory': 'Edited sub-category',
  '/api/subCategory/delete-subCategory': 'Deleted sub-category',
  '/api/product/create-product': 'Added product',
  '/api/product/edit-product': 'Edited product',
  '/api/product/delete-product': 'Deleted product',
  '/api/accessory/create': 'Added accessory',
  '/api/accessory/edit-accessory': 'Edited accessory',
  '/api/accessory/delete-accessory': 'Deleted accessory',
  '/api/banner/create-banner': 'Added banner',
  '/api/banner/edit-banner': 'Edited banner',
  '/api/banner/delete-banner': 'Deleted banner',
  '/api/pincode/add': 'Added pin code',
  '/api/pincode/edit-pincode/:id': 'Edited pin code',
  '/api/pincode/delete-pincode/:id': 'Deleted pin code',
  '/api/plan/create-plan': 'Added tiffin plan',
  '/api/plan/update-plan': 'Edited tiffin plan',
  '/api/plan/delete-plan/:id': 'Deleted tiffin plan',
  '/api/delivery-charge/save': 'Saved the delivery charges',
  '/api/delivery-time/save': 'Saved the delivery times',
  '/api/order/update-status': (body) => `Marked order {name} as ${String(body?.status)}`,
  '/api/order/assign-rider': 'Assigned a rider to order',
  '/api/order/auto-assign/:serviceId': 'Assigned a rider automatically to order',
  '/api/order/place-order': 'Placed order',
  '/api/subscription/create': 'Added subscription',
  '/api/subscription/edit': 'Edited subscription',
  '/api/subscription/pause': 'Paused subscription',
  '/api/subscription/resume': 'Resumed subscription',
  '/api/subscription/skip': (body) => `Skipped ${String(body?.date)} of subscription`,
  '/api/subscription/unskip': (body) => `Restored ${String(body?.date)} of subscription`,
  '/api/subscription/cancel-day-order': "Cancelled a day's order of subscription",
  '/api/account/import-settlement': 'Imported a settlement file',
  '/api/account/assign-settlement-line': 'Matched a settlement line to customer',
  '/api/account/record-payment': (body) => `Recorded a payment of ${paise(body?.amount)} from`,
  '/api/account/refund': (body) => `Refunded ${paise(body?.amount)} to`,
  '/api/account/refund-deposit': (body) => `Refunded a deposit of ${paise(body?.amount)} to`,
  '/api/account/charge-deposit': (body) => `Charged a deposit of ${paise(body?.amount)} to`,
  '/api/account/adjust': (body) => `Adjusted the account by ${paise(body?.amount)} of`,
  '/api/account/set-billing-mode': (body) => `Set billing to ${String(body?.billingMode)} for`,
  '/api/account/update-settings': 'Changed the account settings',
  '/api/rider/create-rider': 'Added rider',
  '/api/rider/edit-rider': 'Edited rider',
  '/api/rider/delete-rider/:id': 'Deleted rider',
  '/api/rider/settle-cash': (body) => `Settled ${rupees(body?.amount)} of cash with rider`,
  '/api/return-history/update-return-request-status': (body) =>
    `${body?.status === 'Approved' ? 'Approved' : body?.status === 'Rejected' ? 'Rejected' : 'Updated'} return request`,
  '/api/returnable/adjust': 'Adjusted the returnables held by',
  '/api/returnable/refill': 'Recorded refilled stock',
  '/api/returnable/receive': 'Recorded stock received',
  '/api/settings/save-business': 'Saved the business details',
  '/api/support/make-resolve': (body) =>
    body?.status === 'resolved' ? 'Replied to and resolved ticket' : 'Replied to ticket',
  '/api/terms-conditions/create-terms': (body) =>
    body?.type === 'privacy' ? 'Saved the privacy policy' : 'Saved the terms and conditions',
  '/api/contact-us/create-contact-us': 'Saved the contact details',
  '/api/roster/generate': (body) => `Made the deliveries of ${String(body?.date ?? 'a day')}`,
  '/api/roster/update-settings': 'Changed the delivery roster settings',
  '/api/holiday/add': 'Added holiday',
  '/api/holiday/delete/:id': 'Deleted holiday',
};

/** A record's name as a person knows it, from the record an answer carries. */
export function nameOf(record: unknown): string | null {
  if (!record || typeof record !== 'object') return null;
  const r = record as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  if (text(r.orderId)) return `#${text(r.orderId)}`;
  const person = [text(r.firstName), text(r.lastName)].filter(Boolean).join(' ');
  if (person) return person;
  return (
    text(r.name) ??
    text(r.title) ??
    text(r.pinCode) ??
    text(r.number) ??
    text(r.subject) ??
    text(r.email) ??
    null
  );
}

/**
 * The sentence of a write whose route said nothing: its route's phrase, then the record's name
 * where known. A route missing from ROUTE_WORDS still reads as words made from its path.
 */
export function routeWords(route: string, body: Body, name: string | null): string {
  const phrase = ROUTE_WORDS[route];
  const said = typeof phrase === 'function' ? phrase(body) : phrase;
  if (said) return withName(said, name);
  const [resource = '', ...rest] = route.replace(/^\/api\//, '').split('/');
  const action = rest
    .filter((p) => !p.startsWith(':'))
    .join(' ')
    .replace(/[-_]/g, ' ');
  const sentence = `${action || 'changed'} ${resource.replace(/[-_]/g, ' ')}`;
  return withName(sentence.charAt(0).toUpperCase() + sentence.slice(1), name);
}

/** The phrase with the record's name at `{name}`, or after it; without a name, as it is. */
function withName(phrase: string, name: string | null): string {
  const named = phrase.includes('{name}') ? phrase : `${phrase} {name}`;
  return named
    .replace('{name}', name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
