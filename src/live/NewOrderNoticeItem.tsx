import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { ListItemIcon, ListItemText, MenuItem, Switch } from '@mui/material';
import { usePermissions, useStore } from 'react-admin';
import type { AccessIdentity } from '@/providers/permissions';
import { hearsOrders } from './access';
import { LIVE_MESSAGES } from './messages';
import { NEW_ORDER_NOTICE_KEY } from './store';

/**
 * The admin's menu's switch for a quiet notice of every new order (emergencies are loud
 * whatever it says), kept in react-admin's store, so in this browser; shown to the admins who
 * get the live alerts.
 */
export function NewOrderNoticeItem() {
  const { permissions } = usePermissions<AccessIdentity>();
  const [on, setOn] = useStore<boolean>(NEW_ORDER_NOTICE_KEY, false);
  if (!hearsOrders(permissions)) return null;
  return (
    <MenuItem role="menuitemcheckbox" aria-checked={on} onClick={() => setOn(!on)}>
      <ListItemIcon>
        <NotificationsNoneIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText sx={{ mr: 2 }}>{LIVE_MESSAGES.noticeEveryOrder}</ListItemText>
      <Switch
        edge="end"
        size="small"
        checked={on}
        tabIndex={-1}
        inputProps={{ 'aria-hidden': true }}
      />
    </MenuItem>
  );
}
