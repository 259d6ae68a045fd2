import { MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  TextField,
  useGetList,
  useListContext,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '@/format';
import { FilterBar } from '@/lists/filters/FilterBar';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';

/** The resource typed, applied on Enter or on leaving the box. */
function ResourceFilter({
  applied,
  apply,
  size,
}: {
  applied: string;
  apply: (value: string) => void;
  size: { size: 'small'; fullWidth: false; sx: { width: number } };
}) {
  const translate = useTranslate();
  const [resource, setResource] = useState(applied);
  return (
    <MuiTextField
      label={translate('app.admins.audit.resource')}
      value={resource}
      onChange={(e) => setResource(e.target.value)}
      onBlur={() => apply(resource.trim())}
      onKeyDown={(e) => e.key === 'Enter' && apply(resource.trim())}
      {...size}
    />
  );
}

/** The filters: one admin (from the admins list), one resource, a date range (inclusive). */
function AuditFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data: admins } = useGetList('admins', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'email', order: 'ASC' },
  });
  const set = (name: string, value: string) => {
    const next = { ...filterValues, [name]: value };
    if (!value) delete next[name];
    setFilters(next, undefined);
  };
  // Filters sit side by side in their bar (react-admin's theme makes inputs full width).
  const size = { size: 'small', fullWidth: false, sx: { width: 170 } } as const;
  return (
    <>
      <MuiTextField
        select
        label={translate('app.admins.audit.admin')}
        value={filterValues.adminId ?? ''}
        onChange={(e) => set('adminId', e.target.value)}
        {...size}
        sx={{ width: 240 }}
      >
        <MenuItem value="">{translate('app.admins.audit.all_admins')}</MenuItem>
        {(admins ?? []).map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.email}
          </MenuItem>
        ))}
      </MuiTextField>
      {/* Started again from the applied value whenever it changes ('Clear filters'). */}
      <ResourceFilter
        key={filterValues.resource ?? ''}
        applied={filterValues.resource ?? ''}
        apply={(value) => set('resource', value)}
        size={size}
      />
      <MuiTextField
        type="date"
        label={translate('app.admins.audit.from')}
        value={filterValues.from ?? ''}
        onChange={(e) => set('from', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        {...size}
      />
      <MuiTextField
        type="date"
        label={translate('app.admins.audit.to')}
        value={filterValues.to ?? ''}
        onChange={(e) => set('to', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        {...size}
      />
    </>
  );
}

/** The filters kept in the address (`audit-log/1?resource=order&from=2026-11-01`). */
const AUDIT_FILTERS = ['adminId', 'resource', 'from', 'to'] as const;

/**
 * /admin-panel/audit-log/{page}: who changed what, newest first; the filters in a bar above it
 * that folds behind 'Filters' on a phone.
 */
export function AuditLogList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="auditLog"
      title={translate('app.admins.audit.title')}
      exportable
      queryKeys={AUDIT_FILTERS}
      filters={
        <FilterBar keys={AUDIT_FILTERS}>
          <AuditFilters />
        </FilterBar>
      }
    >
      {phone ? (
        // Newest first, and nothing to open: what was done, by whom, when, and the call.
        <PhoneList
          name={(r) => `${r.action} ${r.resource}`}
          lines={(r) => [
            [r.adminEmail, formatDateTime(r.at)].join(' · '),
            r.recordId && `${translate('app.admins.audit.record_id')} ${r.recordId}`,
            r.path,
          ]}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="app.admins.audit.when"
            sortable={false}
            render={(r) => formatDateTime(r.at)}
          />
          <TextField source="adminEmail" label="app.admins.audit.admin" sortable={false} />
          <TextField source="resource" label="app.admins.audit.resource" sortable={false} />
          <TextField source="action" label="app.admins.audit.action" sortable={false} />
          <TextField
            source="recordId"
            label="app.admins.audit.record_id"
            sortable={false}
            emptyText="-"
          />
          <TextField source="path" label="app.admins.audit.path" sortable={false} />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
