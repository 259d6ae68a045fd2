import {
  Datagrid,
  FunctionField,
  ReferenceManyField,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { RowActions } from '@/components/RowActions';
import { ThumbnailField } from '@/components/ThumbnailField';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { formatDay } from '@/format';
import { CatalogueSection } from '@/catalogue/CatalogueSection';

/** The sub-categories table of the category view (laundry only). */
export function CategorySubCategories({ category }: { category: RaRecord }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <CatalogueSection
      title={translate('app.subCategories.title')}
      resource="subCategories"
      addTo={`/sub-category/add/${category.id}`}
    >
      <ReferenceManyField reference="subCategories" target="categoryId" perPage={1000}>
        {phone ? (
          <PhoneList
            name={(r) => r.name}
            avatar={<ThumbnailField source="image" />}
            lines={(r) => [r.title, [r.status, formatDay(r.createdAt)].join(' · ')]}
            to={(r) => `/sub-category/view/${r.id}`}
            actions={
              <RowActions
                editPath="/sub-category/edit"
                deleteFailure="app.subCategories.delete_failed"
              />
            }
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <ThumbnailField source="image" label="Image" />
            <TextField source="name" />
            <TextField source="title" />
            <TextField source="status" />
            <FunctionField label="Created At" render={(r) => formatDay(r.createdAt)} />
            <FunctionField
              label={translate('app.list.actions')}
              render={() => (
                <RowActions
                  viewPath="/sub-category/view"
                  editPath="/sub-category/edit"
                  deleteFailure="app.subCategories.delete_failed"
                />
              )}
            />
          </Datagrid>
        )}
      </ReferenceManyField>
    </CatalogueSection>
  );
}
