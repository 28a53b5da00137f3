import { baseConfigSchema, portVar } from '@pitclock/kit';
import type { z } from 'zod';

export const licensingConfigSchema = baseConfigSchema.extend({ PORT: portVar(3002) });
export type LicensingConfig = z.infer<typeof licensingConfigSchema>;
