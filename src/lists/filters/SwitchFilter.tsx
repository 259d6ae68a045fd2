import { FormControlLabel, Switch } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFilterValue } from './useFilterValue';

/**
 * An on / off filter of a list ('Emergency only'): `source=value` (`true` by default) while on,
 * absent when off.
 */
export function SwitchFilter({
  source,
  label,
  value: onValue = 'true',
}: {
  source: string;
  label: string;
  value?: string;
}) {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(source);
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={value === onValue}
          onChange={(e) => setValue(e.target.checked ? onValue : undefined)}
        />
      }
      label={translate(label)}
      sx={{ mr: 0 }}
    />
  );
}
