import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify, usePermissions, useStoreContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { AccessIdentity } from '@/providers/permissions';
import { session } from '@/providers/session';
import { hearsOrders } from './access';
import { markSeen } from './badges';
import type { LiveHandlers, OrderPlaced } from './connection';
import { EMERGENCIES_SHOWN, EmergencyAlerts } from './EmergencyAlerts';
import { LiveAlertsEnabled } from './enabled';
import { useRunningLate } from './runningLate';
import { playAlertSound, unlockAlertSound } from './sound';
import { LIVE_MESSAGES } from './messages';
import { liveOrders, liveStops, mute, MUTE_KEY, NEW_ORDER_NOTICE_KEY, unseen } from './store';

/**
 * The live alerts of a signed-in panel (issue 15.6), mounted once by the layout: opens the event
 * stream for the admins who hear orders, raises the persistent "running late" alert of an open
 * emergency past the alert setting (issue 40), counts new orders for the sidebar's badges, raises a
 * toast of its own and a sound for an emergency, a quiet notice for any other order when the
 * admin asked for one, tells the open screens (the dashboard) that orders came and the dispatch
 * screens that riders' stops were done, and clears a badge when its list is opened.
 * The stream's code loads after sign-in, in a chunk of its own.
 */
export function LiveAlerts() {
  const enabled = useContext(LiveAlertsEnabled);
  const { permissions } = usePermissions<AccessIdentity>();
  const allowed = enabled && hearsOrders(permissions) && session.getToken() !== null;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const notify = useNotify();
  const store = useStoreContext();
  // The stream's handlers live as long as the stream: they read these through the ref.
  const latest = useRef({ logoutIfAccessDenied, notify, store });
  useEffect(() => {
    latest.current = { logoutIfAccessDenied, notify, store };
  });
  // The emergencies on screen, newest first.
  const [emergencies, setEmergencies] = useState<OrderPlaced[]>([]);
  const dismiss = useCallback(
    (order: OrderPlaced) => setEmergencies((shown) => shown.filter((o) => o._id !== order._id)),
    [],
  );
  // Open emergencies past the alert setting (issue 40).
  const running = useRunningLate(allowed);
  const refreshLate = useRef(running.refresh);
  const lateShown = useRef(running.late);
  useEffect(() => {
    refreshLate.current = running.refresh;
    lateShown.current = running.late;
  });
  // An admin with Orders opens the order; a dispatcher, the job.
  const viewPath = (order: { _id: string }) =>
    permissions?.role !== 'super-admin' &&
    permissions?.permissions &&
    !permissions.permissions.orders
      ? `/assigning-job/view/${order._id}`
      : `/order/view/${order._id}`;

  // Entering the panel: the counts of this tab (a reload keeps them; signing out clears them
  // with the rest of sessionStorage), not those of an admin signed out before in this tab.
  useEffect(() => {
    unseen.reload();
  }, []);

  const { pathname } = useLocation();
  useEffect(() => {
    markSeen(pathname);
  }, [pathname]);

  useEffect(() => {
    if (!allowed) return;
    // Browsers play sound only once the page has been used: ready it on the first gesture.
    const unlock = () => unlockAlertSound();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    // The mute switch of another tab of this browser.
    const muteChanged = (event: StorageEvent) => {
      if (event.key === MUTE_KEY) mute.reload();
    };
    window.addEventListener('storage', muteChanged);

    const handlers: LiveHandlers = {
      onOrderPlaced(order) {
        unseen.placed({ id: order._id, serviceId: order.serviceId });
        liveOrders.publish();
        if (!order.isEmergency) {
          if (latest.current.store.getItem(NEW_ORDER_NOTICE_KEY, false)) {
            latest.current.notify(LIVE_MESSAGES.newOrder(order), { type: 'info' });
          }
          return;
        }
        setEmergencies((shown) => [order, ...shown].slice(0, EMERGENCIES_SHOWN));
        if (!mute.get()) playAlertSound();
        refreshLate.current();
      },
      onStopDone(stop) {
        liveStops.publish(stop);
        // A late emergency delivered: its alert goes now, not at the next minute's reading.
        if (stop.outcome === 'delivered' && lateShown.current.some((o) => o._id === stop._id)) {
          refreshLate.current();
        }
      },
      onOrdersImported(count) {
        unseen.imported(count);
        liveOrders.publish();
      },
      onUnauthorized: (error) => void latest.current.logoutIfAccessDenied(error),
    };
    let close = () => {};
    let stopped = false;
    import('./connection')
      .then(({ openLiveEvents }) => {
        if (!stopped) close = openLiveEvents(handlers).close;
      })
      .catch(() => {}); // offline, or a new release replaced the chunk: no live alerts this time
    return () => {
      stopped = true;
      close();
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
      window.removeEventListener('storage', muteChanged);
      setEmergencies([]);
    };
  }, [allowed]);

  return (
    <EmergencyAlerts
      orders={emergencies}
      viewPath={viewPath}
      onClose={dismiss}
      late={{
        orders: running.late,
        alertAfterMinutes: running.alertAfterMinutes,
        now: running.serverNow,
        onAcknowledge: running.acknowledge,
      }}
    />
  );
}
