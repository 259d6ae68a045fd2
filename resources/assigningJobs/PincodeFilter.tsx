import { MenuItem, TextField } from '@mui/material';
import { useGetList, useListContext, useTranslate } from 'react-admin';

/** Up to this many pin codes fill the dropdown (spec 001 §9). */
export const PINCODE_DROPDOWN_SIZE = 1000;

/** 'All pin codes' or one pin code of the `pincodes` resource, as the list's `pincode` filter. */
export function PincodeFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data: pincodes = [] } = useGetList('pincodes', {
    pagination: { page: 1, perPage: PINCODE_DROPDOWN_SIZE },
    sort: { field: 'number', order: 'ASC' },
  });
  return (
    <TextField
      select
      size="small"
      label={translate('app.assigningJobs.pincode')}
      value={filterValues.pincode ?? ''}
      onChange={(e) => {
        const { pincode: _old, ...rest } = filterValues;
        setFilters(e.target.value ? { ...rest, pincode: e.target.value } : rest);
      }}
      fullWidth={false}
      sx={{ width: 180 }}
    >
      <MenuItem value="">{translate('app.assigningJobs.all_pincodes')}</MenuItem>
      {pincodes.map((p) => (
        <MenuItem key={p.id} value={String(p.number)}>
          {p.number}
        </MenuItem>
      ))}
    </TextField>
  );
}
