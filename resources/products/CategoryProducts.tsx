import {
  Datagrid,
  FunctionField,
  ReferenceField,
  ReferenceManyField,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { RowActions } from '@/components/RowActions';
import { ThumbnailField } from '@/components/ThumbnailField';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { formatRupees } from '@/format';
import { CatalogueSection } from '@/catalogue/CatalogueSection';
import { returnableText } from '@/catalogue/tax';

/** The products table of the category view (every kind but tiffin). */
export function CategoryProducts({ category }: { category: RaRecord }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <CatalogueSection
      title={translate('app.products.title')}
      resource="products"
      addTo={`/product/add/${category.id}`}
    >
      <ReferenceManyField reference="products" target="searchId" perPage={1000}>
        {phone ? (
          <PhoneList
            name={(r) => r.name}
            avatar={<ThumbnailField source="image" />}
            lines={(r) => [
              category.kind === 'laundry' && (
                <ReferenceField
                  key="sub"
                  source="subCategoryId"
                  reference="subCategories"
                  link={false}
                >
                  <TextField source="name" />
                </ReferenceField>
              ),
              [
                category.kind === 'water' && r.quantity && `${r.quantity} L`,
                `Price ${formatRupees(r.price)}`,
                `Discount Price ${formatRupees(r.discountPrice)}`,
              ]
                .filter(Boolean)
                .join(' · '),
              [`Stock ${r.stockQuantity ?? 0}`, `Returnable: ${returnableText(r)}`, r.status].join(
                ' · ',
              ),
            ]}
            to={(r) => `/product/view/${r.id}`}
            actions={
              <RowActions editPath="/product/edit" deleteFailure="app.products.delete_failed" />
            }
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <ThumbnailField source="image" label="Image" />
            <TextField source="name" />
            {category.kind === 'laundry' && (
              <ReferenceField
                source="subCategoryId"
                reference="subCategories"
                label="Sub Category"
                link={false}
              >
                <TextField source="name" />
              </ReferenceField>
            )}
            {category.kind === 'water' && (
              <FunctionField label="Litres" render={(r) => (r.quantity ? `${r.quantity} L` : '')} />
            )}
            <FunctionField label="Price" render={(r) => formatRupees(r.price)} />
            <FunctionField label="Discount Price" render={(r) => formatRupees(r.discountPrice)} />
            <TextField source="stockQuantity" label="Stock" />
            <FunctionField label="Returnable" render={(r) => returnableText(r)} />
            <TextField source="status" />
            <FunctionField
              label={translate('app.list.actions')}
              render={() => (
                <RowActions
                  viewPath="/product/view"
                  editPath="/product/edit"
                  deleteFailure="app.products.delete_failed"
                />
              )}
            />
          </Datagrid>
        )}
      </ReferenceManyField>
    </CatalogueSection>
  );
}
