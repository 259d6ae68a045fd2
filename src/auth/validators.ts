import { email, minLength, required } from 'react-admin';

/** Form rules of the auth screens; the server checks the same and answers with its own message. */
export const requiredField = required('app.auth.required');
export const emailRules = [requiredField, email('app.auth.invalid_email')];
export const newPasswordRules = [requiredField, minLength(8, 'app.auth.too_short')];

export function matches(otherField: string, message: string) {
  return (value: unknown, values: Record<string, unknown>) =>
    value && value !== values[otherField] ? message : undefined;
}

export function differsFrom(otherField: string, message: string) {
  return (value: unknown, values: Record<string, unknown>) =>
    value && value === values[otherField] ? message : undefined;
}
