import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useActionQuery } from '@/actions/useActionQuery';
import type { AppDataProvider } from '@/providers/types';
import type { Rider, RiderPage } from '../riders/calls';

/** The most riders a picker offers (the call's limit). */
const PICKER_SIZE = 1000;

interface RiderPickerProps {
  /** The selected jobs' pin codes: riders serving them come first. */
  pincodes: string[];
  /** The run day: each rider's load is counted for it. */
  date: string;
  value: Rider | null;
  onChange: (rider: Rider | null) => void;
}

/**
 * The active riders, those serving the jobs' pin codes first (get-riders `prefer=`), each with
 * the jobs already given for the day, the shift and the pin codes; typing narrows by name.
 */
export function RiderPicker({ pincodes, date, value, onChange }: RiderPickerProps) {
  const translate = useTranslate();
  const prefer = pincodes.slice(0, 50).join(',');
  const { data, isPending, error } = useActionQuery<AppDataProvider, RiderPage>(
    ['riders', 'picker', prefer, date],
    (dp) =>
      dp.findRiders({ status: 'Active', prefer: prefer || undefined, date, limit: PICKER_SIZE }),
  );
  // Grouped: MUI wants the options of a group next to each other.
  const riders = [...(data?.riders ?? [])].sort((a, b) => Number(!!b.serves) - Number(!!a.serves));
  const t = (key: string, options?: object) => translate(`app.assigningJobs.${key}`, options);
  const load = (r: Rider) =>
    t('rider_load', {
      smart_count: r.jobs,
      shift: translate(`app.riders.shifts.${r.shift}`, { _: r.shift }),
      pincodes: (r.pincodes ?? []).join(', '),
    });
  return (
    <Autocomplete
      options={riders}
      value={value}
      onChange={(_e, rider) => onChange(rider)}
      loading={isPending}
      getOptionLabel={(r) => r.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      groupBy={prefer ? (r) => t(r.serves ? 'serves_group' : 'others_group') : undefined}
      noOptionsText={error ? (error as Error).message : t('no_riders')}
      renderOption={({ key, ...props }, r) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{r.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {load(r)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('rider')}
          helperText={value ? load(value) : t('picker_help')}
        />
      )}
    />
  );
}
