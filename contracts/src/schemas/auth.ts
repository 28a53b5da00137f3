import { z } from 'zod';
import { readLoginToken } from '../session/login-token';

/** Texts of SPEC.md section 5 (signup) and section 8 (login), shared by forms, services and e2e. */
export const AUTH_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  emailInvalid: 'Enter a valid email address',
  emailRequired: 'Email is required',
  emailTooLong: 'Email must be at most 254 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordHint: 'Password must be at least 8 characters.',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be at most 1024 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  noToken: 'No token returned from server',
  registered: 'Account created. Please sign in.',
} as const;

export const LIMITS = {
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 1024,
  nameMin: 2,
  nameMax: 100,
  deviceIdMax: 128,
  deviceNameMax: 200,
  tokenMax: 8192,
} as const;

/** The simple x@y.z shape of SPEC.md section 5. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const m = AUTH_MESSAGES;

export const DeviceInfo = z.object({
  device_id: z.string().trim().min(1).max(LIMITS.deviceIdMax),
  name: z.string().trim().max(LIMITS.deviceNameMax),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** POST /login: e-mail and password required (SPEC.md section 5); device_info from the root-path helper. */
export const LoginRequest = z.object({
  email: z.string().trim().min(1, m.emailRequired).max(LIMITS.emailMax, m.emailTooLong),
  password: z.string().min(1, m.passwordRequired).max(LIMITS.passwordMax, m.passwordTooLong),
  device_info: DeviceInfo.optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** POST /login and POST /auth/refresh answer. Parsing normalises the token aliases into `token`. */
export const LoginResponse = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { ...body, token: readLoginToken(body) ?? undefined }
      : body,
  z.object({
    token: z.string({ error: m.noToken }).min(1, m.noToken).max(LIMITS.tokenMax),
    refresh_token: z.string().min(1).max(LIMITS.tokenMax),
    device_id: z.string().min(1).max(LIMITS.deviceIdMax),
  }),
);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /auth/register: the signup rules of SPEC.md section 5 with its exact texts. */
export const RegisterRequest = z.object({
  email: z.string().trim().max(LIMITS.emailMax, m.emailTooLong).regex(EMAIL_PATTERN, m.emailInvalid),
  password: z.string().min(LIMITS.passwordMin, m.passwordTooShort).max(LIMITS.passwordMax, m.passwordTooLong),
  display_name: z.string().trim().min(LIMITS.nameMin, m.nameTooShort).max(LIMITS.nameMax, m.nameTooLong),
  device_info: DeviceInfo,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** POST /auth/refresh */
export const RefreshRequest = z.object({
  refresh_token: z.string().min(1).max(LIMITS.tokenMax),
});
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** POST /auth/refresh answers like login: token, refresh_token, device_id. */
export const RefreshResponse = LoginResponse;
export type RefreshResponse = LoginResponse;

/** User ids are the auth service's serial integers. */
export const UserId = z.number().int().positive();
export type UserId = z.infer<typeof UserId>;

/** GET /me */
export const MeResponse = z.object({
  id: UserId,
  email: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  roles: z.array(z.string()),
  created_at: z.string(),
});
export type MeResponse = z.infer<typeof MeResponse>;
