import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useNotify } from 'react-admin';
import { takeWelcome } from '../auth/arrival';
import { LiveAlerts } from '../live/LiveAlerts';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { ScrollToTop } from './ScrollToTop';

/** 'Logged in successfully!' when the light sign-in form (before react-admin) signed in. */
function Welcome() {
  const notify = useNotify();
  useEffect(() => {
    if (takeWelcome()) notify('app.auth.logged_in', { type: 'success' });
  }, [notify]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <ScrollToTop />
      <Welcome />
      <LiveAlerts />
      {children}
    </RaLayout>
  );
}
