import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { Title, useCanAccess, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { RecordShowBase } from '@/records/RecordShow';
import { formatDashedDate, formatDateTime, formatRupees } from '@/format';
import { DetailList } from './DetailList';
import { InvoiceButton } from './InvoiceButton';
import { MarkDeliveredButton } from './MarkDeliveredButton';
import { OrderAccessories } from './OrderAccessories';
import { OrderCreditNotes, type OrderInvoice } from './OrderCreditNotes';
import { OrderHistory } from './OrderHistory';
import { OrderRider, OrderReturns, PhoneLink, RelativeLink } from './OrderRelatives';
import { OrderStatusDialog } from './OrderStatusButton';
import { OrderStatusChip } from '@/orders/OrderStatusChip';
import { EmergencyAge } from '@/orders/EmergencyAge';
import {
  customerName,
  familyId,
  formatAddress,
  orderTotal,
  productName,
  serviceKind,
} from '@/orders/orderFields';
import { useGoBack } from './useGoBack';

/** A titled part of the view, exposed as a named region (landmark) to assistive technology. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export interface OrderShowProps {
  /** `orders` or `assigningJobs`: whose getOne and update calls (and permission) it uses. */
  resource: string;
  /** Where Back goes when the view was opened directly (a shared link, a reload). */
  fallbackPath: (order: RaRecord | undefined) => string;
}

/**
 * 'View Order' (spec 001): every field of the order loaded by id (GET order/get-order/{id}),
 * its accessories and status history, 'Mark As Delivered' while it is Pending (it stays on the
 * order), 'Change status' (with a reason where one is due), 'Download invoice' once it is
 * Delivered, and links to its relatives (issue 37): customer, rider, return requests, invoice;
 * the invoice's credit and debit notes and 'Issue credit note' (issue 38).
 */
export function OrderShow({ resource, fallbackPath }: OrderShowProps) {
  const translate = useTranslate();
  return (
    <RecordShowBase resource={resource} missingMessage={translate('app.orders.no_data')}>
      <OrderDetails resource={resource} fallbackPath={fallbackPath} />
    </RecordShowBase>
  );
}

