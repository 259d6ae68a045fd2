import { action } from '@/providers/actions';

/** The seller on every tax invoice, and the days after which returnables are overdue. */
export interface Business {
  legalName: string;
  tradeName: string;
  gstin: string;
  address: string;
  city: string;
  /** The state's name, one of GST_STATES (shared/gst.ts). */
  state: string;
  /** Its GST code, worked out by the server from the state. */
  stateCode: string;
  pincode: string;
  phone: string;
  email: string;
  invoicePrefix: string;
  overdueDays: number;
}

export type BusinessInput = Omit<Business, 'stateCode'>;

export const BUSINESS_FIELDS: (keyof BusinessInput)[] = [
  'legalName',
  'tradeName',
  'gstin',
  'address',
  'city',
  'state',
  'pincode',
  'phone',
  'email',
  'invoicePrefix',
  'overdueDays',
];

/** Business details, read and saved whole (docs/api.md, "Business details"). */
export const businessActions = {
  /** `null` until first saved. */
  getBusiness: action<Record<string, never>, Business | null>({
    method: 'GET',
    path: 'settings/get-business',
    resultKey: 'business',
  }),
  saveBusiness: action<BusinessInput, { business: Business }>({
    method: 'POST',
    path: 'settings/save-business',
    bodyKind: 'json',
    fields: BUSINESS_FIELDS,
  }),
};
