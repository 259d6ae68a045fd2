import { Alert, Divider, Stack, Typography } from '@mui/material';
import { Link, useCanAccess, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { LabeledText as Field } from '@/components/LabeledText';
import { RecordCard } from '@/records/RecordCard';
import { RecordShowBase } from '@/records/RecordShow';
import { formatDateTime } from '@/format';
import { ReturnStatusChip } from './ReturnStatusChip';
import { ReturnStatusForm } from './ReturnStatusForm';
import { customerName, returnItemName, returnOrderId, settledByName } from './returnFields';

/** Who settled the request and when, and the reason given. */
function Settlement({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const approved = record.status === 'Approved';
  const date = formatDateTime(record.settledAt ?? record.approvedAt);
  const by = settledByName(record);
  const when = translate(
    approved ? 'app.returns.settled_approved' : 'app.returns.settled_rejected',
    {
      date,
    },
  );
  return (
    <Stack spacing={2}>
      <Alert severity={approved ? 'success' : 'info'}>
        {date ? when : translate(approved ? 'app.returns.approved' : 'app.returns.rejected')}
        {by && ` ${translate('app.returns.settled_by', { name: by })}`}
      </Alert>
      <Field label="app.returns.reason">
        {record.reason || translate('app.returns.no_reason')}
      </Field>
    </Stack>
  );
}

/**
 * /admin-panel/return/view/{id}: loads the request by id (so reloads and shared links work);
 * the status form while Pending, who settled it and why once Approved or Rejected.
 */
export function ReturnShow() {
  return (
    <RecordShowBase resource="returns">
      <ReturnShowContent />
    </RecordShowBase>
  );
}

function ReturnShowContent() {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>()!;
  const order = Array.isArray(record.order) ? record.order[0] : undefined;
  const none = translate('app.returns.none');
  const title = translate('app.returns.view_title');
  const { canAccess: canSeeOrder } = useCanAccess({ resource: 'orders', action: 'show' });
  const { canAccess: canSeeCustomer } = useCanAccess({ resource: 'users', action: 'show' });
  const orderId = returnOrderId(record);
  const name = customerName(record) || record.user?.email;
  const item = returnItemName(record);
  return (
    <RecordCard
      title={title}
      content
      heading={
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <ReturnStatusChip status={record.status} />
        </Stack>
      }
    >
      <Stack spacing={2}>
        <Field label="app.returns.order_id">
          {orderId && order?._id && canSeeOrder ? (
            <Link to={`/order/view/${order._id}`}>{orderId}</Link>
          ) : (
            orderId || none
          )}
        </Field>
        <Field label="app.returns.customer">
          {name && record.user?._id && canSeeCustomer ? (
            <Link to={`/user/view/${record.user._id}`}>{name}</Link>
          ) : (
            name || none
          )}
        </Field>
        <Field label="app.returns.customer_email">{record.user?.email || none}</Field>
        {item && <Field label="app.returns.item">{item}</Field>}
        {order?.quantity !== undefined && (
          <Field label="app.returns.ordered_quantity">{order.quantity}</Field>
        )}
        <Field label="app.returns.returned_quantity">{record.returnedQuantity}</Field>
        <Field label="app.returns.requested_at">{formatDateTime(record.requestedAt)}</Field>
        <Field label="app.returns.approved_at">{formatDateTime(record.approvedAt) || none}</Field>
      </Stack>
      <Divider sx={{ my: 3 }} />
      {record.status === 'Pending' ? (
        <ReturnStatusForm record={record} />
      ) : (
        <Settlement record={record} />
      )}
    </RecordCard>
  );
}
