import { useSearchParams } from 'react-router-dom';
import { bannerPayload, BannerInputs } from './BannerInputs';
import { HOME_BANNER_ID } from './place';
import { RecordCreate } from '@/records/RecordCreate';

/** /admin-panel/banner/add, with the category of the list it was opened from (?categoryId=). */
export function BannerCreate() {
  const [search] = useSearchParams();
  const categoryId = search.get('categoryId') || HOME_BANNER_ID;
  return (
    <RecordCreate
      resource="banners"
      title="app.banners.add_title"
      backTo={`/banners/${categoryId}/1`}
      failureMessage="app.banners.add_failed"
      defaultValues={{ categoryId }}
      transform={bannerPayload}
    >
      <BannerInputs mode="create" />
    </RecordCreate>
  );
}
