import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  AppBar as RaAppBar,
  Logout,
  ToggleThemeButton,
  UserMenu,
  useLogout,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { MuteToggle } from '../live/MuteToggle';

function FullscreenToggle() {
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const request = full
      ? document.exitFullscreen?.()
      : document.documentElement.requestFullscreen?.();
    request?.catch(() => {});
  };
  const label = full ? 'Exit full screen' : 'Full screen';
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label}>
        {full ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}

function LogoutButton() {
  const logout = useLogout();
  return (
    <Tooltip title="Log Out">
      <IconButton color="inherit" onClick={() => logout()} aria-label="Log Out">
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
}

/** Every admin may change their own password, whatever their menu shows. */
function ChangePasswordItem() {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/change-password" onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <LockResetIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Change Password</ListItemText>
    </MenuItem>
  );
}

/**
 * Top bar: the sidebar toggle (react-admin's), light or dark, the alert sound, full screen, logout,
 * and the admin's menu.
 */
export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          {/* Light or dark, remembered by this browser. */}
          <ToggleThemeButton />
          {/* The emergency alert's sound, on or off (admins who get live alerts). */}
          <MuteToggle />
          <FullscreenToggle />
          <LogoutButton />
        </>
      }
      userMenu={
        <UserMenu>
          <ChangePasswordItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}
