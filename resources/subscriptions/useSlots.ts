import { useActionQuery } from '@/actions/useActionQuery';
import type { AppDataProvider } from '@/providers/types';

/** The delivery times of Settings > Delivery Times: the slots a subscription may take. */
export function useSlots(): string[] {
  const { data } = useActionQuery(['deliverySettings', 'times'], (dp: AppDataProvider) =>
    dp.getDeliveryTimes({}),
  );
  return (data?.deliveryTime ?? []).filter(Boolean);
}
