import type { FastifyRequest } from 'fastify';
import {
  riderLanguageOf,
  riderTranslator,
  type RiderLanguage,
  type RiderMessageKey,
} from '@shared/riderMessages';

// The server's messages to a rider come from the page's own catalogue (shared/riderMessages),
// in the language the page asks for: one translator per language, made once.
const translators = {
  en: riderTranslator('en'),
  hi: riderTranslator('hi'),
} satisfies Record<RiderLanguage, ReturnType<typeof riderTranslator>>;

/** The language a rider's page asks for (`Accept-Language`, set from the rider's choice). */
export const riderLanguage = (request: FastifyRequest): RiderLanguage =>
  riderLanguageOf(request.headers['accept-language']);

/** A message of the shared catalogue in the request's language. */
export function riderText(
  request: FastifyRequest,
  key: RiderMessageKey,
  values?: Record<string, string | number>,
): string {
  return translators[riderLanguage(request)].t(key, values);
}

/** Money as the rider reads it: ₹1,20,500.50 (Indian grouping), in the request's language. */
export const riderMoney = (request: FastifyRequest, rupees: number): string =>
  translators[riderLanguage(request)].money(rupees);

/** A message in English, for what admins read (history notes). */
export const englishText = (key: RiderMessageKey) => translators.en.t(key);
