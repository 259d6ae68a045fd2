import type { AccessIdentity } from '@/providers/permissions';

/**
 * Whether the server sends this admin order events (server/modules/live/streams.ts
 * HEARS_ORDERS): the super-admin and the admins who see the orders or dispatch them. Unknown
 * permissions (they failed to load): the server decides.
 */
export function hearsOrders(identity: AccessIdentity | undefined): boolean {
  if (!identity) return false;
  if (identity.role === 'super-admin' || identity.permissions === null) return true;
  return identity.permissions.orders === true || identity.permissions.assigningJobs === true;
}
