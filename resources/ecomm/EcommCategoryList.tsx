import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { ThumbnailField } from '@/components/ThumbnailField';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { EcommStatusChip } from './EcommStatusChip';

/** /admin-panel/ecomm/product-categories/{page}: the e-commerce product categories, read only. */
export function EcommCategoryList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="ecommCategories"
      title={translate('app.ecomm.categories_title')}
      sort={{ field: 'createdAt', order: 'ASC' }}
      search
    >
      {phone ? (
        <PhoneList
          name={(r) => r.name}
          avatar={<ThumbnailField source="image" />}
          badge={(r) => <EcommStatusChip status={r.status} />}
          lines={(r) => [
            r.title,
            translate('app.ecomm.products_line', { smart_count: Number(r.productCount ?? 0) }),
          ]}
          sortFields={['name', 'title']}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="app.ecomm.image"
            sortable={false}
            render={() => <ThumbnailField source="image" />}
          />
          <TextField source="name" label="app.ecomm.name" />
          <TextField source="title" label="app.ecomm.title" />
          <FunctionField
            label="app.ecomm.products"
            sortable={false}
            render={(r) => Number(r.productCount ?? 0)}
          />
          <FunctionField
            label="app.ecomm.status"
            sortable={false}
            render={(r) => <EcommStatusChip status={r.status} />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
