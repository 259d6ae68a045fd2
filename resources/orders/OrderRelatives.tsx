import { Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { formatCalendarDay, formatDateTime } from '@/format';
import { formatPhone } from '@/names';
import { DetailList } from './DetailList';

/**
 * A link to a relative's screen when the admin may open it (its resource's `show`), else its
 * name as text.
 */
export function RelativeLink({
  resource,
  to,
  children,
}: {
  resource: string;
  to: string;
  children: ReactNode;
}) {
  const { canAccess } = useCanAccess({ resource, action: 'show' });
  return canAccess ? <Link to={to}>{children}</Link> : <>{children}</>;
}

/** A phone number to tap on a phone (tel:), shown as +91 98450 12345. */
export function PhoneLink({ phone }: { phone: unknown }) {
  const text = formatPhone(phone);
  if (!text) return null;
  return <MuiLink href={`tel:${String(phone).replace(/[^\d+]/g, '')}`}>{text}</MuiLink>;
}

/** The order's rider (get-order's `rider` with a phone) and the run it goes out in. */
export function OrderRider({ order }: { order: RaRecord }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.orders.${key}`);
  const rider = order.rider as { _id: string; name: string; phone?: string } | null;
  if (!rider) return <Typography variant="body2">{t('no_rider')}</Typography>;
  const run = [
    order.runDate ? formatCalendarDay(order.runDate) : '',
    order.runShift ? translate(`app.orders.run_${String(order.runShift).toLowerCase()}`) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <DetailList
      items={[
        {
          label: t('rider_name'),
          value: (
            <RelativeLink resource="riders" to={`/rider/view/${rider._id}`}>
              {rider.name}
            </RelativeLink>
          ),
        },
        { label: t('phone'), value: rider.phone ? <PhoneLink phone={rider.phone} /> : '' },
        { label: t('run'), value: run },
      ]}
    />
  );
}

interface OrderReturnRequest {
  _id: string;
  status: string;
  returnedQuantity: number;
  requestedAt: string;
}

/** The order's return requests, newest first, each a link to its view. */
export function OrderReturns({ requests }: { requests: OrderReturnRequest[] }) {
  const translate = useTranslate();
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
      {requests.map((r) => (
        <li key={r._id}>
          <RelativeLink resource="returns" to={`/return/view/${r._id}`}>
            {translate('app.orders.return_line', {
              status: r.status,
              smart_count: r.returnedQuantity,
              date: formatDateTime(r.requestedAt),
            })}
          </RelativeLink>
        </li>
      ))}
    </Stack>
  );
}
