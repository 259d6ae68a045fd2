import RouteIcon from '@mui/icons-material/Route';
import { Chip, IconButton, Stack, Tooltip } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  SimpleList,
  TextField,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { AddButton } from '@/components/AddButton';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { RowActions } from '@/components/RowActions';
import { activeTone, StatusChip } from '@/components/StatusChip';
import { formatCount } from '@/format';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { PathPagedList } from '@/lists/PathPagedList';
import { PincodeFilter } from '@/lists/filters/PincodeFilter';
import { formatPhone } from '@/names';
import { RIDER_STATUSES } from './types';
import { useIsPhone } from '@/lists/PhoneList';

/** The riders list's filters kept in the address (`?status=Active&pincode=560034`). */
export const RIDER_FILTERS = ['status', 'pincode'] as const;

/** The pin codes a rider serves, as chips that wrap. */
export function PincodeChips({ pincodes }: { pincodes: unknown }) {
  const list = Array.isArray(pincodes) ? (pincodes as string[]) : [];
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap" sx={{ maxWidth: 260 }}>
      {list.map((pin) => (
        <Chip key={pin} size="small" variant="outlined" label={pin} />
      ))}
    </Stack>
  );
}

/** The rider's run today. */
export function RunLink() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const label = `${translate('app.riders.todays_run')}: ${record.name}`;
  return (
    <Tooltip title={translate('app.riders.todays_run')}>
      <IconButton component={Link} to={`/rider/run/${record.id}`} aria-label={label} size="small">
        <RouteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function RiderRowActions() {
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <RowActions viewPath="/rider/view" editPath="/rider/edit" />
      <RunLink />
      <ConfirmDeleteButton failureMessage="app.riders.delete_failed" />
    </Stack>
  );
}

function RiderFilters() {
  return (
    <FilterBar keys={RIDER_FILTERS}>
      <SelectFilter
        source="status"
        label="app.riders.status"
        choices={RIDER_STATUSES.map((s) => ({ id: s, name: s }))}
        width={150}
      />
      <PincodeFilter />
    </FilterBar>
  );
}

/** On a phone: one line per rider, opening the rider. */
function RiderSimpleList() {
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(r: RaRecord) => r.name}
      secondaryText={(r: RaRecord) =>
        [
          formatPhone(r.phone),
          (r.pincodes ?? []).join(', '),
          translate('app.riders.jobs_line', {
            jobs: formatCount(r.jobs),
            open: formatCount(r.openJobs),
          }),
        ]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(r: RaRecord) => (
        <StatusChip tone={activeTone(r.status)} label={String(r.status)} />
      )}
      rowClick={(id) => `/rider/view/${id}`}
      // Long lists of pin codes wrap rather than widen the page.
      rowSx={() => ({ '& .MuiListItemText-secondary': { whiteSpace: 'normal' } })}
    />
  );
}

/**
 * /admin-panel/riders/{page}: the riders by name, searched by name, phone or vehicle, filtered
 * by status and pin code, with today's and open jobs; a simple list on phones.
 */
export function RiderList() {
  const translate = useTranslate();
  const isSmall = useIsPhone();
  return (
    <PathPagedList
      resource="riders"
      title={translate('app.riders.title')}
      sort={{ field: 'name', order: 'ASC' }}
      search
      queryKeys={RIDER_FILTERS}
      filters={<RiderFilters />}
      actions={<AddButton resource="riders" to="/rider/add" />}
    >
      {isSmall ? (
        <RiderSimpleList />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="app.riders.name" />
          <FunctionField
            source="phone"
            label="app.riders.phone"
            sortable={false}
            render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(r.phone)}</span>}
          />
          <FunctionField
            source="vehicle"
            label="app.riders.vehicle"
            sortable={false}
            render={(r) => r.vehicle || translate('app.riders.no_vehicle')}
          />
          <FunctionField
            label="app.riders.pincodes"
            sortable={false}
            render={(r) => <PincodeChips pincodes={r.pincodes} />}
          />
          <FunctionField
            source="shift"
            label="app.riders.shift"
            render={(r) => translate(`app.riders.shifts.${r.shift}`, { _: r.shift })}
          />
          <FunctionField
            source="status"
            label="app.riders.status"
            render={(r) => <StatusChip tone={activeTone(r.status)} label={String(r.status)} />}
          />
          <FunctionField
            label="app.riders.jobs_today"
            sortable={false}
            render={(r) => formatCount(r.jobs)}
          />
          <FunctionField
            label="app.riders.open_jobs"
            sortable={false}
            render={(r) => formatCount(r.openJobs)}
          />
          <FunctionField label="app.list.actions" render={() => <RiderRowActions />} />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
