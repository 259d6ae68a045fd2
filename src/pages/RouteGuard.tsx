import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { lazyScreen } from '../providers/resource';

const NotAllowed = lazyScreen(() => import('./NotAllowed'), 'NotAllowed');

/** Mounts a screen only for admins whose permissions grant it (the same canAccess as the menu). */
export function RouteGuard({
  resource,
  action,
  children,
}: {
  resource: string;
  action: string;
  children: ReactNode;
}) {
  const { isPending, canAccess } = useCanAccess({ resource, action });
  const translate = useTranslate();
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  return canAccess ? children : <NotAllowed />;
}
