import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';

/** 'All services' or one service (category) whose deliveries the roster counts. */
export function ServiceSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (serviceId: string) => void;
}) {
  const translate = useTranslate();
  const { data: services = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  // A service from the address that is not (yet) listed still shows, not a blank box.
  const choices = services.map((s) => ({ id: String(s.id), name: String(s.name) }));
  if (value && !choices.some((c) => c.id === value)) choices.push({ id: value, name: value });
  return (
    <TextField
      select
      size="small"
      label={translate('app.roster.service')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: 180 }}
    >
      <MenuItem value="">{translate('app.roster.all_services')}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
