import { ImageField, ImageInput, type ImageInputProps } from 'react-admin';
import { imageUrl } from '../format';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPT = { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'image/gif': [] };

/**
 * An image chooser: JPEG, PNG, WebP or GIF up to 5 MB. On edit the stored path is shown as the
 * current image; choosing a file replaces it.
 */
export function ImageUploadInput(props: Omit<ImageInputProps, 'children'>) {
  return (
    <ImageInput
      accept={ACCEPT}
      maxSize={MAX_IMAGE_BYTES}
      helperText="JPEG, PNG, WebP or GIF, up to 5 MB."
      format={(value: unknown) =>
        typeof value === 'string' ? { src: imageUrl(value), title: 'Current image' } : value
      }
      sx={{
        '& .RaFileInput-dropZone': {
          border: '2px dashed',
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
        },
      }}
      {...props}
    >
      <ImageField
        source="src"
        title="title"
        sx={{ '& img': { maxWidth: 200, maxHeight: 160, objectFit: 'contain' } }}
      />
    </ImageInput>
  );
}
