import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ActionResult } from '../providers/actions';
import type { BaseDataProvider } from '../providers/dataProvider';

/**
 * Reads through an action (a single setting, a content text) with react-query, under `key`
 * (its first part names what `useAction`'s `invalidates` reloads): `useActionQuery(
 * ['deliverySettings', 'charges'], (dp) => dp.getDeliveryCharges({}))`.
 */
export function useActionQuery<Provider extends BaseDataProvider, Result>(
  key: string[],
  read: (dataProvider: Provider) => Promise<ActionResult<Result>>,
) {
  const dataProvider = useDataProvider<Provider>();
  return useQuery({
    queryKey: key,
    queryFn: async () => (await read(dataProvider)).data ?? null,
  });
}
