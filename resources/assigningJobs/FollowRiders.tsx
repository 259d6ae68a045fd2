import { useQueryClient } from '@tanstack/react-query';
import { useListContext } from 'react-admin';
import { useStopDone } from '@/live/useStopDone';

/**
 * Dispatch follows the riders (issue 40): when a rider reports a stop that this page of jobs
 * shows, the list is read again (its status, and an order delivered leaves the open jobs).
 * Renders nothing; it sits in the list's toolbar, inside the list.
 */
export function FollowRiders() {
  const { data } = useListContext();
  const queryClient = useQueryClient();
  useStopDone((stop) => {
    if (data?.some((job) => job.id === stop._id)) {
      void queryClient.invalidateQueries({ queryKey: ['assigningJobs', 'getList'] });
    }
  });
  return null;
}
