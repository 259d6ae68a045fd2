import { Box, ImageList, ImageListItem, Stack, Typography } from '@mui/material';
import { Labeled, TextField, useRecordContext, useTranslate } from 'react-admin';
import { formatDay, imageUrl } from '@/format';
import { RecordShow } from '@/records/RecordShow';
import { usePlaceName } from './place';

/** /admin-panel/banner/view/{id}: the banner's details and a gallery of all its images. */
export function BannerShow() {
  return (
    <RecordShow
      resource="banners"
      title="app.banners.view_title"
      heading={(record) => record.title}
      editTo={(record) => `/banner/edit/${record.id}`}
      maxWidth="none"
    >
      <BannerDetails />
    </RecordShow>
  );
}

/** Where it shows, its status and date, then its images, widest first. */
function BannerDetails() {
  const translate = useTranslate();
  const record = useRecordContext()!;
  const place = usePlaceName(record.categoryId);
  const urls = (record.imageUrl as string[] | undefined) ?? [];
  return (
    <>
      <Stack direction="row" spacing={4} sx={{ mb: 3 }} flexWrap="wrap" useFlexGap>
        <Labeled label={translate('app.banners.category')}>
          <Typography variant="body2">{place ?? ''}</Typography>
        </Labeled>
        <Labeled label="Status">
          <TextField source="status" />
        </Labeled>
        <Labeled label="Created At">
          <Typography variant="body2">{formatDay(record.createdAt)}</Typography>
        </Labeled>
      </Stack>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('app.banners.images')} ({urls.length})
      </Typography>
      <ImageList cols={1} gap={16} sx={{ m: 0, maxWidth: 960 }}>
        {urls.map((url, i) => (
          <ImageListItem key={`${url}-${i}`}>
            <Box
              component="img"
              src={imageUrl(url)}
              alt={translate('app.banners.image_alt', { title: record.title, n: i + 1 })}
              loading="lazy"
              sx={{
                width: '100%',
                aspectRatio: '3 / 1',
                objectFit: 'cover',
                borderRadius: 2,
                bgcolor: 'grey.100',
              }}
            />
          </ImageListItem>
        ))}
      </ImageList>
    </>
  );
}
