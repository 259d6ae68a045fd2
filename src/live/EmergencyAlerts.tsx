import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
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
 * The emergencies that just came in, as toasts of their own at the bottom of the screen: shown
 * at once, whatever other message react-admin's notifier is showing (its toasts wait for each
 * other, and an emergency must not wait 5 s behind "Logged in successfully!").
 */
export function EmergencyAlerts({
  orders,
  viewPath,
  onClose,
}: {
  orders: OrderPlaced[];
  /** Where "View order" leads: the order screen the admin may open. */
  viewPath: (order: OrderPlaced) => string;
  onClose: (order: OrderPlaced) => void;
}) {
  if (orders.length === 0) return null;
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(560px, calc(100% - 32px))',
      }}
    >
      {orders.slice(0, EMERGENCIES_SHOWN).map((order) => (
        <EmergencyAlert
          key={order._id}
          order={order}
          to={viewPath(order)}
          onClose={() => onClose(order)}
        />
      ))}
    </Stack>
  );
}
