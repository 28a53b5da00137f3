import { baseConfigSchema, portVar } from '@pitclock/kit';
import type { z } from 'zod';

export const authConfigSchema = baseConfigSchema.extend({ PORT: portVar(3001) });
export type AuthConfig = z.infer<typeof authConfigSchema>;
