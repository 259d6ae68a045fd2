import { Stack } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useAuthProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BusyButton } from '../components/BusyButton';
import type { AppAuthProvider } from '../providers/authProvider';
import { AuthCard } from './AuthCard';
import { OTP_SENT_AT_KEY, RECOVERY_EMAIL_KEY } from './recovery';
import { emailRules } from './validators';

export function SendOtpPage() {
  const auth = useAuthProvider<AppAuthProvider>()!;
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    const email = String(values.email).trim();
    setBusy(true);
    try {
      await auth.sendOtp(email);
      sessionStorage.setItem(RECOVERY_EMAIL_KEY, email);
      sessionStorage.setItem(OTP_SENT_AT_KEY, String(Date.now()));
      notify('app.auth.otp_sent', { type: 'success' });
      navigate('/verify-otp', { state: { email } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={translate('app.auth.send_otp_title')}
      link={{ to: '/login', label: 'app.auth.back_to_login' }}
    >
      <Form disableInvalidFormNotification onSubmit={submit}>
        <Stack>
          <TextInput
            source="email"
            label="app.auth.email"
            type="email"
            placeholder={translate('app.auth.email_placeholder')}
            validate={emailRules}
            fullWidth
          />
          <BusyButton
            busy={busy}
            label={translate('app.auth.send_otp')}
            busyLabel={translate('app.busy')}
            fullWidth
            size="large"
          />
        </Stack>
      </Form>
    </AuthCard>
  );
}
