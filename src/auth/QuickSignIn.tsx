import { useEffect, useState, type FormEvent } from 'react';
import { authMessages as t, BUSY } from '@/i18n/authMessages';
import { NETWORK_ERROR } from '@/providers/networkMessages';
import type { AdminUserData } from '@/providers/authProvider';
import { session, type AdminRole } from '@/providers/session';
import './quickSignIn.css';

/** As react-admin's `email()` rule, which the panel's own login form uses. */
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** react-admin's 'ra.auth.sign_in_error', for an answer that says nothing. */
const SIGN_IN_FAILED = 'Authentication failed, please retry';
/** How long the failure message stays, as the panel's notifications. */
const MESSAGE_MS = 5000;

type Field = 'email' | 'password';

export interface QuickSignInProps {
  /** The session is stored: open the panel, with the admin's data the sign-in answered. */
  onSignedIn: (user: AdminUserData | undefined) => void;
  /** The admin started on the form: fetch the panel meanwhile. */
  onStart: () => void;
}

/**
 * The login page as a browser without a session first gets it: the same card, fields, wording
 * and checks as the panel's own (LoginPage.tsx, which react-admin shows after a sign-out), in
 * plain React and a few lines of CSS, so that on a phone network it shows before react-admin,
 * MUI and the panel (~250 kB gzip) have loaded. They load once the admin starts on the form.
 */
export function QuickSignIn({ onSignedIn, onStart }: QuickSignInProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ text: string; at: number }>();
  const [showPassword, setShowPassword] = useState(false);
  const dark = localStorage.getItem('RaStore.theme') === '"dark"';

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(undefined), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    const found: Partial<Record<Field, string>> = {
      email: !email ? t.required : EMAIL.test(email) ? undefined : t.invalid_email,
      password: password ? undefined : t.required,
    };
    setErrors(found);
    const invalid = (['email', 'password'] as const).find((field) => found[field]);
    if (invalid) {
      (formElement.elements.namedItem(invalid) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      const response = await fetch('/api/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email, password }),
      }).catch(() => {
        throw new Error(NETWORK_ERROR);
      });
      const answer = (await response.json().catch(() => ({}))) as {
        message?: string;
        result?: { token?: string; role?: AdminRole; user?: AdminUserData };
      };
      const token = answer.result?.token;
      if (!response.ok || !token) throw new Error(answer.message || SIGN_IN_FAILED);
      session.start(token, answer.result?.role ?? 'admin');
      onSignedIn(answer.result?.user);
    } catch (error) {
      setFailure({ text: (error as Error).message || SIGN_IN_FAILED, at: Date.now() });
      setBusy(false);
    }
  }

  const fieldProps = (field: Field) => ({
    id: `quick-${field}`,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `quick-${field}-error` : undefined,
    onChange: () => errors[field] && setErrors({ ...errors, [field]: undefined }),
  });

  return (
    <main className={`quick-sign-in${dark ? ' quick-sign-in--dark' : ''}`}>
      <div className="quick-sign-in__card">
        <h1>{t.login_title}</h1>
        <p className="quick-sign-in__subtitle">{t.login_subtitle}</p>
        <form noValidate onSubmit={submit} onFocus={onStart} onPointerDown={onStart}>
          <div className={`quick-sign-in__field${errors.email ? ' is-invalid' : ''}`}>
            <label htmlFor="quick-email">
              {t.email}
              <span aria-hidden="true"> *</span>
            </label>
            <input type="email" autoComplete="username" {...fieldProps('email')} />
            {errors.email && <p id="quick-email-error">{errors.email}</p>}
          </div>
          <div className={`quick-sign-in__field${errors.password ? ' is-invalid' : ''}`}>
            <label htmlFor="quick-password">
              {t.password}
              <span aria-hidden="true"> *</span>
            </label>
            <div className="quick-sign-in__password">
              <input
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                {...fieldProps('password')}
              />
              <button
                type="button"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                onClick={() => setShowPassword(!showPassword)}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={showPassword ? EYE_OFF : EYE} />
                </svg>
              </button>
            </div>
            {errors.password && <p id="quick-password-error">{errors.password}</p>}
          </div>
          <button type="submit" className="quick-sign-in__submit" disabled={busy} aria-busy={busy}>
            {busy ? BUSY : t.sign_in}
          </button>
        </form>
        <div className="quick-sign-in__links">
          <a href="/admin-panel/send-otp">{t.forgot}</a>
          <p>
            {t.go_to_website} <a href="/">{t.click_here}</a>
          </p>
        </div>
      </div>
      {failure && (
        <div key={failure.at} className="quick-sign-in__message" role="alert">
          {failure.text}
        </div>
      )}
    </main>
  );
}

// Material Design's Visibility and VisibilityOff icons, as MUI draws them.
const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';
