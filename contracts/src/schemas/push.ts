import { z } from 'zod';
import {
  isPushLocale,
  PUSH_LOCALE_MAX_LENGTH,
  PUSH_MAX_STEPS_PER_RUN,
  type PushScheduleBody,
  type PushSubscriptionJson,
} from '../notifications/push-protocol';
import { ClientId } from './client-id';
import { isStorableInstant } from './stored-values';
import { TeamIdParam } from './sync';

export { ClientId };

export const PUSH_MESSAGES = {
  endpointInvalid: 'The subscription endpoint must be an https URL',
  endpointNotAllowed: 'The subscription endpoint is not a known push service',
  keysInvalid: 'The subscription keys are not valid',
  deviceRequired: 'device_id is required',
  subscriptionNotFound: 'No such push subscription',
  scheduleNotFound: 'No schedule for this run',
  scheduleBusy: 'The run is being changed; try again shortly',
  scheduleLimitReached:
    'This account has as many runs with alerts ahead as it may have; finish or delete one of them first',
  runIdInvalid: 'The run id is not valid',
  teamForbidden: 'You are not a member of this team',
  teamCheckUnavailable: 'Team membership cannot be checked right now; try again shortly',
  dismissTokenInvalid: 'The dismiss token is not valid',
  noSubscriptions: 'This account has no push subscriptions',
} as const;

const m = PUSH_MESSAGES;

export const RunIdParam = ClientId;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64Url = (min: number, max: number) =>
  z
    .string({ error: m.keysInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, m.keysInvalid)
    .min(min, m.keysInvalid)
    .max(max, m.keysInvalid);

export const PushSubscriptionInput = z.object({
  endpoint: z.string({ error: m.endpointInvalid }).max(2_048, m.endpointInvalid),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) is 87 base64url characters; auth is 16 bytes (22).
      p256dh: base64Url(80, 100),
      auth: base64Url(16, 32),
    },
    { error: m.keysInvalid },
  ),
}) satisfies z.ZodType<PushSubscriptionJson>;

export const SubscribeBody = z.object({
  subscription: PushSubscriptionInput,
  device_id: z.string({ error: m.deviceRequired }).trim().min(1, m.deviceRequired).max(200),
});
export type SubscribeBody = z.infer<typeof SubscribeBody>;

export const UnsubscribeBody = z.object({
  endpoint: z.string({ error: m.endpointInvalid }).min(1).max(2_048),
});
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;

const isoInstant = z.iso
  .datetime({ offset: true })
  .refine(isStorableInstant, 'must be an instant between the years 0001 and 9999 (UTC)');

export const PushScheduleStepInput = z.object({
  id: ClientId,
  name: z.string().trim().min(1).max(200),
  scheduled_at: isoInstant,
  done: z.boolean(),
  dismissed: z.boolean(),
  template_name: z.string().max(200).nullish(),
});

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const PushScheduleInput = z
  .object({
    contest_id: ClientId,
    contest_name: z.string().trim().min(1).max(200),
    time_zone: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone').optional(),
    // Absent from older apps: the notifier then writes the due time as 24-hour HH:MM.
    locale: z
      .string()
      .max(PUSH_LOCALE_MAX_LENGTH, { abort: true })
      .refine(isPushLocale, 'must be a BCP 47 language tag')
      .optional(),
    team_id: TeamIdParam.nullish(),
    steps: z.array(PushScheduleStepInput).max(PUSH_MAX_STEPS_PER_RUN),
  })
  .refine((body) => new Set(body.steps.map((s) => s.id)).size === body.steps.length, {
    message: 'step ids must be unique',
    path: ['steps'],
  }) satisfies z.ZodType<PushScheduleBody>;
export type PushScheduleInput = z.infer<typeof PushScheduleInput>;

export const DismissBody = z.object({ token: z.string({ error: m.dismissTokenInvalid }).min(1).max(1_000) });

export const VapidPublicKeyResponse = z.object({ public_key: z.string().min(1) });

export const PushSubscriptionView = z.object({
  id: z.number().int(),
  device_id: z.string().nullable(),
  /** Only the push service's origin: the full endpoint is a capability and never shown. */
  endpoint_origin: z.string(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
});
export type PushSubscriptionView = z.infer<typeof PushSubscriptionView>;
export const PushSubscriptionsResponse = z.object({ subscriptions: z.array(PushSubscriptionView) });

export const PushTestResponse = z.object({
  sent: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type PushTestResponse = z.infer<typeof PushTestResponse>;

export const PushScheduleResponse = z.object({
  run_id: z.string(),
  /** Notifications kept waiting for this run after the change (due-now and overdue reminders). */
  scheduled: z.number().int(),
});
export type PushScheduleResponse = z.infer<typeof PushScheduleResponse>;
