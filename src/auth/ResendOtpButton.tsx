import { Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useAuthProvider, useNotify, useTranslate } from 'react-admin';
import type { AppAuthProvider } from '../providers/authProvider';
import { OTP_SENT_AT_KEY } from './recovery';

/** How long after an OTP was sent before another can be asked for. */
export const RESEND_AFTER_SECONDS = 60;

const secondsLeft = () => {
  const sentAt = Number(sessionStorage.getItem(OTP_SENT_AT_KEY) ?? 0);
  return Math.max(0, Math.ceil((sentAt + RESEND_AFTER_SECONDS * 1000 - Date.now()) / 1000));
};

/**
 * 'Resend OTP' on Verify OTP, after a countdown from the last OTP sent (kept in sessionStorage,
 * so a reload does not reset it). The server's own limit still holds: its 429 is shown as is.
 */
export function ResendOtpButton({ email }: { email: string }) {
  const auth = useAuthProvider<AppAuthProvider>()!;
  const notify = useNotify();
  const translate = useTranslate();
  const [left, setLeft] = useState(secondsLeft);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left === 0) return;
    const timer = setTimeout(() => setLeft(secondsLeft()), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const resend = async () => {
    setBusy(true);
    try {
      await auth.sendOtp(email);
      sessionStorage.setItem(OTP_SENT_AT_KEY, String(Date.now()));
      setLeft(secondsLeft());
      notify('app.auth.otp_sent', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const label =
    left > 0
      ? translate('app.auth.resend_in', { seconds: left })
      : translate(busy ? 'app.busy' : 'app.auth.resend_otp');
  return (
    <Button variant="text" onClick={resend} disabled={busy || left > 0} aria-live="polite">
      {label}
    </Button>
  );
}
