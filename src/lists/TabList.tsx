import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { ListPagination } from './ListPagination';

/** A list inside a tab: 'Loading ...', the error, 'none yet', or the rows and the footer. */
export function TabList({ emptyText, children }: { emptyText: string; children: ReactNode }) {
  const translate = useTranslate();
  const { isPending, error, data } = useListContext();
  if (isPending) return <Typography role="status">{translate('app.loading')}</Typography>;
  if (error && !data) {
    return (
      <Typography color="error" role="alert">
        {error.message}
      </Typography>
    );
  }
  if (!data?.length) return <Typography>{emptyText}</Typography>;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
      <ListPagination />
    </>
  );
}
