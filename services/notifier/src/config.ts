import { baseConfigSchema, portVar } from '@pitclock/kit';
import { z } from 'zod';

export const notifierConfigSchema = baseConfigSchema.extend({ PORT: portVar(3003) });
export type NotifierConfig = z.infer<typeof notifierConfigSchema>;

/** The worker process: no bearer tokens; a probe port and how many jobs run at once. */
export const workerConfigSchema = baseConfigSchema
  .omit({ PORT: true, JWT_SECRET: true, JWT_AUDIENCE: true })
  .extend({
    WORKER_PORT: portVar(3013),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  });
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
