import { Avatar } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { imageUrl } from '../format';

/** A list thumbnail of the record's image path, loaded lazily. */
export function ThumbnailField({ source, label: _label }: { source: string; label?: string }) {
  const record = useRecordContext();
  const src = imageUrl(record?.[source]);
  return (
    <Avatar
      variant="rounded"
      src={src}
      alt={record?.name ? `${record.name}` : ''}
      slotProps={{ img: { loading: 'lazy' } }}
      sx={{ width: 48, height: 48 }}
    />
  );
}
