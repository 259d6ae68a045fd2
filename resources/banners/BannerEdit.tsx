import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { bannerPayload, BannerInputs } from './BannerInputs';

/** /admin-panel/banner/edit/{id}: loads the banner by id, so a reload or a shared link works. */
export function BannerEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('banners', { id: id! });
  const save = useResourceSave('banners', {
    failureMessage: 'app.banners.edit_failed',
    fallbackPath: `/banners/${record?.categoryId ?? '123456789'}/1`,
  });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.banners.edit_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.banners.edit_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        record={record}
        onSubmit={(data: Record<string, unknown>) => save(bannerPayload(data), record)}
        toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
      >
        <BannerInputs mode="edit" />
      </SimpleForm>
    </Card>
  );
}
