import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  email,
  PasswordInput,
  required,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { PERMISSION_SWITCHES } from './permissionLabels';

export const STATUS_CHOICES = [
  { id: 'Active', name: 'Active' },
  { id: 'Inactive', name: 'Inactive' },
];

/** Mirrors the server: a 10-digit Indian mobile, optionally +91; spaces and dashes ignored. */
export const indianMobile = (value: unknown) =>
  value && !/^(\+91)?[6-9][0-9]{9}$/.test(String(value).replace(/[\s-]/g, ''))
    ? 'app.admins.phone_format'
    : undefined;

const minPassword = (value: unknown) =>
  value && String(value).length < 8 ? 'app.admins.password_length' : undefined;

/** The fields shared by add and edit; the password is required only when adding. */
export function AdminUserInputs({ mode }: { mode: 'add' | 'edit' }) {
  const translate = useTranslate();
  const field = { sx: { maxWidth: 420 }, fullWidth: true } as const;
  return (
    <>
      <TextInput source="name" label="app.admins.name" validate={required()} {...field} />
      <TextInput
        source="email"
        label="app.admins.email"
        // Not type="email": the browser's own check would block the form before our wording shows.
        slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'off' } }}
        validate={[required(), email('app.admins.email_format')]}
        {...field}
      />
      <TextInput
        source="phone"
        label="app.admins.phone"
        type="tel"
        validate={[required(), indianMobile]}
        {...field}
      />
      <PasswordInput
        source="password"
        label="app.admins.password"
        validate={mode === 'add' ? [required(), minPassword] : minPassword}
        helperText={mode === 'edit' ? 'app.admins.password_edit_help' : false}
        autoComplete="new-password"
        {...field}
      />
      <SelectInput
        source="status"
        label="app.admins.status"
        choices={STATUS_CHOICES}
        validate={required()}
        {...field}
      />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        {translate('app.admins.permissions')}
      </Typography>
      <Box
        role="group"
        aria-label={translate('app.admins.permissions')}
        sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 0 }}
      >
        {PERMISSION_SWITCHES.map(({ group, label }) => (
          <BooleanInput
            key={group}
            source={`permissions.${group}`}
            label={label}
            helperText={false}
          />
        ))}
      </Box>
    </>
  );
}
