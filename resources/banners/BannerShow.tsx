import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Card,
  CardContent,
  ImageList,
  ImageListItem,
  Stack,
  Typography,
} from '@mui/material';
import {
  Labeled,
  RecordContextProvider,
  TextField,
  Title,
  useCanAccess,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { formatDay, imageUrl } from '../../src/format';
import { usePlaceName } from './place';

/** /admin-panel/banner/view/{id}: the banner's details and a gallery of all its images. */
export function BannerShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('banners', { id: id! });
  const place = usePlaceName(record?.categoryId);
  const { canAccess: canEdit } = useCanAccess({ resource: 'banners', action: 'edit' });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  const urls = (record.imageUrl as string[] | undefined) ?? [];
  return (
    <RecordContextProvider value={record}>
      <Title title={translate('app.banners.view_title')} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
            <Typography variant="h5" component="h1">
              {record.title}
            </Typography>
            {canEdit && (
              <Button
                component={Link}
                to={`/banner/edit/${record.id}`}
                startIcon={<EditIcon />}
                variant="outlined"
              >
                Edit
              </Button>
            )}
          </Stack>
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
        </CardContent>
      </Card>
    </RecordContextProvider>
  );
}
