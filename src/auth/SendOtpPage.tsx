import { Link as MuiLink, Stack } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useAuthProvider, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { BusyButton } from '../components/BusyButton';
import type { AppAuthProvider } from '../providers/authProvider';
import { AuthCard, WebsiteLink } from './AuthCard';
import { RECOVERY_EMAIL_KEY } from './recovery';
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
      links={
        <>
          <MuiLink component={Link} to="/login">
            {translate('app.auth.back_to_login')}
          </MuiLink>
          <WebsiteLink
            prefix={translate('app.auth.go_to_website')}
            label={translate('app.auth.click_here')}
          />
        </>
      }
    >
      <Form onSubmit={submit}>
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
