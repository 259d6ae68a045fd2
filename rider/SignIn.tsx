import { useState, type FormEvent } from 'react';
import { ApiError, NetworkError, type RiderApi } from './api';
import { LanguageSwitch, useI18n } from './i18n';
import type { Session } from './storage';

export interface SignInProps {
  api: RiderApi;
  /** Why the rider is here again (a session that ended), shown above the form. */
  notice?: string | null;
  /** Actions on this phone still waiting to send. */
  waitingCount: number;
  onSignedIn: (session: Session) => void;
}

/** Mobile number and PIN; the server's answer (a wrong PIN, too many tries) shown as it says. */
export function SignIn({ api, notice, waitingCount, onSignedIn }: SignInProps) {
  const { t } = useI18n();
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spaces, dashes and a leading +91 or 0 as people type them.
    const digits = phone.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '');
    if (!/^\d{10}$/.test(digits)) return setError(t('signIn.phoneInvalid'));
    if (!/^\d{4,6}$/.test(pin)) return setError(t('signIn.pinInvalid'));
    setBusy(true);
    setError(null);
    try {
      const { token, rider } = await api.login(digits, pin);
      onSignedIn({ token, rider });
    } catch (failure) {
      setBusy(false);
      setError(
        failure instanceof NetworkError
          ? t('error.network')
          : (failure instanceof ApiError && failure.message) || t('error.server'),
      );
    }
  };

  return (
    <main className="page page-narrow">
      <LanguageSwitch />
      <h1>{t('app.title')}</h1>
      <p className="muted">{t('signIn.intro')}</p>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {waitingCount > 0 && (
        <p className="notice">{t('signIn.waiting', { smart_count: waitingCount })}</p>
      )}
      <form className="door-form" onSubmit={submit} noValidate>
        <label className="field">
          {t('signIn.phone')}
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={16}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </label>
        <label className="field">
          {t('signIn.pin')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="current-password"
            maxLength={6}
            value={pin}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-wide" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
      </form>
      <p className="muted">{t('signIn.forgot')}</p>
    </main>
  );
}
