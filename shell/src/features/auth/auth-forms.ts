import { z } from 'zod';
import { AUTH_MESSAGES } from '@pitclock/contracts';
// The schemas' own subpath: bundled into this lazy page's chunk, not into the contracts every visit loads.
import { LoginRequest, RegisterRequest } from '@pitclock/contracts/schemas';

// The account forms' rules are the server's (contracts' schemas, SPEC.md section 5); signup adds the
// repeated password, which only the form has.

/** Login: e-mail (trimmed) and password required. */
export const LoginForm = LoginRequest.pick({ email: true, password: true });
export type LoginFormInput = z.input<typeof LoginForm>;
export type LoginFormOutput = z.output<typeof LoginForm>;

/** The repeated password equals the password; checked apart, so that it shows whatever else fails. */
const PasswordRepeated = z
  .object({ password: z.string(), repeat: z.string() })
  .refine((form) => form.repeat === form.password, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['repeat'],
  });

/** Signup: name trimmed >= 2, e-mail x@y.z, password >= 8, repeat equal to the password. */
export const SignupForm = z
  .object({
    name: RegisterRequest.shape.display_name,
    email: RegisterRequest.shape.email,
    password: RegisterRequest.shape.password,
  })
  .and(PasswordRepeated);
export type SignupFormInput = z.input<typeof SignupForm>;
export type SignupFormOutput = z.output<typeof SignupForm>;