function OrderDetails({ resource, fallbackPath }: OrderShowProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.${key}`, options);
  const order = useRecordContext<RaRecord>()!;
  const goBack = useGoBack(fallbackPath(order));

  const kind = serviceKind(order);
  const tiffin = kind === 'tiffin';
  const yesNo = (v: unknown) => t(v ? 'yes' : 'no');
  const addresses = [
    (!tiffin || order.address) && { label: t('address'), value: formatAddress(order.address) },
    (tiffin || order.pickupAddress) && {
      label: t('pickup_address'),
      value: formatAddress(order.pickupAddress),
    },
    (tiffin || order.deliveryAddress) && {
      label: t('drop_address'),
      value: formatAddress(order.deliveryAddress),
    },
  ].filter((a): a is { label: string; value: string } => Boolean(a));
  const toCollect =
    kind === 'water' ? 'jars_to_collect' : kind === 'oxygen' ? 'cylinders_to_collect' : null;
  const accessories = order.accessories ?? [];
  const returnRequests = order.returnRequests ?? [];
  const invoice = order.invoice as OrderInvoice | null | undefined;

  return (
    <Card sx={{ mt: 2, maxWidth: 1000 }}>
      <Title title={t('view_title')} />
      <CardContent sx={{ px: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          justifyContent="space-between"
          alignItems={{ xs: 'flex-start', sm: 'center' }}
          gap={2}
        >
          <div>
            <Typography variant="h5" component="h1">
              {t('view_title')}
            </Typography>
            <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap" sx={{ mt: 0.5 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{order.orderId}</Typography>
              <OrderStatusChip status={order.status} />
              {order.isEmergency && <Chip size="small" color="error" label={t('emergency')} />}
              {order.isEmergency && <EmergencyAge order={order} />}
            </Stack>
          </div>
          <Stack direction="row" gap={1} flexWrap="wrap">
            <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={goBack}>
              {t('back')}
            </Button>
            <ChangeStatusButton order={order} resource={resource} />
            {order.status === 'Pending' && (
              <MarkDeliveredButton order={order} resource={resource} />
            )}
            {(order.status === 'Delivered' || invoice) && (
              <InvoiceButton orderId={String(order.id)} />
            )}
          </Stack>
        </Stack>

        <Section title={t('customer')}>
          <DetailList
            items={[
              {
                label: t('name'),
                value: order.userId ? (
                  <RelativeLink resource="users" to={`/user/view/${order.userId}`}>
                    {customerName(order)}
                  </RelativeLink>
                ) : (
                  customerName(order)
                ),
              },
              { label: t('email'), value: order.user?.email },
              { label: t('phone'), value: <PhoneLink phone={order.user?.phone} /> },
              { label: t('family_id'), value: familyId(order) },
            ]}
          />
        </Section>

        <Section title={t('rider')}>
          <OrderRider order={order} />
        </Section>

        <Section title={addresses.length > 1 ? t('addresses') : t('address')}>
          <DetailList items={addresses} />
        </Section>

        <Section title={t('details')}>
          <DetailList
            items={[
              { label: t('order_id'), value: order.orderId },
              { label: t('service'), value: order.service?.name },
              order.plan
                ? {
                    label: t('plan'),
                    value: order.plan.duration
                      ? t('plan_days', { name: order.plan.name, days: order.plan.duration })
                      : order.plan.name,
                  }
                : { label: t('product'), value: productName(order) },
              { label: t('quantity'), value: order.quantity },
              ...(toCollect ? [{ label: t(toCollect), value: order.returnQuantity }] : []),
              { label: t('order_type'), value: order.orderType ? t(order.orderType) : '' },
              { label: t('payment_method'), value: order.paymentMethod || t('default_payment') },
              { label: t('pickup_time'), value: order.pickupTime },
              { label: t('delivery_time'), value: order.deliveryTime },
              { label: t('start_date'), value: formatDashedDate(order.startDate) },
              { label: t('end_date'), value: formatDashedDate(order.endDate) },
              { label: t('special_instruction'), value: order.specialInstruction },
              { label: t('emergency'), value: yesNo(order.isEmergency) },
              { label: t('status'), value: <OrderStatusChip status={order.status} /> },
              { label: t('placed_on'), value: formatDateTime(order.createdAt) },
              { label: t('updated_on'), value: formatDateTime(order.updatedAt) },
            ]}
          />
        </Section>

        {accessories.length > 0 && (
          <Section title={t('accessories')}>
            <Box sx={{ overflowX: 'auto' }}>
              <OrderAccessories accessories={accessories} />
            </Box>
          </Section>
        )}

        <Section title={t('charges')}>
          <DetailList
            items={[
              { label: t('price'), value: formatRupees(order.price) },
              { label: t('amount'), value: formatRupees(order.amount) },
              { label: t('delivery_charge'), value: formatRupees(order.deliveryCharge) },
              { label: t('emergency_charge'), value: formatRupees(order.emergencyCharge) },
              { label: t('gst'), value: formatRupees(order.gst) },
              { label: t('total_amount'), value: formatRupees(orderTotal(order)) },
            ]}
          />
        </Section>

        {invoice && (
          <Section title={t('invoice_title')}>
            <DetailList
              items={[
                { label: t('invoice_no'), value: invoice.invoiceNo },
                { label: t('invoice_issued'), value: formatDateTime(invoice.issuedAt) },
              ]}
            />
            <OrderCreditNotes order={order} invoice={invoice} />
          </Section>
        )}

        {returnRequests.length > 0 && (
          <Section title={t('return_requests')}>
            <OrderReturns requests={returnRequests} />
          </Section>
        )}

        <Section title={t('history')}>
          <Box sx={{ overflowX: 'auto' }}>
            <OrderHistory history={order.statusHistory ?? []} />
          </Box>
        </Section>
      </CardContent>
    </Card>
  );
}

/** 'Change status': the status dialog (with its guards) on the order itself. */
function ChangeStatusButton({ order, resource }: { order: RaRecord; resource: string }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        {translate('app.orders.change_status')}
      </Button>
      {open && (
        <OrderStatusDialog order={order} resource={resource} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/** /admin-panel/order/view/{id}. */
export const OrderView = () => <OrderShow resource="orders" fallbackPath={() => '/orders/1'} />;

/** /admin-panel/order-type/view/{id}: opened from the fresh and reorder lists. */
export const OrderTypeView = () => (
  <OrderShow
    resource="orders"
    fallbackPath={(order) => (order?.orderType ? `/orders/${order.orderType}/1` : '/orders/1')}
  />
);
