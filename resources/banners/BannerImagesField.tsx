import { Avatar, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { imageUrl } from '@/format';

/** The banner's images as a row of wide thumbnails, loaded lazily. */
/** The banner's first image, small: the picture of its line on a phone. */
export function BannerFirstImage() {
  const record = useRecordContext();
  const translate = useTranslate();
  const url = (record?.imageUrl as string[] | undefined)?.[0];
  return (
    <Avatar
      variant="rounded"
      src={url ? imageUrl(url) : undefined}
      alt={translate('app.banners.image_alt', { title: record?.title, n: 1 })}
      slotProps={{ img: { loading: 'lazy', style: { objectFit: 'cover' } } }}
      sx={{ width: 72, height: 40, bgcolor: 'grey.100' }}
    />
  );
}

export function BannerImagesField({ label: _label }: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const urls = (record?.imageUrl as string[] | undefined) ?? [];
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'nowrap' }}>
      {urls.map((url, i) => (
        <Avatar
          key={`${url}-${i}`}
          variant="rounded"
          src={imageUrl(url)}
          alt={translate('app.banners.image_alt', { title: record?.title, n: i + 1 })}
          slotProps={{ img: { loading: 'lazy', style: { objectFit: 'cover' } } }}
          sx={{ width: 120, height: 40, bgcolor: 'grey.100' }}
        />
      ))}
    </Stack>
  );
}
