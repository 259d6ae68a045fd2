import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { ListPagination } from './ListPagination';
import { ListStates } from './ListStates';

/** A list inside a tab: 'Loading ...', the error, 'none yet', or the rows and the footer. */
export function TabList({ emptyText, children }: { emptyText: string; children: ReactNode }) {
  return (
    <ListStates empty={emptyText}>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
      <ListPagination />
    </ListStates>
  );
}
