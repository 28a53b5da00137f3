import * as z from 'zod/mini';

// The account answers the app reads (GET /me), written with zod/mini as every schema the browser
// evaluates on its first pages (see sync-answers.ts); auth.ts re-exports them for the services and the
// OpenAPI document.

/** User ids are the auth service's serial integers. */
export const UserId = z.number().check(z.int(), z.positive());
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
