import { Box, LinearProgress, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import {
  ImageField,
  ImageInput,
  useRegisterMutationMiddleware,
  useTranslate,
  type ImageInputProps,
  type Middleware,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { UploadMeta } from '@/providers/dataProvider';
import type { UploadProgress } from '@/providers/httpClient';
import { imageUrl } from '../format';
import { formatSize } from './saveFile';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Uploads from this size on show their progress (a small image goes before a bar could help). */
export const LARGE_UPLOAD_BYTES = 512 * 1024;
const ACCEPT = { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'image/gif': [] };

/**
 * An image chooser: JPEG, PNG, WebP or GIF up to 5 MB. On edit the stored path is shown as the
 * current image; choosing a file replaces it. While the form saves a large upload, a bar under
 * it says how far the files have gone.
 */
export function ImageUploadInput(props: Omit<ImageInputProps, 'children'>) {
  const progress = useUploadProgress();
  const { isSubmitting } = useFormState();
  const chosen = holdsChosenFile(useWatch({ name: props.source }));
  return (
    <>
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
      {isSubmitting && chosen && progress && progress.total >= LARGE_UPLOAD_BYTES && (
        <UploadProgressBar progress={progress} />
      )}
    </>
  );
}

/**
 * How far the files of the form's save have gone: a mutation middleware hands the dataProvider
 * a progress callback in the write's `meta` (react-admin's way for an input to take part in
 * its form's save); null when no upload is under way.
 */
function useUploadProgress(): UploadProgress | null {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  type Write = (resource: string, params: { meta?: UploadMeta }) => Promise<unknown>;
  const middleware = useCallback<Middleware<Write>>((resource, params, next) => {
    const others = params.meta?.onUploadProgress;
    const onUploadProgress = (sent: UploadProgress | null) => {
      others?.(sent);
      setProgress(sent);
    };
    return next(resource, { ...params, meta: { ...params.meta, onUploadProgress } });
  }, []);
  useRegisterMutationMiddleware(middleware);
  return progress;
}

/** A file (or files, for a multiple input) newly chosen, rather than the stored image's path. */
function holdsChosenFile(value: unknown): boolean {
  return [value]
    .flat()
    .some((item) => (item as { rawFile?: unknown } | null)?.rawFile instanceof File);
}

function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const translate = useTranslate();
  const percent = Math.min(100, Math.round((progress.loaded / progress.total) * 100));
  const sent = progress.loaded >= progress.total;
  // Once every byte is out the server still checks the images: no figure to show then.
  const label = sent
    ? translate('app.upload.sent')
    : translate('app.upload.progress', {
        percent,
        loaded: formatSize(progress.loaded),
        total: formatSize(progress.total),
      });
  return (
    <Box sx={{ mb: 2, width: '100%', maxWidth: 400 }}>
      <LinearProgress
        variant={sent ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={translate('app.upload.label')}
      />
      <Typography variant="caption" color="text.secondary" role="status">
        {label}
      </Typography>
    </Box>
  );
}
