/**
 * An Indian PIN code: six digits, the first 1-9 (spec 000: a pin code's length is 6). The panel's
 * inputs and the server's schemas (pin codes, riders) check it by this one pattern.
 */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;

/** What the panel and the server say of a pin code that does not match it. */
export const PIN_CODE_FORMAT_MESSAGE = 'The pin code must be exactly 6 digits.';

export const isPinCode = (value: string): boolean => PIN_CODE_PATTERN.test(value);

/**
 * A pin code as pickers and filters show it (issue 37): `400053 · Andheri West, Mumbai`, or the
 * number alone when it has no area or city.
 */
export function pincodeLabel(p: { number: unknown; area?: unknown; city?: unknown }): string {
  const place = [p.area, p.city].filter((part) => typeof part === 'string' && part).join(', ');
  return place ? `${String(p.number)} · ${place}` : String(p.number);
}
