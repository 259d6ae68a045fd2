import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link, useTranslate, type RaRecord } from 'react-admin';
import { formatPhone } from '@/names';
import { namedOrders, ticketCustomer } from './ticketFields';

/**
 * The heading of the ticket screens: the screen's title, then the customer (a link to the
 * customer's view), the phone to call and the e-mail, and the orders the ticket names (links).
 */
export function TicketCustomer({ title, ticket }: { title: string; ticket?: RaRecord }) {
  const translate = useTranslate();
  const { name, email, phone, id } = ticketCustomer(ticket);
  const orders = namedOrders(ticket);
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {(name || email) && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {id && name ? (
            <Link
              to={`/user/view/${id}`}
              aria-label={translate('app.supports.open_customer', { name })}
            >
              {name}
            </Link>
          ) : (
            name
          )}
          {phone && (
            <>
              {' · '}
              <MuiLink
                href={`tel:${phone.length === 10 ? `+91${phone}` : phone}`}
                aria-label={translate('app.supports.call_customer', { phone: formatPhone(phone) })}
              >
                {formatPhone(phone)}
              </MuiLink>
            </>
          )}
          {email && ` · ${email}`}
        </Typography>
      )}
      {orders.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.supports.orders_named')}:{' '}
          {orders.map((order, i) => (
            <span key={order._id}>
              {i > 0 && ', '}
              <Link
                to={`/order/view/${order._id}`}
                aria-label={translate('app.supports.open_order', { orderId: order.orderId })}
              >
                #{order.orderId}
              </Link>
            </span>
          ))}
        </Typography>
      )}
    </Stack>
  );
}
