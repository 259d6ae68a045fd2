import type { ComponentType } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GroupIcon from '@mui/icons-material/Group';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PersonIcon from '@mui/icons-material/Person';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Card, CardActionArea, Grid } from '@mui/material';
import { useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { FigureTile } from './FigureTile';

interface StatCard {
  /** Field of the dashboard data, and key of its label in `app.dashboard.cards`. */
  field: string;
  label: string;
  /** The list it opens (spec 001 §2), relative to /admin-panel. */
  to: string;
  resource: 'users' | 'orders';
  icon: ComponentType<{ fontSize?: 'medium' }>;
  colour: string;
}

const CARDS: StatCard[] = [
  {
    field: 'allUsers',
    label: 'all_users',
    to: '/user/active-users/1?status=All',
    resource: 'users',
    icon: GroupIcon,
    colour: '#1565c0',
  },
  {
    field: 'activeUsers',
    label: 'active_users',
    to: '/user/active-users/1',
    resource: 'users',
    icon: PersonIcon,
    colour: '#2e7d32',
  },
  {
    field: 'blockedUsers',
    label: 'blocked_users',
    to: '/user/blocked-users/1',
    resource: 'users',
    icon: BlockIcon,
    colour: '#c62828',
  },
  {
    field: 'allOrders',
    label: 'all_orders',
    to: '/orders/1',
    resource: 'orders',
    icon: ShoppingCartIcon,
    colour: '#4527a0',
  },
  {
    field: 'pendingOrders',
    label: 'pending_orders',
    to: '/orders/1?status=Pending',
    resource: 'orders',
    icon: HourglassTopIcon,
    colour: '#a55d00',
  },
  {
    field: 'deliveredOrders',
    label: 'delivered_orders',
    to: '/orders/1?status=Delivered',
    resource: 'orders',
    icon: CheckCircleIcon,
    colour: '#2e7d32',
  },
  {
    field: 'shippedOrders',
    label: 'shipped_orders',
    to: '/orders/1?status=Out%20for%20Delivery',
    resource: 'orders',
    icon: LocalShippingIcon,
    colour: '#0277bd',
  },
  {
    field: 'cancelledOrders',
    label: 'cancelled_orders',
    to: '/orders/1?status=Cancelled',
    resource: 'orders',
    icon: CancelIcon,
    colour: '#c62828',
  },
];

function CardBody({ card, value }: { card: StatCard; value: unknown }) {
  const translate = useTranslate();
  return (
    <FigureTile
      icon={card.icon}
      colour={card.colour}
      label={translate(`app.dashboard.cards.${card.label}`)}
      value={value}
    />
  );
}

/**
 * The eight figures, each opening its filtered list; an admin who may not open that list sees
 * the figure without a link (the same canAccess as the menu).
 */
export function StatCards({ data }: { data: RaRecord }) {
  const users = useCanAccess({ resource: 'users', action: 'list' });
  const orders = useCanAccess({ resource: 'orders', action: 'list' });
  const allowed = { users: users.canAccess === true, orders: orders.canAccess === true };
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {CARDS.map((card) => (
        <Grid key={card.field} size={{ xs: 6, md: 3 }} component="li">
          <Card sx={{ height: '100%' }}>
            {allowed[card.resource] ? (
              <CardActionArea component={Link} to={card.to} sx={{ height: '100%' }}>
                <CardBody card={card} value={data[card.field]} />
              </CardActionArea>
            ) : (
              <CardBody card={card} value={data[card.field]} />
            )}
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
