import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFilterValue } from './useFilterValue';

export interface FilterChoice {
  id: string;
  name: string;
}

interface SelectFilterProps {
  source: string;
  /** Translation key of the label. */
  label: string;
  choices: FilterChoice[];
  /** Translation key of the no-filter choice ('All'). */
  allLabel?: string;
  width?: number;
}

/** A dropdown filter of a list: 'All' or one of the choices, as the list's `source` filter. */
export function SelectFilter({
  source,
  label,
  choices,
  allLabel = 'app.list.filters.all',
  width = 170,
}: SelectFilterProps) {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(source);
  // A value from the address that is not (yet) a choice still shows, rather than a blank box.
  const shown = value && !choices.some((c) => c.id === value) ? [{ id: value, name: value }] : [];
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={value ?? ''}
      onChange={(e) => setValue(e.target.value || undefined)}
      // 'All' shows while nothing is chosen, instead of an empty box.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width, maxWidth: '100%' }}
    >
      <MenuItem value="">{translate(allLabel)}</MenuItem>
      {[...choices, ...shown].map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
