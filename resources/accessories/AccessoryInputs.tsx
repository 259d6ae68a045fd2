import { minValue, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ImageUploadInput } from '@/components/ImageUploadInput';
import { ReturnableInputs, TaxInputs } from '@/catalogue/TaxInputs';
import { ACCESSORY_MATERIALS, ACCESSORY_TYPES } from './choices';

const atLeastZero = [required(), minValue(0)];

const notAbovePrice = (value: unknown, values: Record<string, unknown>) =>
  value !== null && value !== undefined && Number(value) > Number(values.price)
    ? 'app.products.discount_above_price'
    : undefined;

/** The fields shared by add and edit; the type choices follow the category's kind. */
export function AccessoryInputs(props: { mode: 'create' | 'edit'; kind: string | undefined }) {
  const translate = useTranslate();
  const types = props.kind ? ACCESSORY_TYPES[props.kind] : undefined;
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput
        source="type"
        choices={types ?? []}
        disabled={!types}
        validate={required()}
        helperText={types ? false : translate('app.accessories.type_disabled')}
        fullWidth
      />
      <SelectInput
        source="material"
        choices={ACCESSORY_MATERIALS}
        validate={required()}
        fullWidth
      />
      <NumberInput source="price" label="Price (₹)" validate={atLeastZero} />
      <NumberInput
        source="discountPrice"
        label="Discount Price (₹)"
        validate={[...atLeastZero, notAbovePrice]}
      />
      <NumberInput source="stockQuantity" label="Stock Quantity" validate={atLeastZero} />
      <ReturnableInputs />
      <TaxInputs unset="Category default" />
      <ImageUploadInput
        source="imageUrl"
        label="Image"
        validate={props.mode === 'create' ? required() : undefined}
      />
    </>
  );
}
