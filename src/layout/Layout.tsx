import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useAuthenticated, useSidebarState } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { ScrollToTop } from './ScrollToTop';
import { MOBILE_MAX_WIDTH } from './theme';

/** The sidebar starts closed at 768px wide or less, open otherwise. */
function InitialSidebarState() {
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    setOpen(window.innerWidth > MOBILE_MAX_WIDTH);
  }, [setOpen]);
  return null;
}

/** Every screen inside the layout needs a session: without one, to login (and back after). */
export function Layout({ children }: { children: ReactNode }) {
  const { isPending, authenticated } = useAuthenticated();
  // Nothing (menu included) loads before the session is known to be valid.
  if (isPending || !authenticated) return null;
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <InitialSidebarState />
      <ScrollToTop />
      {children}
    </RaLayout>
  );
}
