import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { monthChoices, monthLabel, thisMonth } from './month';

/** This month (to date) and the past months, newest first. */
export function MonthSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (month: string) => void;
}) {
  const translate = useTranslate();
  const current = thisMonth();
  return (
    <TextField
      select
      size="small"
      label={translate('app.statements.month')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: 220 }}
    >
      {monthChoices().map((month) => (
        <MenuItem key={month} value={month}>
          {month === current
            ? translate('app.statements.this_month', { month: monthLabel(month) })
            : monthLabel(month)}
        </MenuItem>
      ))}
    </TextField>
  );
}
