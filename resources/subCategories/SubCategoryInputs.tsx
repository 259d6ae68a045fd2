import { required, TextInput } from 'react-admin';
import { ImageUploadInput } from '@/components/ImageUploadInput';

/** The fields shared by add and edit; on edit the image is optional. */
export function SubCategoryInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" validate={required()} multiline minRows={3} fullWidth />
      <ImageUploadInput
        source="image"
        label="Image"
        validate={mode === 'create' ? required() : undefined}
      />
    </>
  );
}
