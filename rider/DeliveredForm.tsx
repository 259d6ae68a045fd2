import { useEffect, useState, type FormEvent } from 'react';
import { useI18n } from './i18n';
import { downscalePhoto } from './photo';
import { Stepper } from './Stepper';
import type { DeliverBody, ReceivedMethod, Stop } from './types';

export type Delivery = Pick<DeliverBody, 'delivered' | 'emptiesCollected' | 'collected'>;

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** Rupees as typed in the amount field: 250, or 1097.40 with both digits of paise. */
const amountText = (rupees: number) =>
  Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2);

/** Cash or UPI when there is money to take, else nothing. */
const methodsFor = (stop: Stop): ReceivedMethod[] =>
  stop.toCollect.method === 'Cash' || stop.toCollect.method === 'UPI'
    ? ['Cash', 'UPI', 'None']
    : ['None', 'Cash', 'UPI'];

/**
 * Delivered: the counts given (the order's, to start with), the empties taken back, the money
 * received and how, and an optional photo, taken with the phone's camera and made small here.
 */
export function DeliveredForm({
  stop,
  onSave,
}: {
  stop: Stop;
  onSave: (delivery: Delivery, photo: Blob | null) => void;
}) {
  const { t, money } = useI18n();
  const [quantities, setQuantities] = useState(() => stop.items.map((item) => item.quantity));
  const given = quantities.reduce((sum, quantity) => sum + quantity, 0);
  const emptiesMax = stop.empties ? stop.empties.held + given : 0;
  const [empties, setEmpties] = useState(() =>
    stop.empties ? Math.min(stop.empties.toCollect, stop.empties.held + given) : 0,
  );
  const [method, setMethod] = useState<ReceivedMethod>(() => methodsFor(stop)[0]);
  const [amount, setAmount] = useState(() =>
    method === 'None' ? '' : amountText(stop.toCollect.amount),
  );
  const [reference, setReference] = useState('');
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The preview's object URL lives as long as its photo is shown.
  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.url);
  }, [photo]);

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      const blob = await downscalePhoto(file);
      setPhoto({ blob, url: URL.createObjectURL(blob) });
      setError(null);
    } catch {
      setError(t('door.photoFailed'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = amount.trim();
    if (method !== 'None' && !AMOUNT.test(trimmed)) {
      setError(t('door.amountInvalid'));
      return;
    }
    const ref = reference.trim();
    onSave(
      {
        delivered: stop.items.map((item, index) => ({
          key: item.key,
          quantity: quantities[index],
        })),
        emptiesCollected: stop.empties ? Math.min(empties, emptiesMax) : 0,
        collected: {
          method,
          amount: method === 'None' ? 0 : Number(trimmed),
          ...(method === 'UPI' && ref ? { reference: ref } : {}),
        },
      },
      photo?.blob ?? null,
    );
  };

  return (
    <form className="door-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('door.itemsGiven')}</legend>
        {stop.items.map((item, index) => (
          <Stepper
            key={item.key}
            label={item.name}
            hint={t('door.ordered', { count: item.quantity })}
            value={quantities[index]}
            max={item.quantity}
            onChange={(value) =>
              setQuantities((old) => old.map((quantity, at) => (at === index ? value : quantity)))
            }
          />
        ))}
      </fieldset>
      {stop.empties && (
        <fieldset>
          <legend>{t('door.emptiesCollected')}</legend>
          <Stepper
            label={t(`stop.empties.${stop.empties.kind}`, { count: stop.empties.toCollect })}
            hint={t('door.emptiesHeld', { count: stop.empties.held })}
            value={Math.min(empties, emptiesMax)}
            max={emptiesMax}
            onChange={setEmpties}
          />
        </fieldset>
      )}
      <fieldset>
        <legend>{t('door.payment')}</legend>
        <p className="muted">
          {t(`stop.collect.${stop.toCollect.method}`, { amount: money(stop.toCollect.amount) })}
        </p>
        <div className="choices">
          {methodsFor(stop).map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="method"
                value={option}
                checked={method === option}
                onChange={() => {
                  setMethod(option);
                  if (option !== 'None' && amount === '')
                    setAmount(amountText(stop.toCollect.amount));
                }}
              />
              {t(`method.${option}`)}
            </label>
          ))}
        </div>
        {method !== 'None' && (
          <label className="field">
            {t('door.amount')}
            <input
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
        )}
        {method === 'UPI' && (
          <label className="field">
            {t('door.reference')}
            <input
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
          </label>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('door.photo')}</legend>
        {photo && <img className="proof" src={photo.url} alt={t('door.photoPreview')} />}
        <div className="choices">
          <label className="button">
            {photo ? t('door.retakePhoto') : t('door.takePhoto')}
            <input
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(event) => {
                void pickPhoto(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {photo && (
            <button type="button" className="button button-quiet" onClick={() => setPhoto(null)}>
              {t('door.removePhoto')}
            </button>
          )}
        </div>
      </fieldset>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary button-wide">
        {t('door.saveDelivered')}
      </button>
    </form>
  );
}
