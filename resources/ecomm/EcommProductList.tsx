import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { ThumbnailField } from '@/components/ThumbnailField';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { EcommStatusChip } from './EcommStatusChip';
import { PriceCell } from './PriceCell';

const count = new Intl.NumberFormat('en-IN');

/** /admin-panel/ecomm/all-products/{page}: read only; sortable where the server sorts. */
export function EcommProductList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="ecomm"
      title={translate('app.ecomm.products_title')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      search
    >
      {phone ? (
        // Read-only here (the products are kept in the shop): lines that open nothing.
        <PhoneList
          name={(r) => r.title}
          avatar={<ThumbnailField source="image" />}
          badge={(r) => <EcommStatusChip status={r.status} />}
          lines={(r) => [
            [r.brandName, r.category?.name].filter(Boolean).join(' · '),
            <PriceCell key="price" price={r.price} discountPrice={r.discountPrice} />,
            translate('app.ecomm.sold_line', { count: count.format(Number(r.noOfSolds ?? 0)) }),
          ]}
          sortFields={['title', 'brandName', 'price', 'noOfSolds']}
        />
      ) : (
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
      )}
    </PathPagedList>
  );
}
