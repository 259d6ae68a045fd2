import { HttpError, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '@/components/RecordMissing';
import { ListSearch } from '@/lists/ListSearch';
import { OrderDatagrid } from '../orders/OrderDatagrid';
import { collectsReturns } from '@/orders/orderFields';
import { OrdersPagedList } from '../orders/OrdersPagedList';
import { useServiceCategory } from '../orders/useServiceCategory';
import { AssignRiderButton } from './AssignRiderButton';
import { AutoAssignButton } from './AutoAssignButton';
import { DownloadPdfButton } from './DownloadPdfButton';
import { FollowRiders } from './FollowRiders';
import { UnassignButton } from './UnassignButton';
import { PincodeFilter } from '@/lists/filters/PincodeFilter';
import { JOB_FILTERS, JobFilters } from './JobFilters';

/** The columns GET order/assign-jobs sorts by (`sort`). */
export const JOB_SORT_FIELDS = ['createdAt', 'orderId', 'pincode', 'totalAmount'];

/**
 * /admin-panel/assigning-job/{name}/{serviceId}/{page}: the open jobs of a service by pin code,
 * searchable and sortable, with the job sheet, each job's rider, and assigning (selected jobs
 * to a rider, unassign, auto-assign), following the riders' stops live. The columns follow the category's kind (loaded
 * by id), not the `name` in the address: tiffin shows pickup / drop and dates, no status edit.
 */
export function AssigningJobList() {
  const { serviceId = '' } = useParams();
  const translate = useTranslate();
  const { category, isPending, error } = useServiceCategory(serviceId);
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !category) {
    const unknown = error instanceof HttpError && error.status === 404;
    return (
      <RecordMissing
        message={unknown ? translate('app.assigningJobs.unknown_service') : error?.message}
      />
    );
  }
  const kind = category.kind;
  return (
    <OrdersPagedList
      key={serviceId}
      resource="assigningJobs"
      listKey={`service.${serviceId}`}
      title={translate('app.assigningJobs.title', { service: category.name })}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filter={{ serviceId }}
      queryKeys={JOB_FILTERS}
      filters={<JobFilters serviceId={serviceId} />}
      toolbar={
        <>
          <PincodeFilter />
          <ListSearch />
          <DownloadPdfButton serviceId={serviceId} />
          <AutoAssignButton serviceId={serviceId} />
          <FollowRiders />
        </>
      }
    >
      <OrderDatagrid
        viewPath="/assigning-job/view"
        returns={collectsReturns(kind) ? 'service' : 'none'}
        sortFields={JOB_SORT_FIELDS}
        jobs
        tiffin={kind === 'tiffin'}
        moreBulkActions={
          <>
            <AssignRiderButton />
            <UnassignButton />
          </>
        }
      />
    </OrdersPagedList>
  );
}
