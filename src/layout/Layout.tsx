import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { LiveAlerts } from '../live/LiveAlerts';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { ScrollToTop } from './ScrollToTop';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <ScrollToTop />
      <LiveAlerts />
      {children}
    </RaLayout>
  );
}
