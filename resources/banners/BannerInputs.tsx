import { Box, Stack, Typography } from '@mui/material';
import {
  required,
  SelectInput,
  TextInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ImageUploadInput } from '@/components/ImageUploadInput';
import { imageUrl } from '@/format';
import { HOME_BANNER_ID } from './place';

/** The fields shared by add and edit. No category means the Home banners. */
export function BannerInputs({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const editing = mode === 'edit';
  // Dropdowns load categories with limit 100 (spec 000 §9).
  const { data: categories = [], isPending } = useGetList('categories', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <>
      <TextInput source="title" validate={required()} fullWidth />
      <SelectInput
        source="categoryId"
        label={translate('app.banners.category')}
        choices={categories}
        optionText="name"
        optionValue="id"
        isPending={isPending}
        emptyValue={HOME_BANNER_ID}
        emptyText={translate('app.banners.home')}
        fullWidth
      />
      {editing && <CurrentImages />}
      <ImageUploadInput
        source="image"
        label={translate('app.banners.images')}
        multiple
        validate={editing ? undefined : required()}
        helperText={translate(
          editing ? 'app.banners.images_help_edit' : 'app.banners.images_help_add',
        )}
      />
    </>
  );
}

function CurrentImages() {
  const record = useRecordContext();
  const translate = useTranslate();
  const urls = (record?.imageUrl as string[] | undefined) ?? [];
  if (!urls.length) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {translate('app.banners.current_images')}
      </Typography>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {urls.map((url, i) => (
          <Box
            key={`${url}-${i}`}
            component="img"
            src={imageUrl(url)}
            alt={translate('app.banners.image_alt', { title: record?.title, n: i + 1 })}
            sx={{ width: 180, height: 60, objectFit: 'cover', borderRadius: 1 }}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** Only newly chosen files are sent: none keeps the banner's images. */
export function bannerPayload(data: Record<string, unknown>): Record<string, unknown> {
  const chosen = ([data.image].flat() as unknown[]).filter(
    (f) => (f as { rawFile?: unknown } | null)?.rawFile instanceof File,
  );
  return { ...data, image: chosen.length ? chosen : undefined };
}
