import { required, SelectInput, TextInput } from 'react-admin';
import { ImageUploadInput } from '@/components/ImageUploadInput';
import { TaxInputs } from '@/catalogue/TaxInputs';
import { CATEGORY_KIND_CHOICES } from './kinds';

/** The fields shared by add and edit. The name and kind are fixed once the category exists. */
export function CategoryInputs({ mode }: { mode: 'create' | 'edit' }) {
  const editing = mode === 'edit';
  return (
    <>
      <TextInput
        source="name"
        validate={required()}
        readOnly={editing}
        helperText={editing ? 'The name cannot be changed.' : false}
        fullWidth
      />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" validate={required()} multiline minRows={3} fullWidth />
      <SelectInput
        source="kind"
        label="Service kind"
        choices={CATEGORY_KIND_CHOICES}
        readOnly={editing}
        helperText="Decides the screens of the category: litres for water, sub-categories for laundry, plans for tiffin."
        fullWidth
      />
      <TaxInputs unset="Not set" />
      <ImageUploadInput source="image" label="Image" validate={editing ? undefined : required()} />
    </>
  );
}
