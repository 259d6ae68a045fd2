import { Chip } from '@mui/material';
import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { AddButton } from '@/components/AddButton';
import { RowActions } from '@/components/RowActions';
import { ThumbnailField } from '@/components/ThumbnailField';
import { formatDay } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { kindLabel } from './kinds';

/** /admin-panel/categories/{page} */
export function CategoryList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="categories"
      title={translate('app.categories.title')}
      exportable
      sort={{ field: 'createdAt', order: 'ASC' }}
      search
      actions={<AddButton resource="categories" to="/category/add" />}
    >
      {phone ? (
        <PhoneList
          name={(r) => r.name}
          avatar={<ThumbnailField source="image" />}
          badge={(r) => <Chip size="small" label={kindLabel(r.kind)} />}
          lines={(r) => [r.title, [r.status, formatDay(r.createdAt)].join(' · ')]}
          to={(r) => `/category/view/${r.id}`}
          actions={<RowActions editPath="/category/edit" />}
          sortFields={['name', 'title', 'kind', 'createdAt']}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <ThumbnailField source="image" label="Image" />
          <TextField source="name" />
          <TextField source="title" />
          <FunctionField
            source="kind"
            label="Kind"
            render={(r) => <Chip size="small" label={kindLabel(r.kind)} />}
          />
          <TextField source="status" sortable={false} />
          <FunctionField
            source="createdAt"
            label="Created At"
            render={(r) => formatDay(r.createdAt)}
          />
          <FunctionField
            label={translate('app.list.actions')}
            render={() => <RowActions viewPath="/category/view" editPath="/category/edit" />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
