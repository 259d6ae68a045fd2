import { Box, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  Link,
  TextField,
  useGetList,
  useListContext,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatDateTime } from '@/format';
import { FilterBar } from '@/lists/filters/FilterBar';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { type AuditEntry, auditRecordPath, auditSummary, changeText } from './auditEntry';

const entryOf = (r: RaRecord) => r as unknown as AuditEntry;

/** What the write did, in words, and under it what it changed: 'Price: ₹90 → ₹95'. */
function WhatField() {
  const record = useRecordContext();
  if (!record) return null;
  const entry = entryOf(record);
  return (
    <Box>
      <Typography variant="body2">{auditSummary(entry)}</Typography>
      {(entry.changes ?? []).map((c, i) => (
        <Typography key={i} variant="caption" color="text.secondary" component="div">
          {changeText(c)}
        </Typography>
      ))}
    </Box>
  );
}

/** A link to the record's screen, where it has one. */
function RecordLinkField() {
  const translate = useTranslate();
  const record = useRecordContext();
  const to = record && auditRecordPath(entryOf(record));
  if (!to) return null;
  return (
    <Link
      to={to}
      aria-label={`${translate('app.admins.audit.open')}: ${auditSummary(entryOf(record))}`}
    >
      {translate('app.admins.audit.open')}
    </Link>
  );
}

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
        // Newest first: what was done, its changes, by whom and when; tapping opens the record.
        <PhoneList
          name={(r) => auditSummary(entryOf(r))}
          lines={(r) => [
            ...(entryOf(r).changes ?? []).map(changeText),
            [r.adminEmail, formatDateTime(r.at)].join(' · '),
          ]}
          to={(r) => auditRecordPath(entryOf(r)) ?? undefined}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="app.admins.audit.when"
            sortable={false}
            render={(r) => formatDateTime(r.at)}
          />
          <TextField source="adminEmail" label="app.admins.audit.admin" sortable={false} />
          <FunctionField
            label="app.admins.audit.what"
            sortable={false}
            render={() => <WhatField />}
          />
          <FunctionField
            label="app.admins.audit.record"
            sortable={false}
            render={() => <RecordLinkField />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
