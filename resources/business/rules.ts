import { gstinProblem, normaliseGstin, stateCodeOf, stateNameOf } from '@shared/gst';
import { isPinCode } from '@shared/pincode';

// The checks of POST settings/save-business, made as the admin types; the server makes them again.

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** gstinProblem's own words (they name what to fix); nothing while the field is empty. */
export const gstinValid = (value: unknown) =>
  text(value) ? (gstinProblem(text(value)) ?? undefined) : undefined;

/** The state of a valid GSTIN, from its first two digits. */
export function gstinState(value: unknown): { code: string; name: string } | null {
  const gstin = normaliseGstin(text(value));
  if (!gstin || gstinProblem(gstin)) return null;
  const code = gstin.slice(0, 2);
  const name = stateNameOf(code);
  return name ? { code, name } : null;
}

/** The address's state must be the GSTIN's. */
export function stateMatchesGstin(value: unknown, values: Record<string, unknown>) {
  const registered = gstinState(values.gstin);
  const state = text(value);
  if (!registered || !state || stateCodeOf(state) === registered.code) return undefined;
  return {
    message: 'app.business.state_mismatch',
    args: { gstinState: registered.name, code: registered.code, state },
  };
}

export const pincodeValid = (value: unknown) =>
  !text(value) || isPinCode(text(value)) ? undefined : 'app.business.pincode_format';

export function phoneValid(value: unknown) {
  const phone = text(value);
  if (!phone) return undefined;
  const digits = phone.replace(/\D/g, '').length;
  return /^[0-9+()\-\s]+$/.test(phone) && digits >= 10 && digits <= 13
    ? undefined
    : 'app.business.phone_format';
}

export const invoicePrefixValid = (value: unknown) =>
  !text(value) || /^[A-Z0-9]{1,3}$/.test(text(value).toUpperCase())
    ? undefined
    : 'app.business.invoice_prefix_format';

export function overdueDaysValid(value: unknown) {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 365 ? undefined : 'app.business.overdue_days_range';
}

/** What is sent: trimmed text, the GSTIN and prefix in capitals, the days as a number. */
export function toPayload(values: Record<string, unknown>) {
  return {
    legalName: text(values.legalName),
    tradeName: text(values.tradeName),
    gstin: normaliseGstin(text(values.gstin)),
    address: text(values.address),
    city: text(values.city),
    state: text(values.state),
    pincode: text(values.pincode),
    phone: text(values.phone),
    email: text(values.email),
    invoicePrefix: text(values.invoicePrefix).toUpperCase(),
    overdueDays: Number(values.overdueDays),
  };
}
