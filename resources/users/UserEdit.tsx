import {
  email,
  minLength,
  PasswordInput,
  required,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { RecordEdit } from '@/records/RecordEdit';
import {
  buyerGstinValid,
  gstinMatchesAddress,
  gstinState,
  legalNameValid,
  registrationPayload,
} from './registration';

const STATUS_CHOICES = [
  { id: 'Active', name: 'Active' },
  { id: 'Blocked', name: 'Blocked' },
];

/** Mirrors the server: 10 digits starting 6-9, with an optional +91 or 0 prefix. */
export const indianMobile = (value: unknown) =>
  value && !/^(\+91|0)?[6-9]\d{9}$/.test(String(value).replace(/[\s-]/g, ''))
    ? 'app.users.phone_format'
    : undefined;

/**
 * The fields sent; password and address only when filled in (spec 001 §5); the GSTIN and legal
 * name always (addition, issue 38: empty is a household).
 */
export function userPayload(data: Record<string, unknown>) {
  const { password, address, ...rest } = data;
  const payload: Record<string, unknown> = {
    email: rest.email,
    firstName: rest.firstName,
    lastName: rest.lastName,
    phone: rest.phone,
    status: rest.status,
    ...registrationPayload(rest),
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
        gstin: user.gstin ?? '',
        legalName: user.legalName ?? '',
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
      <GstinInput />
      <TextInput
        source="legalName"
        label="app.users.legal_name"
        helperText="app.users.legal_name_help"
        validate={legalNameValid}
        {...field}
      />
    </RecordEdit>
  );
}

const upperCase = (value: string) => (value ? value.toUpperCase() : value);

/**
 * A registered buyer's GSTIN (issue 38), checked as it is typed: format, state code and check
 * character (gstinProblem's words), then its state against the default address's.
 */
function GstinInput() {
  const translate = useTranslate();
  const gstin: unknown = useWatch({ name: 'gstin' });
  const registered = gstinState(gstin);
  const { formState, trigger } = useFormContext();
  const { isSubmitted } = formState;
  // The legal name is required with a GSTIN and refused without one: checked again as it changes.
  useEffect(() => {
    if (isSubmitted) void trigger('legalName');
  }, [gstin, isSubmitted, trigger]);
  return (
    <TextInput
      source="gstin"
      label="app.users.gstin"
      validate={[buyerGstinValid, gstinMatchesAddress]}
      parse={upperCase}
      helperText={
        registered
          ? translate('app.users.gstin_ok', { state: registered.name, code: registered.code })
          : 'app.users.gstin_help'
      }
      slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off', spellCheck: false } }}
      {...field}
    />
  );
}
