import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  MenuItemLink,
  MenuItemLinkClasses,
  useGetList,
  useLogout,
  usePermissions,
  useSidebarState,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { resources } from '../../resources';
import { groupCount, linkCount, markSeen } from '../live/badges';
import { CountBadge } from '../live/CountBadge';
import { LIVE_MESSAGES } from '../live/messages';
import { useUnseen } from '../live/store';
import type { AccessIdentity } from '../providers/permissions';
import type { MenuCategory } from '../providers/resource';
import { GROUP_ICONS } from './groupIcons';
import { buildMenu, locateInMenu, type MenuLink } from './menuModel';

const ACTIVE_KEY = 'activeSidebarList';

/** The chosen sidebar section, kept in sessionStorage as the spec's client does. */
function useActiveSection(): [string, (id: string) => void] {
  const [active, setActive] = useState(() => sessionStorage.getItem(ACTIVE_KEY) ?? 'dashboard');
  return [
    active,
    (id) => {
      sessionStorage.setItem(ACTIVE_KEY, id);
      setActive(id);
    },
  ];
}

export function Menu() {
  const { permissions } = usePermissions<AccessIdentity>();
  const { data: categories } = useGetList('categories', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: {},
  });
  const logout = useLogout();
  const [active, setActive] = useActiveSection();
  const [sidebarOpen] = useSidebarState();
  const identity: AccessIdentity = permissions ?? { role: 'admin', permissions: null };
  const menu = buildMenu(
    resources,
    (categories ?? []).map(
      (c) => ({ id: String(c.id), name: c.name, kind: c.kind }) as MenuCategory,
    ),
    identity,
  );
  // A page opened by its URL (a reload, a shared link, a dashboard card) opens its group and
  // highlights its entry, even where the entry's route is another page of the same list.
  const { pathname } = useLocation();
  const here = locateInMenu(menu, resources, pathname);
  useEffect(() => {
    if (here.group) setActive(here.group);
    // Only when the page moves to another group: a group closed by hand stays closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [here.group]);
  const current = (link: MenuLink) =>
    here.link?.to === link.to
      ? { className: MenuItemLinkClasses.active, 'aria-current': 'page' as const }
      : {};

  // New orders since each list was last opened (src/live): a count on the entry and its group.
  const unseen = useUnseen();
  const queryClient = useQueryClient();
  const described = (count: number) =>
    count > 0 ? { 'aria-description': LIVE_MESSAGES.newOrders(count) } : {};
  /** Opening an entry's list clears its count; the list already open reloads to show them. */
  const opened = (link: MenuLink) => {
    if (linkCount(unseen, link.to) === 0) return;
    markSeen(link.to);
    if (here.link?.to === link.to)
      void queryClient.invalidateQueries({ queryKey: [link.resource] });
  };

  return (
    <Box
      component="nav"
      aria-label="Main menu"
      // The closed sidebar is 0px wide but still in the page: keep it away from keyboards and
      // screen readers too.
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100%',
        pb: 1,
        visibility: sidebarOpen ? 'visible' : 'hidden',
      }}
    >
      {/* Links in a nav, not a menu widget: lists as plain containers and anchors as links. */}
      <List component="div" disablePadding>
        <MenuItemLink
          to="/dashboard"
          primaryText="Dashboard"
          role="link"
          leftIcon={<DashboardIcon />}
          onClick={() => setActive('dashboard')}
        />
        {menu.top.map((link) => (
          <MenuItemLink
            key={link.to}
            to={`/${link.to}`}
            primaryText={link.label}
            role="link"
            leftIcon={<AdminPanelSettingsIcon />}
            onClick={() => setActive(link.resource)}
            {...current(link)}
          />
        ))}
        {menu.groups.map((group) => {
          const open = active === group.id;
          const Icon = GROUP_ICONS[group.id];
          return (
            <Box key={group.id}>
              <ListItemButton
                onClick={() => setActive(open ? 'dashboard' : group.id)}
                aria-expanded={open}
                {...described(groupCount(unseen, group.id))}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={group.label} />
                <CountBadge count={groupCount(unseen, group.id)} />
                {open ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={open} unmountOnExit>
                <List component="div" dense disablePadding sx={{ pl: 3 }}>
                  {group.links.map((link) => {
                    const count = linkCount(unseen, link.to);
                    return (
                      <MenuItemLink
                        key={link.to}
                        to={`/${link.to}`}
                        primaryText={
                          count > 0 ? (
                            <>
                              {link.label}
                              <CountBadge count={count} />
                            </>
                          ) : (
                            link.label
                          )
                        }
                        role="link"
                        onClick={() => opened(link)}
                        {...described(count)}
                        {...current(link)}
                      />
                    );
                  })}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <ListItemButton onClick={() => logout()}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <LogoutIcon />
        </ListItemIcon>
        <ListItemText primary="Log Out" />
      </ListItemButton>
    </Box>
  );
}
