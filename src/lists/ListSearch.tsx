import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/** A search box over the list's `q` filter (sent as the call's search parameter), debounced. */
export function ListSearch() {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const [text, setText] = useState<string>(filterValues.q ?? '');
  // When the search is cleared from outside (a bad page resets the list), empty the box too.
  // Only then: the filter trails the box by the debounce while the admin types.
  const [lastQ, setLastQ] = useState(filterValues.q);
  if (filterValues.q !== lastQ) {
    setLastQ(filterValues.q);
    if (!filterValues.q) setText('');
  }
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
      sx={{ width: { xs: '100%', sm: 260 } }}
    />
  );
}
