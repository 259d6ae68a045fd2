/**
 * Answers of the lists the panel pages itself (`paging: 'client'`: the server sends the whole
 * list, e.g. every fresh and every repeat order at once). Turning a page or sorting must not
 * fetch the whole list again, and the fresh and reorder lists share one answer. Kept briefly,
 * and dropped at every write, so a change made in the panel shows at once.
 */
export function createWholeListCache<T>(maxAgeMs = 30_000) {
  const entries = new Map<string, { at: number; answer: Promise<T> }>();
  return {
    get(key: string, fetch: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < maxAgeMs) return hit.answer;
      const answer = fetch();
      entries.set(key, { at: Date.now(), answer });
      // A failed answer is not kept: the next look asks again.
      answer.catch(() => entries.delete(key));
      return answer;
    },
    clear() {
      entries.clear();
    },
  };
}
