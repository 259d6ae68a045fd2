import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { bannerPayload, BannerInputs } from './BannerInputs';
import { HOME_BANNER_ID } from './place';

/** /admin-panel/banner/add, with the category of the list it was opened from (?categoryId=). */
export function BannerCreate() {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const categoryId = search.get('categoryId') || HOME_BANNER_ID;
  const save = useResourceSave('banners', {
    failureMessage: 'app.banners.add_failed',
    fallbackPath: `/banners/${categoryId}/1`,
  });
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.banners.add_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.banners.add_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        defaultValues={{ categoryId }}
        onSubmit={(data: Record<string, unknown>) => save(bannerPayload(data))}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <BannerInputs mode="create" />
      </SimpleForm>
    </Card>
  );
}
