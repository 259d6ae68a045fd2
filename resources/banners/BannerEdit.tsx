import { bannerPayload, BannerInputs } from './BannerInputs';
import { HOME_BANNER_ID } from './place';
import { RecordEdit } from '@/records/RecordEdit';

/** /admin-panel/banner/edit/{id}: loads the banner by id, so a reload or a shared link works. */
export function BannerEdit() {
  return (
    <RecordEdit
      resource="banners"
      title="app.banners.edit_title"
      backTo={(banner) => `/banners/${banner.categoryId ?? HOME_BANNER_ID}/1`}
      failureMessage="app.banners.edit_failed"
      transform={bannerPayload}
    >
      <BannerInputs mode="edit" />
    </RecordEdit>
  );
}
