// Cook-off rules (SPEC.md sections 4, 5 and 9). Pure: "now" and the time zone are parameters.
import { z } from 'zod/mini';
import { isRecord, readContestDate, readId } from './readers';
import { addDaysYmd, clampWalkTime, normaliseYmd, parseHhMm, ymdInZone } from './time';
import { isBlank, readWith, requiredText } from './validation';

/** Contests list window: contests dated from 7 days ago on. */
export const CONTESTS_WINDOW_DAYS = 7;

export const CONTEST_MESSAGES = {
  nameRequired: 'Please provide a cook-off name.',
  // SPEC.md has no text for these two (Create is disabled until a body is chosen); ours:
  sanctioningBodyRequired: 'Please choose a sanctioning body.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
} as const;

/**
 * Contests dated within the last 7 days or later (date >= today - 7 days, today being the device's date
 * in `timeZone`), ascending by date; equal dates keep their input order. The date is read tolerantly
 * (contest_date, date, start_date, event_date); a contest with no readable date is left out.
 */
export function upcomingContests<T>(contests: readonly T[], nowMs: number, timeZone: string): T[] {
  const from = addDaysYmd(ymdInZone(nowMs, timeZone), -CONTESTS_WINDOW_DAYS);
  return contests
    .map((contest, index) => ({ contest, index, date: readContestDate(contest) }))
    .filter(
      (row): row is { contest: T; index: number; date: string } => row.date !== null && row.date >= from,
    )
    .sort((a, b) => (a.date === b.date ? a.index - b.index : a.date < b.date ? -1 : 1))
    .map((row) => row.contest);
}

export type ContestInput = {
  name?: unknown;
  sanctioning_body_id?: unknown;
  walk_time_adjust_minutes?: unknown;
  location?: unknown;
  contest_date?: unknown;
};
export type ContestErrors = Partial<Record<'name' | 'sanctioning_body_id' | 'contest_date', string>>;

/** A cook-off's name: required and trimmed. */
export const contestNameSchema = requiredText(CONTEST_MESSAGES.nameRequired);
/** The sanctioning body: required, sent as a number (from a number or a select's string). */
export const sanctioningBodySchema = readWith(
  (value: string | number) => readSanctioningBodyId(value) ?? undefined,
  CONTEST_MESSAGES.sanctioningBodyRequired,
);

/**
 * Cook-off create and edit (SPEC.md section 5): name required and trimmed; sanctioning body required and
 * sent as a number (a non-negative integer, from a number or a numeric string such as a select value);
 * date defaults to `todayYmd` when empty, otherwise must be a real 'YYYY-MM-DD'; walk time clamped to
 * 0-20 (non-numeric -> 0); location optional and trimmed ('' when none). The input types are the form's;
 * the store's input, whatever its types, is read by the same tolerant rules.
 */
export function contestSchema(todayYmd: string) {
  return z.object({
    contest_date: readWith(
      (value: string) => normaliseYmd(isBlank(value) ? todayYmd : value) ?? undefined,
      CONTEST_MESSAGES.dateInvalid,
    ),
    name: contestNameSchema,
    sanctioning_body_id: sanctioningBodySchema,
    location: z.pipe(
      z.transform((value: string) => (typeof value === 'string' ? value.trim() : '')),
      z.string(),
    ),
    walk_time_adjust_minutes: z.pipe(
      z.transform((value: number | null) => clampWalkTime(value)),
      z.number(),
    ),
  });
}
export type ContestFormInput = z.input<ReturnType<typeof contestSchema>>;
export type ContestValues = z.output<ReturnType<typeof contestSchema>>;
export type ContestValidation = { ok: true; value: ContestValues } | { ok: false; errors: ContestErrors };

/** contestSchema for the store: the values, or the text of each field that is refused. */
export function validateContestInput(input: ContestInput, todayYmd: string): ContestValidation {
  const result = contestSchema(todayYmd).safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: ContestErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContestErrors;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whether Create is enabled: a name and a sanctioning body are set. */
export function canCreateContest(input: ContestInput): boolean {
  return (
    contestNameSchema.safeParse(input.name).success &&
    sanctioningBodySchema.safeParse(input.sanctioning_body_id).success
  );
}

/** A sanctioning body id as the number it is sent as (from a number or a select's string), or null. */
export function readSanctioningBodyId(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim())
        : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The '+Nm' badge of the walk-time adjustment ('+0m' included; the UI may hide it). */
export function walkTimeBadge(walkTime: unknown): string {
  return `+${clampWalkTime(walkTime)}m`;
}

export type AttachmentRecord = {
  id?: unknown;
  contest_id?: unknown;
  template_id?: unknown;
  override_turn_in_time?: unknown;
};
export type AttachPlan =
  | {
      kind: 'add';
      record: {
        contest_id: string | number;
        template_id: string | number;
        override_turn_in_time: string | null;
      };
    }
  | { kind: 'update'; id: string | number; override_turn_in_time: string | null }
  | { kind: 'noop' };

/**
 * Attaching a template to a cook-off (SPEC.md section 4): a new attachment is added; an already-attached
 * template only has its override updated, and only when it differs. The override is read with parseHhMm
 * ('2 PM' -> '14:00'); empty or unreadable text means no override (null). Ids compare as strings.
 */
export function planAttach(
  attachments: readonly AttachmentRecord[],
  contestId: string | number,
  templateId: string | number,
  overrideText: unknown,
): AttachPlan {
  const override = parseHhMm(overrideText);
  const existing = attachments.find(
    (a) => String(a.contest_id) === String(contestId) && String(a.template_id) === String(templateId),
  );
  if (!existing)
    return {
      kind: 'add',
      record: { contest_id: contestId, template_id: templateId, override_turn_in_time: override },
    };
  const current = parseHhMm(existing.override_turn_in_time);
  const id = readId(existing.id);
  if (current === override || id === null) return { kind: 'noop' };
  return { kind: 'update', id, override_turn_in_time: override };
}

/**
 * The run to reuse when starting a cook-off: the first run of the contest with status 'active' (only one
 * active run per contest; an existing one is reused), or null when a new one must be created.
 */
export function findActiveRun<T>(runs: readonly T[], contestId: string | number): T | null {
  return (
    runs.find(
      (run) =>
        isRecord(run) &&
        String(run.contest_id) === String(contestId) &&
        typeof run.status === 'string' &&
        run.status.trim().toLowerCase() === 'active',
    ) ?? null
  );
}
