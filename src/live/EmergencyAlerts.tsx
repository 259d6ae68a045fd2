import AlarmIcon from '@mui/icons-material/Alarm';
import { Alert, Box, Button, Stack, type Theme } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatAge, minutesBetween, type OpenEmergency } from '@/orders/emergencyClock';
import type { OrderPlaced } from './connection';
import { LIVE_MESSAGES } from './messages';

/** How long an emergency stays on screen unless closed (the ordinary toasts' 5 s is short). */
export const EMERGENCY_SHOWN_MS = 15_000;
/** At most this many at once, newest first; older ones are still counted on the sidebar. */
export const EMERGENCIES_SHOWN = 3;

function EmergencyAlert({
  order,
  to,
  onClose,
}: {
  order: OrderPlaced;
  to: string;
  onClose: () => void;
}) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const timer = setTimeout(() => close.current(), EMERGENCY_SHOWN_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="alert"
      onClose={onClose}
      sx={{ boxShadow: 6, alignItems: 'center' }}
    >
      <span>{LIVE_MESSAGES.emergency(order)}</span>
      <Button
        component={Link}
        to={to}
        onClick={onClose}
        color="inherit"
        size="small"
        sx={{ ml: 1, textDecoration: 'underline' }}
      >
        {LIVE_MESSAGES.view}
      </Button>
    </Alert>
  );
}

/**
 * An open emergency past the alert setting (issue 40): red, with an alarm icon, and no timeout
 * or close button: it stays until acknowledged or no longer open.
 */
function RunningLateAlert({
  order,
  age,
  alertAfterMinutes,
  to,
  onAcknowledge,
}: {
  order: OpenEmergency;
  age: string;
  alertAfterMinutes: number;
  to: string;
  onAcknowledge: () => void;
}) {
  return (
    <Alert
      severity="error"
      variant="filled"
      role="alert"
      icon={<AlarmIcon />}
      data-testid="running-late"
      sx={{ boxShadow: 6, alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}
    >
      <span>{LIVE_MESSAGES.runningLate(order, age, alertAfterMinutes)}</span>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <Button
          component={Link}
          to={to}
          color="inherit"
          size="small"
          variant="outlined"
          sx={{ textTransform: 'none' }}
        >
          {LIVE_MESSAGES.view}
        </Button>
        <Button
          onClick={onAcknowledge}
          color="inherit"
          size="small"
          variant="outlined"
          sx={{ textTransform: 'none', fontWeight: 700 }}
        >
          {LIVE_MESSAGES.acknowledge}
        </Button>
      </Box>
    </Alert>
  );
}

/** The open emergencies running late, and what the alerts need to show them. */
export interface LateAlerts {
  orders: OpenEmergency[];
  alertAfterMinutes: number;
  /** The server's time now, by which the ages are counted. */
  now: number;
  onAcknowledge: (order: OpenEmergency) => void;
}

/**
 * The emergencies that just came in, as toasts of their own at the bottom of the screen: shown
 * at once, whatever other message react-admin's notifier is showing (its toasts wait for each
 * other, and an emergency must not wait 5 s behind "Logged in successfully!"). At the top, the
 * open emergencies running late (issue 40), oldest first.
 */
export function EmergencyAlerts({
  orders,
  viewPath,
  onClose,
  late,
}: {
  orders: OrderPlaced[];
  /** Where "View order" leads: the order screen the admin may open. */
  viewPath: (order: { _id: string }) => string;
  onClose: (order: OrderPlaced) => void;
  late?: LateAlerts;
}) {
  const lateOrders = late?.orders ?? [];
  if (orders.length === 0 && lateOrders.length === 0) return null;
  const moreLate = lateOrders.length - EMERGENCIES_SHOWN;
  return (
    <>
      {late && lateOrders.length > 0 && (
        // At the top, under the app bar: they stay, and must not cover a form's Save at the foot.
        <Stack spacing={1} sx={{ ...stacked, top: { xs: 64, sm: 72 } }}>
          {lateOrders.slice(0, EMERGENCIES_SHOWN).map((order) => (
            <RunningLateAlert
              key={order._id}
              order={order}
              age={formatAge(minutesBetween(order.createdAt, late.now))}
              alertAfterMinutes={late.alertAfterMinutes}
              to={viewPath(order)}
              onAcknowledge={() => late.onAcknowledge(order)}
            />
          ))}
          {moreLate > 0 && (
            <Alert severity="error" variant="filled" sx={{ boxShadow: 6, py: 0 }}>
              {LIVE_MESSAGES.moreRunningLate(moreLate)}
            </Alert>
          )}
        </Stack>
      )}
      {orders.length > 0 && (
        <Stack spacing={1} sx={{ ...stacked, bottom: 16 }}>
          {orders.slice(0, EMERGENCIES_SHOWN).map((order) => (
            <EmergencyAlert
              key={order._id}
              order={order}
              to={viewPath(order)}
              onClose={() => onClose(order)}
            />
          ))}
        </Stack>
      )}
    </>
  );
}

/** A column of alerts over the page, centred. */
const stacked = {
  position: 'fixed',
  zIndex: (theme: Theme) => theme.zIndex.snackbar,
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'min(560px, calc(100% - 32px))',
} as const;
