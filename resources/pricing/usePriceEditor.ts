import { useState } from 'react';
import { useUpdate, type RaRecord } from 'react-admin';
import { useWriteCallbacks } from '@/actions/useWriteCallbacks';
import { editData, isChanged, priceValuesOf, validatePrices, type PriceValues } from './prices';

/** The figures a pricing row edits, in their order on screen, with their labels. */
export const PRICE_FIELDS: { key: keyof PriceValues; label: string; step: string }[] = [
  { key: 'price', label: 'app.pricing.price', step: '0.01' },
  { key: 'discountPrice', label: 'app.pricing.discount_price', step: '0.01' },
  { key: 'stockQuantity', label: 'app.pricing.stock', step: '1' },
];

/**
 * One product's or accessory's figures as typed, checked, and saved on their own: what the
 * table's row and the phone's block both show.
 */
export function usePriceEditor({
  resource,
  record,
  failureMessage,
}: {
  resource: 'products' | 'accessories';
  record: RaRecord;
  failureMessage: string;
}) {
  const [saved, setSaved] = useState(() => priceValuesOf(record));
  const [values, setValues] = useState(saved);
  const [update, { isPending: busy }] = useUpdate();
  const callbacks = useWriteCallbacks({
    resource,
    failureMessage,
    onSuccess: () => setSaved(values),
  });
  const errors = validatePrices(values);
  return {
    values,
    setValue: (key: keyof PriceValues, value: string) => setValues({ ...values, [key]: value }),
    errors,
    changed: isChanged(values, saved),
    valid: Object.keys(errors).length === 0,
    busy,
    save: () =>
      update(
        resource,
        { id: record.id, data: editData(record, values), previousData: record },
        { mutationMode: 'pessimistic', ...callbacks },
      ),
  };
}
