import {
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { ImageUploadInput } from '@/components/ImageUploadInput';
import { ReturnableInputs, TaxInputs } from '@/catalogue/TaxInputs';

const atLeastZero = [required(), minValue(0)];

const notAbovePrice: Validator = (value, values) =>
  value !== null && value !== undefined && Number(value) > Number(values.price)
    ? 'app.products.discount_above_price'
    : undefined;

/**
 * The fields shared by add and edit. The category's kind decides the rest: litres for water,
 * a sub-category of this category (required) for laundry. Then whether it is returnable (its
 * deposit) and its GST classification, which an empty rate leaves to the category.
 */
export function ProductInputs(props: {
  mode: 'create' | 'edit';
  kind: string | undefined;
  categoryId: string;
}) {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" validate={required()} multiline minRows={3} fullWidth />
      {props.kind === 'laundry' && (
        <ReferenceInput
          source="subCategoryId"
          reference="subCategories"
          filter={{ categoryId: props.categoryId }}
          perPage={1000}
        >
          <SelectInput label="Sub Category" optionText="name" validate={required()} fullWidth />
        </ReferenceInput>
      )}
      <NumberInput source="price" label="Price (₹)" validate={atLeastZero} />
      <NumberInput
        source="discountPrice"
        label="Discount Price (₹)"
        validate={[...atLeastZero, notAbovePrice]}
      />
      <NumberInput source="stockQuantity" label="Stock Quantity" validate={atLeastZero} />
      {props.kind === 'water' && (
        <NumberInput
          source="quantity"
          label="Quantity (litres)"
          validate={atLeastZero}
          helperText="Jar size, e.g. 20 or 25."
        />
      )}
      <ReturnableInputs />
      <TaxInputs unset="Category default" />
      <ImageUploadInput
        source="image"
        label="Image"
        validate={props.mode === 'create' ? required() : undefined}
      />
    </>
  );
}
