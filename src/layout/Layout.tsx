import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useSidebarState } from 'react-admin';
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

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <InitialSidebarState />
      <ScrollToTop />
      {children}
    </RaLayout>
  );
}
