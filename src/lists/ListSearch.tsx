import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/** A search box over the list's `q` filter (sent as the call's search parameter), debounced. */
export function ListSearch() {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const [text, setText] = useState<string>(filterValues.q ?? '');
  useEffect(() => setText(filterValues.q ?? ''), [filterValues.q]);
  return (
    <TextField
      size="small"
      type="search"
      label={translate('app.list.search')}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const { q: _q, ...rest } = filterValues;
        setFilters(e.target.value ? { ...rest, q: e.target.value } : rest);
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 260 }}
    />
  );
}
