import { Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/**
 * What a list in its context shows before its rows: 'Loading...', its failure (the given words,
 * else the server's), or its empty text; the rows (children) once there are some.
 */
export function ListStates({
  empty,
  failed,
  sx,
  children,
}: {
  empty: string;
  failed?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { isPending, error, data } = useListContext();
  if (isPending) {
    return (
      <Typography sx={sx} role="status">
        {translate('app.loading')}
      </Typography>
    );
  }
  if (error && !data) {
    return (
      <Typography sx={sx} color="error" role="alert">
        {failed ?? error.message}
      </Typography>
    );
  }
  if (!data?.length) return <Typography sx={sx}>{empty}</Typography>;
  return <>{children}</>;
}
