import type { Identifier } from 'react-admin';
import { action } from '@/providers/actions';

/** What auto-assign answers beside its message. */
export interface AutoAssignOutcome {
  assigned: number;
  withoutRider: number;
  remaining: number;
  riders: { _id: string; name: string; jobs: number }[];
  pincodesWithoutRider: string[];
}

/** Giving jobs to riders (issue 15, docs/api.md "Dispatch"). */
export const assigningJobActions = {
  /** The jobs to a rider for a day (`riderId: null` unassigns them). */
  assignRider: action<
    { orderIds: Identifier[]; riderId: Identifier | null; date?: string },
    { assigned: number; unchanged: number }
  >({
    method: 'POST',
    path: 'order/assign-rider',
    bodyKind: 'json',
    fields: ['orderIds', 'riderId', 'date'],
    // null is the call's 'nobody': unassign.
    nullFields: ['riderId'],
  }),
  /** A service's unassigned jobs spread over the riders of their pin codes, by load. */
  autoAssign: action<{ serviceId: string; date: string; pincode?: string }, AutoAssignOutcome>({
    method: 'POST',
    path: 'order/auto-assign/:serviceId',
    bodyKind: 'json',
    fields: ['date', 'pincode'],
  }),
};
