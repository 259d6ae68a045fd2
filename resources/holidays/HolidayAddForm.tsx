import { Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  DateInput,
  maxLength,
  required,
  TextInput,
  useGetList,
  useTranslate,
} from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { tomorrowInIndia } from '@shared/time';
import { formatCount } from '@/format';
import { FormToolbar } from '@/forms/FormToolbar';
import { RecordForm } from '@/forms/RecordForm';
import { pincodeLabel } from '@shared/pincode';
import { PINCODE_DROPDOWN_SIZE } from '@/lists/filters/PincodeFilter';
import type { AppDataProvider } from '@/providers/types';
import { pincodesChosen, toHoliday } from './rules';

const WIDTH = { maxWidth: 420 };

/** The service areas (the pincodes resource) to choose from, once all pin codes is off. */
function PincodesInput() {
  const everywhere = useWatch({ name: 'everywhere' });
  const { data = [] } = useGetList(
    'pincodes',
    {
      pagination: { page: 1, perPage: PINCODE_DROPDOWN_SIZE },
      sort: { field: 'number', order: 'ASC' },
    },
    { enabled: !everywhere },
  );
  if (everywhere) return null;
  const labels = new Map(data.map((p) => [String(p.number), pincodeLabel(p)]));
  const choices = [...labels.keys()].sort().map((n) => ({ id: n, name: labels.get(n)! }));
  return (
    <AutocompleteArrayInput
      source="pincodes"
      label="app.holidays.pincodes"
      choices={choices}
      validate={pincodesChosen}
      sx={WIDTH}
      fullWidth
    />
  );
}

const empty = () => ({
  day: tomorrowInIndia(),
  name: '',
  everywhere: true,
  pincodes: [],
  extendPlans: false,
});

/**
 * Adding a holiday (POST holiday/add): its day, name, pin codes (all, or chosen from the
 * service areas) and whether paid plans gain the day lost; says how many plans it extended.
 */
export function HolidayAddForm() {
  const translate = useTranslate();
  // A new form, empty, once a holiday is added.
  const [form, setForm] = useState(() => ({ key: 0, record: empty() }));
  const add = useAction(
    async (dp: AppDataProvider, values: FieldValues) => {
      const answer = await dp.addHoliday(toHoliday(values));
      const extended = Number(answer.data?.extended ?? 0);
      const message = translate('app.holidays.added', {
        smart_count: extended,
        count: formatCount(extended),
      });
      return { ...answer, meta: { message } };
    },
    {
      failureMessage: 'app.holidays.add_failed',
      invalidates: ['holidays', 'roster'],
      onSuccess: () => setForm((f) => ({ key: f.key + 1, record: empty() })),
    },
  );
  return (
    <Card
      sx={{ mb: 2, maxWidth: 720 }}
      component="section"
      aria-label={translate('app.holidays.add_title')}
    >
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          {translate('app.holidays.add_title')}
        </Typography>
      </CardContent>
      <RecordForm
        key={form.key}
        record={form.record}
        onSubmit={add.submit}
        noValidate
        toolbar={
          <FormToolbar
            label={translate('app.holidays.add')}
            busyLabel={translate('app.holidays.adding')}
          />
        }
      >
        <DateInput source="day" label="app.holidays.day" validate={required()} sx={WIDTH} />
        <TextInput
          source="name"
          label="app.holidays.name"
          validate={[required(), maxLength(100)]}
          sx={WIDTH}
          fullWidth
        />
        <BooleanInput
          source="everywhere"
          label="app.holidays.everywhere"
          helperText="app.holidays.everywhere_help"
        />
        <PincodesInput />
        <BooleanInput
          source="extendPlans"
          label="app.holidays.extend"
          helperText="app.holidays.extend_help"
        />
      </RecordForm>
    </Card>
  );
}
