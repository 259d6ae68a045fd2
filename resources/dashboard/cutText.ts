/** Spec 001 §9: a support description on the dashboard is cut at 40 characters plus '...'. */
export const DESCRIPTION_LIMIT = 40;

export function cutText(text: unknown, limit = DESCRIPTION_LIMIT): string {
  const value = String(text ?? '');
  // Array.from counts characters, not UTF-16 units, so a Hindi word or an emoji is never split.
  const chars = Array.from(value);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : value;
}
