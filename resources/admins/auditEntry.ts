/**
 * An audit entry as the Audit Log shows it: its words, its changes and the screen of its record.
 * Plain functions, tested directly (tests/unit/audit-entry.test.ts).
 */

export interface AuditChange {
  field: string;
  from: string | null;
  to: string | null;
}

export interface AuditEntry {
  resource: string;
  action: string;
  recordId: string | null;
  summary?: string | null;
  changes?: AuditChange[] | null;
}

/**
 * The entry in words: the server's summary, or, for rows written before summaries, words made
 * from the call ('Add pincode', 'Update user status: user').
 */
export function auditSummary(entry: AuditEntry): string {
  if (entry.summary) return entry.summary;
  const action = entry.action.replace(/[-_/]+/g, ' ').trim();
  const said = action.charAt(0).toUpperCase() + action.slice(1);
  const resource = entry.resource.replace(/[-_]+/g, ' ');
  return action.toLowerCase().includes(resource.toLowerCase())
    ? said
    : `${said || 'Changed'}: ${resource}`;
}

/** One change as a line: 'Price: ₹90 → ₹95'; an empty side reads '–'. */
export const changeText = (c: AuditChange) => `${c.field}: ${c.from ?? '–'} → ${c.to ?? '–'}`;

/** The panel screen of each area's record (the routes each resources folder's index.ts declares). */
const RECORD_SCREENS: Record<string, string> = {
  order: 'order/view/:id',
  user: 'user/view/:id',
  product: 'product/view/:id',
  accessory: 'accessory/view/:id',
  category: 'category/view/:id',
  subCategory: 'sub-category/view/:id',
  banner: 'banner/view/:id',
  pincode: 'pincode/view/:id',
  plan: 'tiffin-plan/view/:id',
  rider: 'rider/view/:id',
  subscription: 'subscription/view/:id',
  'return-history': 'return/view/:id',
  support: 'support/view-support/:id',
};
/** Whole-screen settings, one record each. */
const SETTINGS_SCREENS: Record<string, string> = {
  'delivery-charge': 'delivery-charges/edit',
  'delivery-time': 'delivery-times/edit',
  settings: 'business-details',
  'contact-us': 'contact-us',
};

/**
 * The panel path of the entry's record ('/order/view/01…'), or null: a deleted record, a call
 * that names no record, or one with no screen of its own.
 */
export function auditRecordPath(entry: AuditEntry): string | null {
  if (/^delete/.test(entry.action)) return null;
  const settings = SETTINGS_SCREENS[entry.resource];
  if (settings) return `/${settings}`;
  if (entry.resource === 'admin' && /admin-user$/.test(entry.action) && entry.recordId) {
    return `/adminusers/edit/${encodeURIComponent(entry.recordId)}`;
  }
  const screen = RECORD_SCREENS[entry.resource];
  if (!screen || !entry.recordId) return null;
  return `/${screen.replace(':id', encodeURIComponent(entry.recordId))}`;
}
