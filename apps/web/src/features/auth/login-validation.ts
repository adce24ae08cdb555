// docs/product.md section 5: the login form's rules, as i18n keys of the `auth` namespace (null = valid).
import { LOGIN_LENGTH, PASSWORD_LENGTH } from '@cashdesk/contract';

export interface FieldError {
  key: string;
  params?: Record<string, number>;
}

export interface LoginValues {
  login: string;
  password: string;
}

export type LoginErrors = Record<keyof LoginValues, FieldError | null>;

function lengthRule(
  value: string,
  limits: { min: number; max: number },
  keys: { required: string; tooShort: string; tooLong: string },
): FieldError | null {
  // Counted like the server's schema counts (string length), so both sides agree at the limits.
  const length = value.length;
  if (length === 0) return { key: keys.required };
  if (length < limits.min) return { key: keys.tooShort, params: { min: limits.min } };
  if (length > limits.max) return { key: keys.tooLong, params: { max: limits.max } };
  return null;
}

/** The login as it is sent: surrounding spaces (a slip of the finger) are not part of any login. */
export function normalizeLogin(login: string): string {
  return login.trim();
}

export function validateLogin(login: string): FieldError | null {
  return lengthRule(normalizeLogin(login), LOGIN_LENGTH, {
    required: 'validation.loginRequired',
    tooShort: 'validation.loginTooShort',
    tooLong: 'validation.loginTooLong',
  });
}

export function validatePassword(password: string): FieldError | null {
  // Spaces are kept: they may be part of a password.
  return lengthRule(password, PASSWORD_LENGTH, {
    required: 'validation.passwordRequired',
    tooShort: 'validation.passwordTooShort',
    tooLong: 'validation.passwordTooLong',
  });
}

export function validateLoginForm(values: LoginValues): LoginErrors {
  return { login: validateLogin(values.login), password: validatePassword(values.password) };
}
