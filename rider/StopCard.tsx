import { useI18n } from './i18n';
import type { StopView } from './outcome';
import { ageMinutes } from './stopOrder';
import type { Stop } from './types';

/** The phone number as the dialler wants it: a 10-digit Indian mobile gets +91. */
const telHref = (phone: string) => `tel:${/^\d{10}$/.test(phone) ? `+91${phone}` : phone}`;

export function EmergencyAge({
  stop,
  now,
  alertMinutes,
}: {
  stop: Stop;
  now: number;
  alertMinutes: number;
}) {
  const { t } = useI18n();
  const minutes = ageMinutes(stop, now);
  const late = minutes > alertMinutes;
  return (
    <span className={late ? 'badge badge-late' : 'badge badge-emergency'}>
      {t('stop.emergency')} · {t('stop.age', { minutes })}
      {late && <> · {t('stop.late', { minutes: alertMinutes })}</>}
    </span>
  );
}

export function CallLink({ phone }: { phone: string }) {
  const { t } = useI18n();
  return (
    <a className="button button-call" href={telHref(phone)} aria-label={t('stop.call', { phone })}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
        />
      </svg>
      {phone}
    </a>
  );
}

/** What to hand over and take at the door. */
export function StopDetails({ stop }: { stop: Stop }) {
  const { t, money } = useI18n();
  const method = stop.toCollect.method;
  const collectNothing = method === 'Wallet' || method === 'Paid';
  return (
    <>
      <p className="customer">{stop.customer.name}</p>
      <p className="address">
        {stop.address.includes(stop.pincode) ? stop.address : `${stop.address} · ${stop.pincode}`}
      </p>
      {(stop.shift || stop.slot) && (
        <p className="muted">
          {[stop.shift && t(`shift.${stop.shift}`), stop.slot].filter(Boolean).join(' · ')}
        </p>
      )}
      <ul className="items" aria-label={t('stop.items')}>
        {stop.items.map((item) => (
          <li key={item.key}>{t('stop.item', { name: item.name, count: item.quantity })}</li>
        ))}
      </ul>
      {stop.empties && stop.empties.toCollect > 0 && (
        <p className="empties">
          {t(`stop.empties.${stop.empties.kind}`, { count: stop.empties.toCollect })}
        </p>
      )}
      <p className={collectNothing ? 'collect collect-none' : 'collect'}>
        {t(`stop.collect.${method}`, { amount: money(stop.toCollect.amount) })}
      </p>
      {stop.note && <p className="note">{t('stop.note', { note: stop.note })}</p>}
    </>
  );
}

export function OutcomeSummary({ view }: { view: StopView }) {
  const { t, money, time } = useI18n();
  const { outcome, stop } = view;
  if (!outcome) {
    // Done without a rider's outcome: delivered or cancelled from the admin's side.
    return (
      <p className="outcome">
        <strong>
          {stop.status === 'Cancelled' ? t('outcome.cancelled') : t('outcome.delivered')}
        </strong>
      </p>
    );
  }
  const collected = outcome.collected;
  return (
    <div className={`outcome outcome-${outcome.kind}`}>
      <p>
        <strong>
          {outcome.kind === 'delivered'
            ? t('outcome.delivered')
            : t('outcome.notDelivered', { reason: t(`reason.${outcome.reason ?? 'not-at-home'}`) })}
        </strong>{' '}
        {t('outcome.at', { time: time(outcome.at) })}
      </p>
      {outcome.emptiesCollected !== undefined && outcome.emptiesCollected > 0 && (
        <p>{t('outcome.empties', { count: outcome.emptiesCollected })}</p>
      )}
      {collected && collected.method !== 'None' && (
        <p>
          {t('outcome.collected', {
            amount: money(collected.amount),
            method: t(`method.${collected.method}`),
          })}
          {collected.reference && (
            <> · {t('outcome.reference', { reference: collected.reference })}</>
          )}
        </p>
      )}
      {outcome.photoUrl && (
        <img className="proof" src={outcome.photoUrl} alt={t('outcome.photo')} loading="lazy" />
      )}
    </div>
  );
}

export interface StopCardProps {
  view: StopView;
  number: number;
  now: number;
  alertMinutes: number;
  rejected?: string;
  onOpen?: () => void;
  onMoveUp?: () => void;
  onMoveDown?: () => void;
}

export function StopCard(props: StopCardProps) {
  const { t } = useI18n();
  const { view, number, rejected } = props;
  const { stop } = view;
  const name = stop.customer.name;
  return (
    <li
      className={view.done ? 'card card-done' : 'card'}
      aria-label={`${t('stop.position', { number })}: ${name}`}
    >
      <div className="card-top">
        <span className="position">{t('stop.position', { number })}</span>
        <span className="muted">{stop.orderNo}</span>
        {stop.isEmergency && !view.done && (
          <EmergencyAge stop={stop} now={props.now} alertMinutes={props.alertMinutes} />
        )}
        {view.waiting && <span className="badge badge-waiting">{t('stop.waiting')}</span>}
      </div>
      {view.done ? (
        <>
          <p className="customer">{name}</p>
          <p className="address">{stop.address}</p>
          <OutcomeSummary view={view} />
        </>
      ) : (
        <>
          <StopDetails stop={stop} />
          {rejected && (
            <p className="error" role="alert">
              {t('stop.rejected', { message: rejected })}
            </p>
          )}
          <div className="card-actions">
            <CallLink phone={stop.customer.phone} />
            <button type="button" className="button button-primary" onClick={props.onOpen}>
              {t('stop.open')}
            </button>
          </div>
          <div className="card-move">
            <button
              type="button"
              className="button"
              onClick={props.onMoveUp}
              disabled={!props.onMoveUp}
              aria-label={t('stop.moveUpLabel', { number, name })}
            >
              ↑ {t('stop.moveUp')}
            </button>
            <button
              type="button"
              className="button"
              onClick={props.onMoveDown}
              disabled={!props.onMoveDown}
              aria-label={t('stop.moveDownLabel', { number, name })}
            >
              ↓ {t('stop.moveDown')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}
