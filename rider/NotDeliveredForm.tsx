import { useState, type FormEvent } from 'react';
import { useI18n } from './i18n';
import { REASONS, type Reason } from './types';

export function NotDeliveredForm({ onSave }: { onSave: (reason: Reason, note: string) => void }) {
  const { t } = useI18n();
  const [reason, setReason] = useState<Reason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('door.reasonRequired'));
      return;
    }
    onSave(reason, note.trim());
  };

  return (
    <form className="door-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('door.reason')}</legend>
        <div className="choices choices-column">
          {REASONS.map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="reason"
                value={option}
                checked={reason === option}
                onChange={() => {
                  setReason(option);
                  setError(null);
                }}
              />
              {t(`reason.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="field">
        {t('door.note')}
        <textarea
          rows={3}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-danger button-wide">
        {t('door.saveNotDelivered')}
      </button>
    </form>
  );
}
