import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { formatCount } from '../format';

export const PER_PAGE_CHOICES = [10, 20, 30, 50];

/**
 * The shared list footer of spec 001 §2: per page, 'Showing x to y out of total', 'Page p of n',
 * a go-to-page box (checked when it loses focus or on Enter), Previous and Next.
 */
export function ListPagination() {
  const { page, perPage, total = 0, setPage, setPerPage, isPending } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [target, setTarget] = useState('');
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);

  const jump = () => {
    if (target.trim() === '') return;
    const n = Number(target);
    if (!Number.isInteger(n) || n < 1 || n > pages) {
      notify('app.list.invalid_page', { type: 'error' });
    } else if (n !== page) {
      setPage(n);
    }
    setTarget('');
  };

  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        p: 2,
        justifyContent: 'space-between',
      }}
    >
      <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
        <TextField
          select
          size="small"
          label={translate('app.list.per_page')}
          value={perPage}
          // Starts again at page 1 (react-admin's setPerPage).
          onChange={(e) => setPerPage(Number(e.target.value))}
          sx={{ width: 110 }}
        >
          {PER_PAGE_CHOICES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        {/* No 'Showing 0 to 0 out of 0' while the first answer is on its way. */}
        {!isPending && (
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {translate('app.list.showing', {
              from: formatCount(from),
              to: formatCount(to),
              total: formatCount(total),
            })}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        {!isPending && (
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {translate('app.list.page_of', { page: formatCount(page), pages: formatCount(pages) })}
          </Typography>
        )}
        <TextField
          size="small"
          label={translate('app.list.go_to_page')}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          onBlur={jump}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              jump();
            }
          }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', 'aria-label': translate('app.list.go_to_page') },
          }}
          sx={{ width: 110 }}
        />
        <Button
          variant="outlined"
          size="small"
          disabled={isPending || page <= 1}
          onClick={() => setPage(page - 1)}
        >
          {translate('app.list.previous')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={isPending || page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {translate('app.list.next')}
        </Button>
      </Stack>
    </Box>
  );
}
