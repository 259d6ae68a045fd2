import { useMemo, useState } from 'react';
import { LanguageSwitch, useI18n } from './i18n';
import { viewStops } from './outcome';
import { StopCard } from './StopCard';
import { loadStopOrder, saveStopOrder, type Session } from './storage';
import { arrangeStops, isLate, moveStop } from './stopOrder';
import type { useStops } from './useStops';

export interface StopsScreenProps {
  session: Session;
  stops: ReturnType<typeof useStops>;
  onOpen: (orderId: string) => void;
  onSignOut: () => void;
}

/**
 * Today's stops: what is left to do in the rider's order (a late emergency always first), then
 * what is done, with what is waiting to send above them.
 */
export function StopsScreen({ session, stops, onOpen, onSignOut }: StopsScreenProps) {
  const { t, time, day } = useI18n();
  const { today, waiting, rejected, now } = stops;
  const riderId = session.rider.id;
  const [savedOrder, setSavedOrder] = useState<{ day: string; ids: string[] } | null>(null);
  const todayDay = today?.day;
  const order = useMemo(() => {
    if (!todayDay) return [];
    return savedOrder?.day === todayDay ? savedOrder.ids : loadStopOrder(riderId, todayDay);
  }, [savedOrder, todayDay, riderId]);

  const { late, toDo, done } = useMemo(() => {
    const views = viewStops(today?.stops ?? [], waiting);
    const open = views.filter((view) => !view.done);
    const alert = today?.emergencyAlertMinutes ?? Infinity;
    const lateViews = open.filter((view) => isLate(view.stop, now, alert));
    const rest = open.filter((view) => !lateViews.includes(view));
    const arranged = arrangeStops(
      rest.map((view) => view.stop),
      order,
    ).map((stop) => rest.find((view) => view.stop === stop)!);
    return { late: lateViews, toDo: arranged, done: views.filter((view) => view.done) };
  }, [today, waiting, now, order]);

  const move = (orderId: string, by: -1 | 1) => {
    if (!today) return;
    const ids = moveStop(
      toDo.map((view) => view.stop.orderId),
      orderId,
      by,
    );
    saveStopOrder(riderId, today.day, ids);
    setSavedOrder({ day: today.day, ids });
  };

  const alertMinutes = today?.emergencyAlertMinutes ?? 90;
  return (
    <>
      <header className="bar">
        <div>
          <p className="bar-title">{t('app.title')}</p>
          <p className="muted">{t('stops.hello', { name: session.rider.name })}</p>
        </div>
        <button type="button" className="button button-quiet" onClick={onSignOut}>
          {t('stops.signOut')}
        </button>
      </header>
      <main className="page">
        <LanguageSwitch />
        <div className="queue" aria-live="polite">
          {waiting.length > 0 ? (
            <>
              <span className="badge badge-waiting">
                {t('queue.waiting', { count: waiting.length })}
              </span>
              <button
                type="button"
                className="button"
                onClick={() => void stops.send()}
                disabled={stops.sending}
              >
                {stops.sending ? t('queue.sending') : t('queue.sendNow')}
              </button>
            </>
          ) : (
            <span className="muted">{t('queue.allSent')}</span>
          )}
        </div>
        <div className="title-row">
          <h1>
            {t('stops.title')}
            {today && <span className="muted title-day">{day(today.day)}</span>}
          </h1>
          <button type="button" className="button" onClick={() => void stops.reload()}>
            {t('stops.refresh')}
          </button>
        </div>
        {stops.keptFrom && today && (
          <p className="notice">{t('stops.offline', { time: time(stops.keptFrom) })}</p>
        )}
        {stops.loadError && (
          <p className="error" role="alert">
            {t('stops.loadFailed', { message: stops.loadError })}
          </p>
        )}
        {!today && !stops.loadError && <p className="muted">{t('stops.loading')}</p>}
        {today && (
          <>
            <section aria-labelledby="to-do">
              <h2 id="to-do">{t('stops.toDo', { count: late.length + toDo.length })}</h2>
              {today.stops.length === 0 && <p className="muted">{t('stops.empty')}</p>}
              {today.stops.length > 0 && late.length + toDo.length === 0 && (
                <p className="muted">{t('stops.allDone')}</p>
              )}
              <ol className="cards">
                {[...late, ...toDo].map((view, index) => {
                  const inOrder = index - late.length;
                  return (
                    <StopCard
                      key={view.stop.orderId}
                      view={view}
                      number={index + 1}
                      now={now}
                      alertMinutes={alertMinutes}
                      rejected={rejected[view.stop.orderId]}
                      onOpen={() => onOpen(view.stop.orderId)}
                      onMoveUp={inOrder > 0 ? () => move(view.stop.orderId, -1) : undefined}
                      onMoveDown={
                        inOrder >= 0 && inOrder < toDo.length - 1
                          ? () => move(view.stop.orderId, 1)
                          : undefined
                      }
                    />
                  );
                })}
              </ol>
            </section>
            {done.length > 0 && (
              <section aria-labelledby="done">
                <h2 id="done">{t('stops.done', { count: done.length })}</h2>
                <ol className="cards">
                  {done.map((view, index) => (
                    <StopCard
                      key={view.stop.orderId}
                      view={view}
                      number={late.length + toDo.length + index + 1}
                      now={now}
                      alertMinutes={alertMinutes}
                    />
                  ))}
                </ol>
              </section>
            )}
          </>
        )}
      </main>
    </>
  );
}
