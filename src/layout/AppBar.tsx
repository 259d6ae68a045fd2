import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import {
  IconButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Tooltip,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import {
  AppBar as RaAppBar,
  Logout,
  ToggleThemeButton,
  UserMenu,
  useLogout,
  useTheme,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { MuteToggle } from '../live/MuteToggle';
import { NewOrderNoticeItem } from '../live/NewOrderNoticeItem';

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

/** Light or dark as an item of the admin's menu, where the phone's top bar has no room for it. */
function ThemeItem() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  return (
    <MenuItem
      onClick={() => {
        setTheme(dark ? 'light' : 'dark');
        userMenu?.onClose();
      }}
    >
      <ListItemIcon>
        {dark ? <Brightness7Icon fontSize="small" /> : <Brightness4Icon fontSize="small" />}
      </ListItemIcon>
      <ListItemText>
        {translate(dark ? 'app.layout.light_theme' : 'app.layout.dark_theme')}
      </ListItemText>
    </MenuItem>
  );
}

/**
 * Top bar: the sidebar toggle (react-admin's), light or dark, the alert sound, full screen, logout,
 * and the admin's menu. Below 600 px the title comes first: no full screen (a phone's browser
 * has its own), logout and light or dark move into the admin's menu, leaving the alert sound.
 */
export function AppBar() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <RaAppBar
      toolbar={
        phone ? (
          <MuteToggle />
        ) : (
          <>
            {/* Light or dark, remembered by this browser. */}
            <ToggleThemeButton />
            {/* The emergency alert's sound, on or off (admins who get live alerts). */}
            <MuteToggle />
            <FullscreenToggle />
            <LogoutButton />
          </>
        )
      }
      userMenu={
        <UserMenu>
          {phone && <ThemeItem />}
          <NewOrderNoticeItem />
          <ChangePasswordItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}
