import { useListContext } from 'react-admin';

/**
 * One filter of the list as a value and a setter: setting '' or undefined removes it (and the
 * `alsoRemove` keys that belong to it), so that the address and the call carry only what is set.
 * A choice applies at once (react-admin debounces setFilters for typing; a click needs none).
 */
export function useFilterValue(source: string, alsoRemove: readonly string[] = []) {
  const { filterValues, setFilters } = useListContext();
  const value = filterValues[source] as string | undefined;
  const set = (next: string | undefined, extra: Record<string, string> = {}) => {
    const rest = Object.fromEntries(
      Object.entries(filterValues).filter(([key]) => key !== source && !alsoRemove.includes(key)),
    );
    setFilters(next ? { ...rest, [source]: next, ...extra } : rest, {}, false);
  };
  return [value, set] as const;
}
