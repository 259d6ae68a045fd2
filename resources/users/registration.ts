import { gstinProblem, normaliseGstin, stateCodeOf, stateNameOf } from '@shared/gst';

// A registered buyer's GSTIN and legal name on the customer's edit form (issue 38): the checks
// of POST user/update-user, made as the admin types; the server makes them again.

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** gstinProblem's own words (they name what to fix); nothing while the box is empty. */
export const buyerGstinValid = (value: unknown) =>
  text(value) ? (gstinProblem(text(value)) ?? undefined) : undefined;

/** The state of a valid GSTIN, from its first two digits. */
export function gstinState(value: unknown): { code: string; name: string } | null {
  const gstin = normaliseGstin(text(value));
  if (!gstin || gstinProblem(gstin)) return null;
  const code = gstin.slice(0, 2);
  const name = stateNameOf(code);
  return name ? { code, name } : null;
}

/**
 * The GSTIN's state against the customer's default address (the first of `addresses`, as
 * get-user orders them) when that names a state GST knows; a new address typed on the form
 * names none, so then nothing is checked.
 */
export function gstinMatchesAddress(value: unknown, values: Record<string, unknown>) {
  const registered = gstinState(value);
  if (!registered || text(values.address)) return undefined;
  const addresses = Array.isArray(values.addresses) ? values.addresses : [];
  const state = text((addresses[0] as { state?: unknown } | undefined)?.state);
  const code = state ? stateCodeOf(state) : undefined;
  if (!code || code === registered.code) return undefined;
  return {
    message: 'app.users.gstin_state_mismatch',
    args: {
      gstinState: registered.name,
      gstinCode: registered.code,
      state: stateNameOf(code) ?? state,
      stateCode: code,
    },
  };
}

/** A legal name goes with a GSTIN: required with one, refused without. */
export function legalNameValid(value: unknown, values: Record<string, unknown>) {
  const hasGstin = Boolean(text(values.gstin));
  if (hasGstin && !text(value)) return 'app.users.legal_name_required';
  if (!hasGstin && text(value)) return 'app.users.legal_name_without_gstin';
  return undefined;
}

/** What is sent: the GSTIN in capitals and the legal name trimmed; both '' for a household. */
export function registrationPayload(values: Record<string, unknown>) {
  const gstin = normaliseGstin(text(values.gstin));
  return { gstin, legalName: gstin ? text(values.legalName) : '' };
}
