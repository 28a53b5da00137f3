import type { z } from 'zod';
import { AdminAdjustRequest } from '@pitclock/contracts/schemas';

/**
 * The credit adjustment as typed (SPEC.md section 5), with the server's rule and texts: a signed whole
 * number, not empty and not 0, at most 1,000,000 either way ('+5', '-3', ' 12 ').
 */
export const AdjustmentForm = AdminAdjustRequest.pick({ amount: true });
export type AdjustmentInput = z.input<typeof AdjustmentForm>;
export type AdjustmentOutput = z.output<typeof AdjustmentForm>;
