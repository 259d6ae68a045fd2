import { Stack } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useAuthProvider, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { BusyButton } from '../components/BusyButton';
import type { AppAuthProvider } from '../providers/authProvider';
import { AuthCard, StartRecoveryAlert } from './AuthCard';
import { OTP_SENT_AT_KEY, RECOVERY_EMAIL_KEY } from './recovery';
import { ResendOtpButton } from './ResendOtpButton';
import { requiredField } from './validators';

const otpRules = [
  requiredField,
  (value: unknown) =>
    value && !/^\d{6}$/.test(String(value).trim()) ? 'app.auth.otp_format' : undefined,
];

/** The e-mail comes from Send OTP and cannot be edited here. */
export function VerifyOtpPage() {
  const auth = useAuthProvider<AppAuthProvider>()!;
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const email: string | null =
    (location.state as { email?: string } | null)?.email ??
    sessionStorage.getItem(RECOVERY_EMAIL_KEY);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const result = await auth.verifyOtp(email!, String(values.otp).trim());
      sessionStorage.removeItem(RECOVERY_EMAIL_KEY);
      sessionStorage.removeItem(OTP_SENT_AT_KEY);
      notify('app.auth.otp_verified', { type: 'success' });
      navigate('/update-forgot-password', { state: { data: result } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={translate('app.auth.verify_title')}
      link={{ to: '/login', label: 'app.auth.login_link' }}
    >
      {email ? (
        <Form disableInvalidFormNotification onSubmit={submit} defaultValues={{ email }}>
          <Stack>
            <TextInput source="email" label="app.auth.email" readOnly fullWidth />
            <TextInput
              source="otp"
              label="app.auth.otp"
              validate={otpRules}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              fullWidth
            />
            <BusyButton
              busy={busy}
              label={translate('app.auth.verify')}
              busyLabel={translate('app.busy')}
              fullWidth
              size="large"
            />
            <ResendOtpButton email={email} />
          </Stack>
        </Form>
      ) : (
        <StartRecoveryAlert />
      )}
    </AuthCard>
  );
}
