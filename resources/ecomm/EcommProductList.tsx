import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { ThumbnailField } from '@/components/ThumbnailField';
import { PathPagedList } from '@/lists/PathPagedList';
import { EcommStatusChip } from './EcommStatusChip';
import { PriceCell } from './PriceCell';

const count = new Intl.NumberFormat('en-IN');

/** /admin-panel/ecomm/all-products/{page}: read only; sortable where the server sorts. */
export function EcommProductList() {
  const translate = useTranslate();
  return (
    <PathPagedList
      resource="ecomm"
      title={translate('app.ecomm.products_title')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      search
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="app.ecomm.image"
          sortable={false}
          render={() => <ThumbnailField source="image" />}
        />
        <TextField source="title" label="app.ecomm.title" />
        <TextField source="brandName" label="app.ecomm.brand" />
        <FunctionField
          label="app.ecomm.category"
          sortable={false}
          render={(r) => r.category?.name ?? ''}
        />
        <FunctionField
          source="price"
          label="app.ecomm.price"
          render={(r) => <PriceCell price={r.price} discountPrice={r.discountPrice} />}
        />
        <FunctionField
          source="noOfSolds"
          label="app.ecomm.sold"
          render={(r) => count.format(Number(r.noOfSolds ?? 0))}
        />
        <FunctionField
          label="app.ecomm.status"
          sortable={false}
          render={(r) => <EcommStatusChip status={r.status} />}
        />
      </Datagrid>
    </PathPagedList>
  );
}
