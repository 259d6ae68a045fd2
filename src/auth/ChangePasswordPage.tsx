import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, Title, useAuthProvider, useNotify, useTranslate } from 'react-admin';
import { BusyButton } from '../components/BusyButton';
import type { AppAuthProvider } from '../providers/authProvider';
import { differsFrom, matches, newPasswordRules, requiredField } from './validators';

/** /admin-panel/change-password: open to every signed-in admin. */
export function ChangePasswordPage() {
  const auth = useAuthProvider<AppAuthProvider>()!;
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await auth.changePassword({
        oldPassword: String(values.oldPassword),
        newPassword: String(values.newPassword),
        confirmPassword: String(values.confirmPassword),
      });
      notify('app.auth.password_changed', { type: 'success' });
      setFormKey((k) => k + 1); // a fresh, empty form
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ maxWidth: 520, mt: 2 }}>
      <Title title={translate('app.auth.change_title')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('app.auth.change_title')}
        </Typography>
        <Form key={formKey} disableInvalidFormNotification onSubmit={submit}>
          <Stack>
            <PasswordInput
              source="oldPassword"
              label="app.auth.old_password"
              autoComplete="current-password"
              validate={requiredField}
              fullWidth
            />
            <PasswordInput
              source="newPassword"
              label="app.auth.new_password_change"
              autoComplete="new-password"
              validate={[...newPasswordRules, differsFrom('oldPassword', 'app.auth.same_as_old')]}
              fullWidth
            />
            <PasswordInput
              source="confirmPassword"
              label="app.auth.confirm_password"
              autoComplete="new-password"
              validate={[requiredField, matches('newPassword', 'app.auth.mismatch')]}
              fullWidth
            />
            <BusyButton
              busy={busy}
              label={translate('app.auth.change_submit')}
              busyLabel={translate('app.busy')}
            />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
