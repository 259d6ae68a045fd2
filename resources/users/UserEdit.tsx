import { email, minLength, PasswordInput, required, SelectInput, TextInput } from 'react-admin';
import { RecordEdit } from '@/records/RecordEdit';

const STATUS_CHOICES = [
  { id: 'Active', name: 'Active' },
  { id: 'Blocked', name: 'Blocked' },
];

/** Mirrors the server: 10 digits starting 6-9, with an optional +91 or 0 prefix. */
export const indianMobile = (value: unknown) =>
  value && !/^(\+91|0)?[6-9]\d{9}$/.test(String(value).replace(/[\s-]/g, ''))
    ? 'app.users.phone_format'
    : undefined;

/** The fields sent; password and address only when filled in (spec 001 §5). */
export function userPayload(data: Record<string, unknown>) {
  const { password, address, ...rest } = data;
  const payload: Record<string, unknown> = {
    email: rest.email,
    firstName: rest.firstName,
    lastName: rest.lastName,
    phone: rest.phone,
    status: rest.status,
  };
  if (typeof password === 'string' && password !== '') payload.password = password;
  if (typeof address === 'string' && address.trim() !== '') payload.address = address.trim();
  return payload;
}

const field = { sx: { maxWidth: 420 }, fullWidth: true } as const;

/** /admin-panel/user/edit/{id}: loads the user by id, so a reload or a shared link works. */
export function UserEdit() {
  return (
    <RecordEdit
      resource="users"
      title="app.users.edit_title"
      backTo="/user/active-users/1"
      failureMessage="app.users.edit_failed"
      // Inactive users can be edited, but the form only offers Active or Blocked.
      toForm={(user) => ({
        ...user,
        status: user.status === 'Blocked' ? 'Blocked' : 'Active',
        password: '',
        address: '',
      })}
      transform={userPayload}
    >
      <TextInput source="firstName" label="app.users.first_name" validate={required()} {...field} />
      <TextInput source="lastName" label="app.users.last_name" validate={required()} {...field} />
      <TextInput source="email" validate={[required(), email()]} {...field} />
      <TextInput
        source="phone"
        label="app.users.phone"
        validate={[required(), indianMobile]}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        {...field}
      />
      <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} {...field} />
      <PasswordInput
        source="password"
        label="app.users.password"
        helperText="app.users.password_help"
        validate={minLength(8, 'app.users.password_length')}
        autoComplete="new-password"
        {...field}
      />
      <TextInput
        source="address"
        label="app.users.address"
        helperText="app.users.address_help"
        multiline
        minRows={2}
        {...field}
      />
    </RecordEdit>
  );
}
