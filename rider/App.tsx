import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { RiderLanguage } from '@shared/riderMessages';
import { createRiderApi, type RiderApi } from './api';
import { AtTheDoor } from './AtTheDoor';
import { I18nProvider, useI18n } from './i18n';
import { viewStops } from './outcome';
import { createActionQueue, type ActionQueue, type QueuedAction, type QueueStore } from './queue';
import { indexedDbQueueStore } from './queueStore';
import { SignIn } from './SignIn';
import {
  clearSession,
  loadLanguage,
  loadSession,
  saveLanguage,
  saveSession,
  type Session,
} from './storage';
import { StopsScreen } from './StopsScreen';
import { useStops } from './useStops';

export const BASE_PATH = '/rider';
/** Fired when a call answers 401: the session is gone, the queue stays. */
const SESSION_ENDED = 'rider:session-ended';
const stopPath = (orderId: string) => `${BASE_PATH}/stop/${encodeURIComponent(orderId)}`;

/** Where the rider had scrolled the list to before opening a stop. */
let listScroll = 0;

/** The page's two places: the list, and one stop at the door (its own URL, so Back works). */
function usePath() {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  // A stop opens at its top; the list comes back where the rider left it.
  useLayoutEffect(() => {
    window.scrollTo(0, path.startsWith(`${BASE_PATH}/stop/`) ? 0 : listScroll);
  }, [path]);
  const open = useCallback((to: string) => {
    listScroll = window.scrollY;
    window.history.pushState({ rider: true }, '', to);
    setPath(to);
  }, []);
  /** Back to the list: the browser's Back when the list is behind, else a replace. */
  const back = useCallback(() => {
    if ((window.history.state as { rider?: boolean } | null)?.rider) window.history.back();
    else {
      window.history.replaceState(null, '', BASE_PATH);
      setPath(BASE_PATH);
    }
  }, []);
  return { path, open, back };
}

function sendAction(api: RiderApi, action: QueuedAction) {
  switch (action.kind) {
    case 'deliver':
      return api.deliver(action.body);
    case 'not-delivered':
      return api.notDelivered(action.body);
    case 'proof':
      return api.proof(action.orderId, action.idempotencyKey, action.photo);
  }
}

function SignedIn(props: {
  session: Session;
  api: RiderApi;
  queue: ActionQueue;
  onSignOut: () => void;
}) {
  const { session, api, queue } = props;
  const stops = useStops(session, api, queue);
  const { path, open, back } = usePath();
  const match = /^\/rider\/stop\/([^/]+)$/.exec(path);
  const orderId = match ? decodeURIComponent(match[1]) : null;
  const view = useMemo(
    () =>
      orderId
        ? viewStops(stops.today?.stops ?? [], stops.waiting).find(
            (candidate) => candidate.stop.orderId === orderId,
          )
        : undefined,
    [orderId, stops.today, stops.waiting],
  );
  if (view) {
    return (
      <AtTheDoor
        view={view}
        riderId={session.rider.id}
        now={stops.now}
        alertMinutes={stops.today?.emergencyAlertMinutes ?? 90}
        rejected={stops.rejected[view.stop.orderId]}
        onAct={(actions) => void stops.act(actions)}
        onBack={back}
      />
    );
  }
  return (
    <StopsScreen
      session={session}
      stops={stops}
      onOpen={(id) => open(stopPath(id))}
      onSignOut={props.onSignOut}
    />
  );
}

function Screens({ api, queue }: { api: RiderApi; queue: ActionQueue }) {
  const { t } = useI18n();
  const [session, setSession] = useState(loadSession);
  const [ended, setEnded] = useState(false);
  const [waitingCount, setWaitingCount] = useState(0);

  useEffect(() => {
    const onEnded = () => {
      setSession(null);
      setEnded(true);
    };
    window.addEventListener(SESSION_ENDED, onEnded);
    return () => window.removeEventListener(SESSION_ENDED, onEnded);
  }, []);
  useEffect(() => {
    if (session) return;
    let alive = true;
    void queue.waiting().then((waiting) => alive && setWaitingCount(waiting.length));
    return () => {
      alive = false;
    };
  }, [session, queue]);

  if (!session) {
    return (
      <SignIn
        api={api}
        notice={ended ? t('error.sessionEnded') : null}
        waitingCount={waitingCount}
        onSignedIn={(next) => {
          saveSession(next);
          setEnded(false);
          setSession(next);
        }}
      />
    );
  }
  return (
    <SignedIn
      key={session.rider.id}
      session={session}
      api={api}
      queue={queue}
      onSignOut={() => {
        // Ends this phone's session on the server when it can; the phone forgets it anyway.
        // Actions still waiting stay, and send at the next sign-in.
        void api.logout().catch(() => undefined);
        clearSession();
        setSession(null);
      }}
    />
  );
}

export interface RiderAppProps {
  /** Tests pass a fake server and an in-memory queue. */
  fetch?: typeof fetch;
  store?: QueueStore;
}

export function RiderApp({ fetch: fetchImpl, store }: RiderAppProps) {
  const [language, setLanguageState] = useState<RiderLanguage>(loadLanguage);
  const setLanguage = useCallback((next: RiderLanguage) => {
    saveLanguage(next);
    setLanguageState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const api = useMemo(
    () =>
      createRiderApi({
        token: () => loadSession()?.token ?? null,
        language: loadLanguage,
        onUnauthorized: () => {
          clearSession();
          window.dispatchEvent(new Event(SESSION_ENDED));
        },
        fetch: fetchImpl,
      }),
    [fetchImpl],
  );
  const queue = useMemo(
    () => createActionQueue(store ?? indexedDbQueueStore(), (action) => sendAction(api, action)),
    [api, store],
  );

  return (
    <I18nProvider language={language} setLanguage={setLanguage}>
      <Screens api={api} queue={queue} />
    </I18nProvider>
  );
}
