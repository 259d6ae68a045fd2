import RouteIcon from '@mui/icons-material/Route';
import { Button, Stack } from '@mui/material';
import { FunctionField, Labeled, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { activeTone, StatusChip } from '@/components/StatusChip';
import { formatCount, formatDay } from '@/format';
import { RecordShow } from '@/records/RecordShow';
import { formatPhone } from '@/names';
import { RiderAppSection } from './RiderAppSection';
import { PincodeChips } from './RiderList';
import { RiderRuns } from './RiderRuns';

/**
 * /admin-panel/rider/view/{id}: the rider's details, loads, a link to today's run, and the
 * rider app's PIN and signed-in devices.
 */
export function RiderShow() {
  const translate = useTranslate();
  return (
    <RecordShow
      resource="riders"
      title="app.riders.view_title"
      heading={(record) => record.name}
      editTo={(record) => `/rider/edit/${record.id}`}
    >
      <Stack spacing={2}>
        <Labeled label="app.riders.phone">
          <FunctionField render={(r) => formatPhone(r.phone)} />
        </Labeled>
        <Labeled label="app.riders.vehicle">
          <FunctionField render={(r) => r.vehicle || translate('app.riders.no_vehicle')} />
        </Labeled>
        <Labeled label="app.riders.pincodes">
          <FunctionField render={(r) => <PincodeChips pincodes={r.pincodes} />} />
        </Labeled>
        <Labeled label="app.riders.shift">
          <FunctionField
            render={(r) => translate(`app.riders.shifts.${r.shift}`, { _: r.shift })}
          />
        </Labeled>
        <Labeled label="app.riders.status">
          <FunctionField
            render={(r) => <StatusChip tone={activeTone(r.status)} label={String(r.status)} />}
          />
        </Labeled>
        <Labeled label="app.riders.jobs_today">
          <FunctionField render={(r) => formatCount(r.jobs)} />
        </Labeled>
        <Labeled label="app.riders.open_jobs">
          <FunctionField render={(r) => formatCount(r.openJobs)} />
        </Labeled>
        <Labeled label="app.riders.created_at">
          <FunctionField render={(r) => formatDay(r.createdAt)} />
        </Labeled>
        <FunctionField
          render={(r) => (
            <Button
              component={Link}
              to={`/rider/run/${r.id}`}
              variant="contained"
              startIcon={<RouteIcon />}
            >
              {translate('app.riders.todays_run')}
            </Button>
          )}
        />
        <Labeled label="app.riders.runs">
          <FunctionField render={(r) => <RiderRuns riderId={String(r.id)} />} />
        </Labeled>
        <FunctionField
          render={(r) => <RiderAppSection riderId={String(r.id)} name={String(r.name)} />}
        />
      </Stack>
    </RecordShow>
  );
}
