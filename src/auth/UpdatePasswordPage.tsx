import { Stack } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, useAuthProvider, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { BusyButton } from '../components/BusyButton';
import type { AppAuthProvider } from '../providers/authProvider';
import { AuthCard, StartRecoveryAlert } from './AuthCard';
import { matches, newPasswordRules, requiredField } from './validators';

/** Reads the security token that Verify OTP passed on, and sends it with the new password. */
export function UpdatePasswordPage() {
  const auth = useAuthProvider<AppAuthProvider>()!;
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const securityToken = (location.state as { data?: { securityToken?: string } } | null)?.data
    ?.securityToken;
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await auth.resetPassword({
        securityToken: securityToken!,
        password: String(values.password),
        confirmPassword: String(values.confirmPassword),
      });
      notify('app.auth.password_updated', { type: 'success' });
      navigate('/login', { replace: true });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={translate('app.auth.update_title')}
      link={{ to: '/login', label: 'app.auth.login_link' }}
    >
      {securityToken ? (
        <Form disableInvalidFormNotification onSubmit={submit}>
          <Stack>
            <PasswordInput
              source="password"
              label="app.auth.new_password"
              autoComplete="new-password"
              validate={newPasswordRules}
              fullWidth
            />
            <PasswordInput
              source="confirmPassword"
              label="app.auth.confirm_password"
              autoComplete="new-password"
              validate={[requiredField, matches('password', 'app.auth.mismatch')]}
              fullWidth
            />
            <BusyButton
              busy={busy}
              label={translate('app.auth.set_password')}
              busyLabel={translate('app.busy')}
              fullWidth
              size="large"
            />
          </Stack>
        </Form>
      ) : (
        <StartRecoveryAlert />
      )}
    </AuthCard>
  );
}
