import { useState } from 'react';
import { DeliveredForm, type Delivery } from './DeliveredForm';
import { LanguageSwitch, useI18n } from './i18n';
import { NotDeliveredForm } from './NotDeliveredForm';
import type { StopView } from './outcome';
import { newIdempotencyKey, type QueuedAction } from './queue';
import { CallLink, EmergencyAge, OutcomeSummary, StopDetails } from './StopCard';
import type { Reason } from './types';

export interface AtTheDoorProps {
  view: StopView;
  riderId: string;
  now: number;
  alertMinutes: number;
  rejected?: string;
  onAct: (actions: QueuedAction[]) => void;
  onBack: () => void;
}

/**
 * One stop at the door: delivered or not. Saving queues the action (with its idempotency key,
 * made now, at the tap) and goes back to the list; the queue sends it when it can.
 */
export function AtTheDoor({
  view,
  riderId,
  now,
  alertMinutes,
  rejected,
  onAct,
  onBack,
}: AtTheDoorProps) {
  const { t } = useI18n();
  const [mode, setMode] = useState<'delivered' | 'not-delivered'>('delivered');
  const { stop } = view;
  const base = () => ({
    riderId,
    orderId: stop.orderId,
    idempotencyKey: newIdempotencyKey(),
    createdAt: new Date().toISOString(),
  });

  const saveDelivered = (delivery: Delivery, photo: Blob | null) => {
    const deliver = base();
    const actions: QueuedAction[] = [
      {
        ...deliver,
        kind: 'deliver',
        body: { ...delivery, orderId: stop.orderId, idempotencyKey: deliver.idempotencyKey },
      },
    ];
    if (photo) actions.push({ ...base(), kind: 'proof', after: deliver.idempotencyKey, photo });
    onAct(actions);
    onBack();
  };

  const saveNotDelivered = (reason: Reason, note: string) => {
    const action = base();
    onAct([
      {
        ...action,
        kind: 'not-delivered',
        body: {
          orderId: stop.orderId,
          idempotencyKey: action.idempotencyKey,
          reason,
          ...(note ? { note } : {}),
        },
      },
    ]);
    onBack();
  };

  return (
    <>
      <header className="bar">
        <button type="button" className="button button-quiet" onClick={onBack}>
          ← {t('door.back')}
        </button>
      </header>
      <main className="page">
        <LanguageSwitch />
        <h1>
          {t('door.title')} <span className="muted title-day">{stop.orderNo}</span>
        </h1>
        {stop.isEmergency && !view.done && (
          <EmergencyAge stop={stop} now={now} alertMinutes={alertMinutes} />
        )}
        <div className="card">
          <StopDetails stop={stop} />
          <CallLink phone={stop.customer.phone} />
        </div>
        {rejected && (
          <p className="error" role="alert">
            {t('stop.rejected', { message: rejected })}
          </p>
        )}
        {view.done ? (
          <div className="card">
            <p>{t('door.alreadyDone')}</p>
            <OutcomeSummary view={view} />
          </div>
        ) : (
          <>
            <div className="segments" role="group">
              {(['delivered', 'not-delivered'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className={`button segment segment-${option}`}
                  aria-pressed={mode === option}
                  onClick={() => setMode(option)}
                >
                  {option === 'delivered' ? t('door.delivered') : t('door.notDelivered')}
                </button>
              ))}
            </div>
            {mode === 'delivered' ? (
              <DeliveredForm stop={stop} onSave={saveDelivered} />
            ) : (
              <NotDeliveredForm onSave={saveNotDelivered} />
            )}
          </>
        )}
      </main>
    </>
  );
}
