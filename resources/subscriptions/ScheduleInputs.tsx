import {
  CheckboxGroupInput,
  NumberInput,
  RadioButtonGroupInput,
  required,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SCHEDULE_KINDS } from '@shared/schedule';
import { everyNDaysRule, weekdaysRule } from './validation';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** Which days it delivers: every day, alternate days, chosen weekdays, or every N days. */
export function ScheduleInputs() {
  const translate = useTranslate();
  const kind = useWatch({ name: 'schedule.kind' });
  return (
    <>
      <RadioButtonGroupInput
        source="schedule.kind"
        label="app.subscriptions.schedule"
        choices={SCHEDULE_KINDS.map((k) => ({
          id: k,
          name: translate(`app.subscriptions.schedule_kinds.${k}`),
        }))}
        validate={required()}
      />
      {kind === 'weekdays' && (
        <CheckboxGroupInput
          source="schedule.weekdays"
          label="app.subscriptions.weekdays"
          choices={WEEKDAYS.map((d) => ({
            id: d,
            name: translate(`app.subscriptions.weekday_names.${d}`),
          }))}
          validate={weekdaysRule}
        />
      )}
      {kind === 'everyNDays' && (
        <NumberInput
          source="schedule.everyNDays"
          label="app.subscriptions.every_n_days"
          validate={everyNDaysRule}
          step={1}
        />
      )}
    </>
  );
}
