import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  useList,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { NoWrap } from '@/components/NoWrap';
import { formatRupees } from '@/format';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { OrderIdCell } from '@/orders/OrderIdCell';
import { OrderStatusChip } from '@/orders/OrderStatusChip';
import { customerName, formatAddress, orderTotal } from '@/orders/orderFields';
import { DoorOutcomeCell, outcomeDetails, outcomeHeadline, ProofPhoto } from './DoorOutcome';
import type { DoorOutcome } from './types';

const outcomeOf = (job: RaRecord) => job.doorOutcome as DoorOutcome | null | undefined;

/** Beside a job's line on a phone (not inside its link): the proof photo, if any. */
function PhoneProofPhoto() {
  const job = useRecordContext();
  const url = job && outcomeOf(job)?.photoUrl;
  return url ? <ProofPhoto url={url} orderId={String(job.orderId)} /> : null;
}

/** A value on one line, and a detail under it in small print. */
function TwoLines({ first, second }: { first: string; second: string }) {
  return (
    <>
      <NoWrap>{first}</NoWrap>
      {second && (
        <Typography variant="caption" color="text.secondary" component="div">
          {second}
        </Typography>
      )}
    </>
  );
}

/**
 * A run's jobs in the server's order (emergencies first, then pin code, then placed); the round
 * under the slot when the run shows both rounds, the payment under the amount, and what the
 * rider reported at the door (the outcome, empties and money collected, the proof photo).
 */
export function RunJobsTable({ jobs, showRound }: { jobs: RaRecord[]; showRound: boolean }) {
  const translate = useTranslate();
  const list = useList({ data: jobs, perPage: jobs.length || 1 });
  const phone = useIsPhone();
  // What the rider reported at the door, as lines under the job (issue 40).
  const doorLines = (outcome: DoorOutcome | null | undefined) =>
    outcome
      ? [
          <strong key="headline">{outcomeHeadline(outcome, translate)}</strong>,
          outcomeDetails(outcome, translate).join(' · '),
        ]
      : [];
  return (
    // The jobs are assigning-jobs records: their view is that resource's.
    <ResourceContextProvider value="assigningJobs">
      <ListContextProvider value={list}>
        {phone ? (
          // A job per line, as the rider meets them: where, when, what to collect.
          <PhoneList
            name={(r) => String(r.orderId)}
            primary={(r) => <OrderIdCell order={r} />}
            badge={(r) => <OrderStatusChip status={r.status} />}
            lines={(r) => [
              [customerName(r), r.pincode].filter(Boolean).join(' · '),
              formatAddress(r.address ?? r.deliveryAddress),
              [
                r.deliveryTime,
                showRound && r.runShift && translate(`app.riders.shifts.${r.runShift}`),
                formatRupees(orderTotal(r)),
                r.paymentMethod,
              ]
                .filter(Boolean)
                .join(' · '),
              ...doorLines(outcomeOf(r)),
            ]}
            to={(r) => `/assigning-job/view/${r.id}`}
            actions={<PhoneProofPhoto />}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <FunctionField
              label="app.orders.order_id"
              sortable={false}
              render={(r) => (
                <Link
                  to={`/assigning-job/view/${r.id}`}
                  aria-label={translate('app.orders.view', { orderId: r.orderId })}
                >
                  <OrderIdCell order={r} />
                </Link>
              )}
            />
            <FunctionField label="app.orders.pin_code" sortable={false} render={(r) => r.pincode} />
            <FunctionField
              label="app.riders.run.customer"
              sortable={false}
              render={(r) => customerName(r)}
            />
            <FunctionField
              label="app.riders.run.address"
              sortable={false}
              render={(r) => (
                <Typography variant="body2" sx={{ minWidth: 160, maxWidth: 240 }}>
                  {formatAddress(r.address ?? r.deliveryAddress)}
                </Typography>
              )}
            />
            <FunctionField
              label="app.riders.run.slot"
              sortable={false}
              render={(r) => (
                <TwoLines
                  first={r.deliveryTime ?? ''}
                  second={
                    showRound && r.runShift ? translate(`app.riders.shifts.${r.runShift}`) : ''
                  }
                />
              )}
            />
            <FunctionField
              label="app.orders.amount"
              sortable={false}
              render={(r) => (
                <TwoLines first={formatRupees(orderTotal(r))} second={r.paymentMethod ?? ''} />
              )}
            />
            <FunctionField
              label="app.orders.status"
              sortable={false}
              // The status, and under it what the rider reported at the door: one column, so
              // that the run still fits a laptop's screen.
              render={(r) => (
                <Box sx={{ minWidth: 140, maxWidth: 200 }}>
                  <OrderStatusChip status={r.status} />
                  <DoorOutcomeCell outcome={outcomeOf(r)} orderId={String(r.orderId)} />
                </Box>
              )}
            />
          </Datagrid>
        )}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
