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
import { formatRupees } from '@/format';
import { CatalogueSection } from '@/catalogue/CatalogueSection';
import { choiceLabel } from './choices';

/** The accessories table of the category view (water and oxygen only). */
export function CategoryAccessories({ category }: { category: RaRecord }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <CatalogueSection
      title={translate('app.accessories.title')}
      resource="accessories"
      addTo={`/accessory/add/${category.id}`}
    >
      <ReferenceManyField reference="accessories" target="categoryId" perPage={1000}>
        {phone ? (
          <PhoneList
            name={(r) => r.name}
            avatar={<ThumbnailField source="imageUrl" />}
            lines={(r) => [
              [choiceLabel(r.type), choiceLabel(r.material)].filter(Boolean).join(' · '),
              [
                `Price ${formatRupees(r.price)}`,
                `Discount Price ${formatRupees(r.discountPrice)}`,
                `Stock ${r.stockQuantity ?? 0}`,
              ].join(' · '),
            ]}
            to={(r) => `/accessory/view/${r.id}`}
            actions={
              <RowActions
                editPath="/accessory/edit"
                deleteFailure="app.accessories.delete_failed"
              />
            }
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <ThumbnailField source="imageUrl" label="Image" />
            <TextField source="name" />
            <FunctionField label="Type" render={(r) => choiceLabel(r.type)} />
            <FunctionField label="Material" render={(r) => choiceLabel(r.material)} />
            <FunctionField label="Price" render={(r) => formatRupees(r.price)} />
            <FunctionField label="Discount Price" render={(r) => formatRupees(r.discountPrice)} />
            <TextField source="stockQuantity" label="Stock" />
            <FunctionField
              label={translate('app.list.actions')}
              render={() => (
                <RowActions
                  viewPath="/accessory/view"
                  editPath="/accessory/edit"
                  deleteFailure="app.accessories.delete_failed"
                />
              )}
            />
          </Datagrid>
        )}
      </ReferenceManyField>
    </CatalogueSection>
  );
}
