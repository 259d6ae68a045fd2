import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A customer's jars and cylinders: the customer view's tab for admins who may open customers,
 * else the ledger page of Return Management.
 */
export function useCustomerLedgerPath() {
  const { canAccess } = useCanAccess({ resource: 'users', action: 'show' });
  return (userId: string) =>
    canAccess ? `/user/view/${userId}?tab=returnables` : `/returnable/customer/${userId}`;
}

export function CustomerLink({ userId, children }: { userId: string; children: ReactNode }) {
  const pathOf = useCustomerLedgerPath();
  return (
    <Link component={RouterLink} to={pathOf(userId)}>
      {children}
    </Link>
  );
}
