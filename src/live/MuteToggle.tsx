import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import { IconButton, Tooltip } from '@mui/material';
import { usePermissions } from 'react-admin';
import type { AccessIdentity } from '@/providers/permissions';
import { hearsOrders } from './access';
import { LIVE_MESSAGES } from './messages';
import { mute, useMuted } from './store';

/**
 * The app bar's switch for the emergency alert's sound, remembered by this browser; shown to
 * the admins who get the alerts.
 */
export function MuteToggle() {
  const { permissions } = usePermissions<AccessIdentity>();
  const muted = useMuted();
  if (!hearsOrders(permissions)) return null;
  return (
    <Tooltip title={muted ? LIVE_MESSAGES.muted : LIVE_MESSAGES.unmuted}>
      <IconButton
        color="inherit"
        aria-label={LIVE_MESSAGES.mute}
        aria-pressed={muted}
        onClick={() => mute.set(!muted)}
      >
        {muted ? <NotificationsOffIcon /> : <NotificationsActiveIcon />}
      </IconButton>
    </Tooltip>
  );
}
