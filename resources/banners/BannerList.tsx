import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { AddButton } from '@/components/AddButton';
import { RowActions } from '@/components/RowActions';
import { formatDay } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { BannerFirstImage, BannerImagesField } from './BannerImagesField';
import { HOME_BANNER_ID, usePlaceName } from './place';

/** /admin-panel/banners/{categoryId}/{page}: the banners of a category, or of Home (123456789). */
export function BannerList() {
  const { categoryId = HOME_BANNER_ID } = useParams();
  const translate = useTranslate();
  const place = usePlaceName(categoryId);
  const home = categoryId === HOME_BANNER_ID;
  const phone = useIsPhone();
  const title = home
    ? translate('app.banners.home')
    : translate('app.banners.list_title', { name: place ?? '' });
  return (
    <PathPagedList
      // A new list per category: the search and page of one do not leak into another.
      key={categoryId}
      resource="banners"
      title={title}
      exportable
      filter={{ categoryId }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      search
      actions={
        <AddButton
          resource="banners"
          to={`/banner/add?categoryId=${encodeURIComponent(categoryId)}`}
        />
      }
    >
      {phone ? (
        <PhoneList
          name={(r) => r.title}
          avatar={<BannerFirstImage />}
          lines={(r) => [
            [
              translate('app.banners.image_count', { smart_count: r.imageUrl?.length ?? 0 }),
              r.status,
              formatDay(r.createdAt),
            ].join(' · '),
          ]}
          to={(r) => `/banner/view/${r.id}`}
          actions={<RowActions editPath="/banner/edit" deleteFailure="app.banners.delete_failed" />}
          sortFields={['title', 'createdAt']}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <BannerImagesField label={translate('app.banners.images')} />
          <TextField source="title" />
          <TextField source="status" sortable={false} />
          <FunctionField
            source="createdAt"
            label="Created At"
            render={(r) => formatDay(r.createdAt)}
          />
          <FunctionField
            label={translate('app.list.actions')}
            render={() => (
              <RowActions
                viewPath="/banner/view"
                editPath="/banner/edit"
                deleteFailure="app.banners.delete_failed"
              />
            )}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
