import { Stack } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { BusyButton } from '../components/BusyButton';
import { preloadLayout } from '../layout/AdminShell';
import { preloadHttpClient } from '../providers/httpClient';
import { AuthCard } from './AuthCard';
import { emailRules, requiredField } from './validators';

/** /admin-panel/login. After sign-in the admin lands where they first went, else the dashboard. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    preloadLayout();
    try {
      await login({ email: values.email, password: values.password });
      notify('app.auth.logged_in', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'ra.auth.sign_in_error', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={translate('app.auth.login_title')}
      subtitle={translate('app.auth.login_subtitle')}
      link={{ to: '/send-otp', label: 'app.auth.forgot' }}
    >
      <Form disableInvalidFormNotification onSubmit={submit}>
        {/* The HTTP client loads while the admin fills the form, not before the page shows. */}
        <Stack onFocus={preloadHttpClient} onPointerDown={preloadHttpClient}>
          <TextInput
            source="email"
            label="app.auth.email"
            type="email"
            autoComplete="username"
            validate={emailRules}
            fullWidth
          />
          <PasswordInput
            source="password"
            label="app.auth.password"
            autoComplete="current-password"
            validate={requiredField}
            fullWidth
          />
          <BusyButton
            busy={busy}
            label={translate('app.auth.sign_in')}
            busyLabel={translate('app.busy')}
            fullWidth
            size="large"
          />
        </Stack>
      </Form>
    </AuthCard>
  );
}
