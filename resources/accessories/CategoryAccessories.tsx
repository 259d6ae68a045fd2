import { Stack } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ReferenceManyField,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { RowActions } from '@/components/RowActions';
import { ThumbnailField } from '@/components/ThumbnailField';
import { formatRupees } from '@/format';
import { CatalogueSection } from '../products/CatalogueSection';
import { choiceLabel } from './choices';

/** The accessories table of the category view (water and oxygen only). */
export function CategoryAccessories({ category }: { category: RaRecord }) {
  const translate = useTranslate();
  return (
    <CatalogueSection
      title={translate('app.accessories.title')}
      resource="accessories"
      addTo={`/accessory/add/${category.id}`}
    >
      <ReferenceManyField reference="accessories" target="categoryId" perPage={1000}>
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
              <Stack direction="row" alignItems="center">
                <RowActions viewPath="/accessory/view" editPath="/accessory/edit" />
                <ConfirmDeleteButton failureMessage="app.accessories.delete_failed" />
              </Stack>
            )}
          />
        </Datagrid>
      </ReferenceManyField>
    </CatalogueSection>
  );
}
