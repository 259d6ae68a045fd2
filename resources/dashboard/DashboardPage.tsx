import { useEffect } from 'react';
import PublicIcon from '@mui/icons-material/Public';
import { Box, Button, Grid, Typography } from '@mui/material';
import {
  Title,
  useCanAccess,
  useGetIdentity,
  useGetOne,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AccountCards } from '../dues/AccountCards';
import { DispatchCard } from './DispatchCard';
import { OrdersChart } from './OrdersChart';
import { RecentOrders } from './RecentOrders';
import { RecentTickets } from './RecentTickets';
import { ReturnablesCards } from './ReturnablesCards';
import { StatCards } from './StatCards';
import { useLiveFigures } from './useLiveFigures';

/** The id asked of `getOne`: the call has none, one name keeps react-admin's cache to one entry. */
const DASHBOARD_ID = 'data';

/**
 * /admin-panel/dashboard (spec 001 §2): the figures, each opening its list, the recent orders
 * and tickets, and the orders chart. Every admin sees it; the server leaves out the recent lists
 * an admin may not open, and so does this screen. New orders on the live stream reload it.
 */
export function DashboardPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const { data, isPending, error } = useGetOne<RaRecord>('dashboard', { id: DASHBOARD_ID });
  const orders = useCanAccess({ resource: 'orders', action: 'list' });
  const supports = useCanAccess({ resource: 'supports', action: 'list' });
  useLiveFigures();
  useEffect(() => {
    if (error) {
      notify(translate('app.dashboard.load_failed', { reason: error.message }), { type: 'error' });
    }
  }, [error, notify, translate]);

  const title = translate('app.dashboard.title');
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {identity?.fullName
              ? translate('app.dashboard.welcome_name', { name: identity.fullName })
              : translate('app.dashboard.welcome')}
          </Typography>
          <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
        </Box>
        <Button href="/" variant="outlined" startIcon={<PublicIcon />}>
          {translate('app.dashboard.website')}
        </Button>
      </Box>
      {isPending ? (
        <Typography>{translate('app.loading')}</Typography>
      ) : data ? (
        <>
          <StatCards data={data} />
          <ReturnablesCards />
          <AccountCards />
          <Grid container spacing={2}>
            {orders.canAccess && (
              <Grid size={{ xs: 12, lg: supports.canAccess ? 6 : 12 }}>
                <RecentOrders orders={data.recentOrders ?? []} />
              </Grid>
            )}
            {supports.canAccess && (
              <Grid size={{ xs: 12, lg: orders.canAccess ? 6 : 12 }}>
                <RecentTickets tickets={data.recentSupports ?? []} />
              </Grid>
            )}
          </Grid>
        </>
      ) : null}
      <DispatchCard />
      <OrdersChart />
    </Box>
  );
}
