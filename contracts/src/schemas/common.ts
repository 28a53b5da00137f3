import { z } from 'zod';

/** The one error shape of every service: a machine code, a human text, optional details. */
export const ErrorBody = z.object({
  error: z.string().min(1),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** GET /api/version (and each service's own /version). */
export const VersionResponse = z.object({
  version: z.string().min(1),
  commit: z.string().optional(),
  service: z.string().optional(),
});
export type VersionResponse = z.infer<typeof VersionResponse>;

/** GET /build-meta.json?ts={now}: written by the front-end build. */
export const BuildMeta = z.object({
  version: z.string().min(1),
  buildTime: z.string().min(1),
});
export type BuildMeta = z.infer<typeof BuildMeta>;

/** Liveness: the process answers. */
export const HealthResponse = z.object({
  status: z.literal('ok'),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const CheckStatus = z.enum(['ok', 'fail']);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** Readiness: every dependency (postgres, redis, ...) named with its state. */
export const ReadyResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), CheckStatus),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
