import Polyglot from 'node-polyglot';
import { en, type RiderMessageKey } from './en';
import { hi } from './hi';

export type { RiderMessageKey } from './en';

/** The languages of the riders' page; a rider picks one, the page sends it as Accept-Language. */
export const RIDER_LANGUAGES = ['hi', 'en'] as const;
export type RiderLanguage = (typeof RIDER_LANGUAGES)[number];

export const riderCatalogues: Record<RiderLanguage, Record<RiderMessageKey, string>> = { en, hi };

/** Indian number grouping (1,00,000) in each language; Hindi keeps Latin digits. */
const LOCALES: Record<RiderLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The rider's language from an Accept-Language header: Hindi when it comes first, else English. */
export function riderLanguageOf(acceptLanguage: string | undefined | null): RiderLanguage {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'hi' || first.startsWith('hi-') ? 'hi' : 'en';
}

export interface RiderTranslator {
  language: RiderLanguage;
  /** The catalogue's text for `key`, with `%{name}` filled in from `values`. */
  t(key: RiderMessageKey, values?: Record<string, string | number>): string;
  /** Rupees in Indian style: ₹1,25,000 or ₹250.50. */
  money(rupees: number): string;
  /** A count in Indian style: 1,00,000. */
  count(n: number): string;
}

/**
 * One language's translator, for the riders' page and for the server's messages to a rider.
 * Numbers passed as values are formatted as counts, except `smart_count`, which polyglot uses
 * to pick the plural form (and formats itself).
 */
export function riderTranslator(language: RiderLanguage): RiderTranslator {
  const polyglot = new Polyglot({ phrases: riderCatalogues[language], locale: LOCALES[language] });
  // Whole rupees without paise (₹250), others with both digits (₹250.50).
  const moneyFormats = [0, 2].map(
    (digits) =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
  const countFormat = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 });
  const count = (n: number) => countFormat.format(n);
  return {
    language,
    t: (key, values) =>
      polyglot.t(
        key,
        values &&
          Object.fromEntries(
            Object.entries(values).map(([name, value]) => [
              name,
              typeof value === 'number' && name !== 'smart_count' ? count(value) : value,
            ]),
          ),
      ),
    money: (rupees) => moneyFormats[Number.isInteger(rupees) ? 0 : 1].format(rupees),
    count,
  };
}
