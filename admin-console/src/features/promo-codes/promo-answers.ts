// The promo codes as a server may answer them (SPEC.md section 3): each code under the alternative names
// SPEC lists, read into the contract's PromoCode. The list comes as a page of the contract (pages.ts); a
// code in it that cannot be read is kept as an unreadable row in its place, so one bad row never hides
// the others.
import { z } from 'zod';
import type { PromoCode } from '@pitclock/contracts';
import { pageAnswer, type PageAnswer } from '@pitclock/contracts/schemas';
import { remainingUses } from '@pitclock/contracts/promo-rules';

const optionalFlag = z.boolean().optional();
const optionalInstant = z.string().nullable().optional();

/** One code under any of SPEC's names, read into the contract's PromoCode. */
export const PromoCodeAnswer = z
  .object({
    id: z.number().int().positive().optional(),
    promo_code_id: z.number().int().positive().optional(),
    code: z.string().trim().min(1),
    /** Empty, 0 or less: unlimited. */
    max_uses: z.number().int().nullable().optional(),
    used_count: z.number().int().nonnegative(),
    license_days: z.number().int().positive().nullable().optional(),
    expires_at: optionalInstant,
    expires: optionalInstant,
    expiry: optionalInstant,
    expiresAt: optionalInstant,
    is_active: optionalFlag,
    active: optionalFlag,
    enabled: optionalFlag,
    disabled: optionalFlag,
    created_at: z.string().optional(),
  })
  .transform((answer, context): PromoCode => {
    const id = answer.id ?? answer.promo_code_id;
    if (id === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'A promo code needs an id (or promo_code_id)',
        path: ['id'],
      });
      return z.NEVER;
    }
    const max_uses =
      answer.max_uses !== null && answer.max_uses !== undefined && answer.max_uses > 0
        ? answer.max_uses
        : null;
    return {
      id,
      code: answer.code,
      max_uses,
      used_count: answer.used_count,
      remaining_uses: remainingUses(max_uses, answer.used_count),
      license_days: answer.license_days ?? null,
      expires_at: answer.expires_at ?? answer.expires ?? answer.expiry ?? answer.expiresAt ?? null,
      // Disabled when an active flag says false or the disabled flag says true (SPEC.md section 4).
      is_active:
        ![answer.is_active, answer.active, answer.enabled].includes(false) && answer.disabled !== true,
      created_at: answer.created_at ?? '',
    };
  });

/** A row of the list: a code, or the position of one that could not be read. */
export type PromoRow = { kind: 'code'; code: PromoCode } | { kind: 'unreadable'; position: number };

const readRows = (items: readonly unknown[]): PromoRow[] =>
  items.map((item, position) => {
    const read = PromoCodeAnswer.safeParse(item);
    return read.success ? { kind: 'code', code: read.data } : { kind: 'unreadable', position };
  });

/** GET /promo-codes as a page: the contract's page envelope, its rows read one by one (promoPage). */
export const PromoPageAnswer = pageAnswer(z.unknown());
export type PromoPageAnswer = z.infer<typeof PromoPageAnswer>;

/** The page of rows of a page answer, each code read on its own. */
export const promoPage = (answer: PromoPageAnswer): PageAnswer<PromoRow> => ({
  ...answer,
  data: readRows(answer.data),
});
