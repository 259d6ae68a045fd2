import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Button, Collapse, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { useIsPhone } from '../PhoneList';

/**
 * The filters above a list, wrapping on narrow screens, with 'Clear filters' while any of
 * `keys` is set (the search box is left as it is). On a phone they fold away behind a
 * 'Filters' button that counts the ones set, so the list is not pushed below the screen.
 */
export function FilterBar({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const isSmall = useIsPhone();
  const [open, setOpen] = useState(false);
  const set = keys.filter((key) => filterValues[key] !== undefined && filterValues[key] !== '');
  // A period and its days are one filter.
  const count = set.filter(
    (key) => !(key === 'from' || key === 'to') || !set.includes('date'),
  ).length;
  const clear = (
    <Button
      size="small"
      onClick={() =>
        setFilters(
          Object.fromEntries(Object.entries(filterValues).filter(([key]) => !keys.includes(key))),
          {},
          false,
        )
      }
    >
      {translate('app.list.filters.clear')}
    </Button>
  );
  const bar = (
    <Stack
      direction="row"
      gap={1.5}
      flexWrap="wrap"
      alignItems="center"
      sx={{ mb: 2 }}
      role="group"
      aria-label={translate('app.list.filters.label')}
    >
      {children}
      {count > 0 && clear}
    </Stack>
  );
  if (!isSmall) return bar;
  return (
    <>
      <Stack direction="row" gap={1} alignItems="center" sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          size="small"
          aria-expanded={open}
          startIcon={<FilterListIcon />}
          // After the label, so the button reads 'Filters 2'.
          endIcon={count > 0 ? <Badge color="primary" badgeContent={count} sx={{ mx: 1 }} /> : null}
          onClick={() => setOpen(!open)}
        >
          {translate('app.list.filters.label')}
        </Button>
        {!open && count > 0 && clear}
      </Stack>
      <Collapse in={open} unmountOnExit>
        {bar}
      </Collapse>
    </>
  );
}
