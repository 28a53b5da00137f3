import { AUTH_MESSAGES, EMAIL_PATTERN, LIMITS } from '@pitclock/contracts';

// The checks of SPEC.md section 5 as small functions with contracts' texts and limits; the same rules
// as contracts' zod schemas, which the server parses with (the shell keeps zod out of its bundle).

const m = AUTH_MESSAGES;

export type SignupValues = { name: string; email: string; password: string; repeat: string };
export type LoginValues = { email: string; password: string };
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed.length > LIMITS.emailMax) return m.emailTooLong;
  return EMAIL_PATTERN.test(trimmed) ? undefined : m.emailInvalid;
}

function passwordError(password: string): string | undefined {
  if (password.length < LIMITS.passwordMin) return m.passwordTooShort;
  return password.length > LIMITS.passwordMax ? m.passwordTooLong : undefined;
}

function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < LIMITS.nameMin) return m.nameTooShort;
  return trimmed.length > LIMITS.nameMax ? m.nameTooLong : undefined;
}

/** Signup: name trimmed >= 2, e-mail x@y.z, password >= 8, repeat equal to password. */
export function signupErrors(values: SignupValues): FieldErrors<SignupValues> {
  const errors: FieldErrors<SignupValues> = {};
  const name = nameError(values.name);
  const email = emailError(values.email);
  const password = passwordError(values.password);
  if (name) errors.name = name;
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (values.repeat !== values.password) errors.repeat = m.passwordsDoNotMatch;
  return errors;
}

/** Login: e-mail and password required. */
export function loginErrors(values: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {};
  if (values.email.trim() === '') errors.email = m.emailRequired;
  else if (values.email.trim().length > LIMITS.emailMax) errors.email = m.emailTooLong;
  if (values.password === '') errors.password = m.passwordRequired;
  else if (values.password.length > LIMITS.passwordMax) errors.password = m.passwordTooLong;
  return errors;
}

export const hasErrors = (errors: FieldErrors<object>): boolean => Object.keys(errors).length > 0;
