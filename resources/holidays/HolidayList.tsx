import {
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  TextField,
  useListController,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { addDays, indiaDay } from '@shared/time';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { ListStates } from '@/lists/ListStates';
import { ListPagination } from '@/lists/ListPagination';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { formatCalendarDay as dayLabel } from '@/format';
import type { Holiday } from './calls';

type Row = Holiday & RaRecord;
type Shown = 'upcoming' | 'past';

/** The pin codes of a holiday as chips, or 'All pin codes'. */
function Pincodes({ holiday }: { holiday: Row }) {
  const translate = useTranslate();
  if (!holiday.pincodes?.length) return <>{translate('app.holidays.all_pincodes')}</>;
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap" sx={{ maxWidth: 260 }}>
      {holiday.pincodes.map((pin) => (
        <Chip key={pin} size="small" variant="outlined" label={pin} />
      ))}
    </Stack>
  );
}

const DELETE = (
  <ConfirmDeleteButton resource="holidays" failureMessage="app.holidays.delete_failed" />
);

/**
 * The holidays by day (GET holiday/get-holidays): the upcoming ones first (from today), the
 * past ones on asking; each deleted after a confirmation.
 */
export function HolidayList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  const [shown, setShown] = useState<Shown>('upcoming');
  const today = indiaDay();
  const list = useListController<Row>({
    resource: 'holidays',
    filter: shown === 'upcoming' ? { from: today } : { to: addDays(today, -1) },
    perPage: 10,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  const t = (key: string) => translate(`app.holidays.${key}`);
  const yesNo = (row: Row) => t(row.extendPlans ? 'yes' : 'no');
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={t('list_title')}>
      <CardContent>
        <Stack
          direction="row"
          justifyContent="space-between"
          alignItems="center"
          gap={2}
          flexWrap="wrap"
        >
          <Typography variant="h6" component="h2">
            {t('list_title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={shown}
            aria-label={t('show')}
            onChange={(_e, value: Shown | null) => value && setShown(value)}
          >
            <ToggleButton value="upcoming">{t('upcoming')}</ToggleButton>
            <ToggleButton value="past">{t('past')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </CardContent>
      <ResourceContextProvider value="holidays">
        <ListContextProvider value={list}>
          <ListStates
            sx={{ p: 2 }}
            failed={t('load_failed')}
            empty={t(shown === 'upcoming' ? 'none_upcoming' : 'none_past')}
          >
            {phone ? (
              <PhoneList
                name={(row) => `${row.name} ${row.day}`}
                primary={(row) => row.name}
                lines={(row) => [
                  dayLabel(row.day),
                  row.pincodes?.length ? row.pincodes.join(', ') : t('all_pincodes'),
                  `${t('extends_plans')}: ${yesNo(row as Row)}`,
                ]}
                actions={DELETE}
              />
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Datagrid bulkActionButtons={false} rowClick={false} sx={COMPACT_ON_PHONES}>
                  <FunctionField label={t('day')} render={(row: Row) => dayLabel(row.day)} />
                  <TextField source="name" label={t('name')} sortable={false} />
                  <FunctionField
                    label={t('pincodes')}
                    render={(row: Row) => <Pincodes holiday={row} />}
                  />
                  <FunctionField label={t('extends_plans')} render={yesNo} />
                  <FunctionField label={t('actions')} render={() => DELETE} />
                </Datagrid>
              </Box>
            )}
          </ListStates>
          <ListPagination />
        </ListContextProvider>
      </ResourceContextProvider>
    </Card>
  );
}
