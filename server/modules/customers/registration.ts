import { z } from 'zod';
import { gstinProblem, normaliseGstin, stateCodeOf, stateNameOf } from '@shared/gst';
import { badRequest } from '../../lib/errors';
import { plainText } from '../../lib/validation';

/**
 * A registered buyer (issue 38): a customer's GSTIN and legal name, printed on the invoices
 * numbered while they are set (issue_invoice() copies them). Both null for a household.
 */
export interface Registration {
  gstin: string | null;
  legalName: string | null;
}

/** What a call sent: left out (undefined) is "unchanged", '' (or null) is "none". */
export interface SentRegistration {
  gstin?: string;
  legalName?: string;
}

export const LEGAL_NAME_REQUIRED = 'Legal name is required with a GSTIN.';
export const LEGAL_NAME_WITHOUT_GSTIN =
  'A legal name is kept for a registered buyer only: enter their GSTIN too.';

/** null (JSON) is the same as '' (a form's empty box). */
const nullIsBlank = (v: unknown) => (v === null ? '' : v);

/**
 * A buyer's GSTIN as typed (lower case, spaces around), checked as the business's is: format,
 * state code and check character (gstinProblem's words). '' or null: unregistered.
 */
export const buyerGstin = z
  .preprocess(
    nullIsBlank,
    plainText('GSTIN')
      .transform(normaliseGstin)
      .superRefine((value, ctx) => {
        if (value === '') return;
        const problem = gstinProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  )
  .optional();

/** The name the buyer is registered under, as on their GST certificate. */
export const buyerLegalName = z
  .preprocess(
    nullIsBlank,
    plainText('Legal name').trim().max(200, 'Legal name must be at most 200 characters.'),
  )
  .optional();

/** A GSTIN without a legal name: the body's own check (the legal name is then required). */
export function refineRegistration(body: SentRegistration, ctx: z.RefinementCtx): void {
  if (body.gstin && !body.legalName) {
    ctx.addIssue({ code: 'custom', path: ['legalName'], message: LEGAL_NAME_REQUIRED });
  }
}

/**
 * The GSTIN's state (its first two digits) against an address's state: a message naming both
 * when they differ; null when they agree or the address names no state GST knows.
 */
export function stateMismatch(gstin: string, addressState: string, whose: string): string | null {
  const addressCode = stateCodeOf(addressState);
  const registered = gstin.slice(0, 2);
  if (!addressCode || addressCode === registered) return null;
  return `The GSTIN is registered in ${stateNameOf(registered)} (${registered}), but ${whose} is in ${stateNameOf(addressCode)} (${addressCode}). Check the GSTIN or the address.`;
}

/**
 * What the customer's registration becomes: undefined when the call leaves it alone. An empty
 * GSTIN clears both; a GSTIN needs a legal name; a legal name alone changes a registered
 * buyer's and is refused for a household (400, nothing changed).
 */
export function resolveRegistration(
  sent: SentRegistration,
  current: Registration,
): Registration | undefined {
  if (sent.gstin === undefined) {
    if (sent.legalName === undefined) return undefined;
    if (!current.gstin) {
      if (sent.legalName === '') return undefined;
      throw badRequest(LEGAL_NAME_WITHOUT_GSTIN);
    }
    if (sent.legalName === '') throw badRequest(LEGAL_NAME_REQUIRED);
    return { gstin: current.gstin, legalName: sent.legalName };
  }
  if (sent.gstin === '') return { gstin: null, legalName: null };
  if (!sent.legalName) throw badRequest(LEGAL_NAME_REQUIRED);
  return { gstin: sent.gstin, legalName: sent.legalName };
}
