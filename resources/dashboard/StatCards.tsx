import type { ComponentType } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GroupIcon from '@mui/icons-material/Group';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PersonIcon from '@mui/icons-material/Person';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { formatCount } from '@/format';
import { Box, Card, CardActionArea, Grid, Typography } from '@mui/material';
import { useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';

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

/** Indian digit grouping: 1,23,456. */

function CardBody({ card, value }: { card: StatCard; value: unknown }) {
  const translate = useTranslate();
  const Icon = card.icon;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 }, p: { xs: 1.5, sm: 2 } }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          width: { xs: 36, sm: 44 },
          height: { xs: 36, sm: 44 },
          borderRadius: '50%',
          color: card.colour,
          bgcolor: `${card.colour}1a`,
        }}
      >
        <Icon fontSize="medium" />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          display="block"
          sx={{ lineHeight: 1.3 }}
        >
          {translate(`app.dashboard.cards.${card.label}`)}
        </Typography>
        <Typography variant="h5" component="span" display="block" sx={{ fontWeight: 600 }}>
          {formatCount(value)}
        </Typography>
      </Box>
    </Box>
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
