import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/**
 * Label / value pairs as a description list: one column on a phone, up to three on a desk.
 * Empty values show '—' so that a missing field reads as missing, not as a layout gap.
 */
export function DetailList({ items }: { items: Detail[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        columnGap: 3,
        rowGap: 2,
        m: 0,
      }}
    >
      {items.map(({ label, value }) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
