// The UI-free validation rules of SPEC.md sections 4 and 5 not covered elsewhere (cook-offs: contests.ts;
// accounts and device id: @pitclock/contracts), as zod schemas: the forms validate with them (through
// react-hook-form's zod resolver) and the store operations through the validate* functions below, so each
// rule and its text is written once. A schema's input is what a form field holds, its output what is saved.
// Zod Mini (tree-shaken, no eval probe): it has no default texts without a locale, so every text that can
// reach a user is given here.
import { z } from 'zod/mini';
import { isRecord, readNumber, readText } from './readers';
import {
  hhmmToMinutes,
  instantAtWallMinute,
  MINUTE_MS,
  parseHhMm,
  parseInstant,
  parseYmd,
  ymdInZone,
} from './time';
import { readDueAt } from './step-state';

export type Validated<T> = { ok: true; value: T } | { ok: false; error: string };

export const VALIDATION_MESSAGES = {
  categoryNameRequired: 'Please enter a category name.',
  categoryNameEmpty: 'Name cannot be empty.',
  templateNameEmpty: 'Name cannot be empty',
  stepNameRequired: 'Name is required',
  customTimeInvalid: 'Please pick a valid time (HH:MM).',
  customTimeNoAnchor: 'This step has no scheduled time to anchor the date.',
  // SPEC.md gives the rules but no texts for these; ours:
  snoozeMinutesInvalid: 'Snooze for at least 1 minute.',
  noteEmpty: 'Write a note first.',
  minutesBeforeInvalid: 'Minutes before turn-in must be a number.',
  turnInTimeInvalid: 'Please pick a valid time (HH:MM).',
  teamInvalid: 'Choose one of your teams, or Only me.',
} as const;

/** Snooze: default 10 minutes, minimum 1. */
export const SNOOZE_DEFAULT_MINUTES = 10;
export const SNOOZE_MIN_MINUTES = 1;

/**
 * A number as a form or the store gives it: a number (NaN when a number field could not read what was
 * typed), a numeric text, or nothing (null, undefined).
 */
export type NumberInput = number | string | null | undefined;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The outcome of a schema for `input`: its output, or the text of its first issue. */
export function validated<T>(schema: z.core.$ZodType<T>, input: unknown): Validated<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Invalid input' };
}

/** A text that must not be blank, trimmed; `message` when it is blank or not a text. */
export function requiredText(message: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));
}

/**
 * A schema that reads its input with `read`: undefined from `read` refuses the input with `message`. A
 * transform piped into the output (what classic zod's z.preprocess is): it also runs for a key missing from
 * an object, as a default needs. Zod Mini's transform has no addIssue: the issue goes on the payload.
 */
export function readWith<I, O>(read: (input: I) => O | undefined, message: string) {
  return z.pipe(
    z.transform((input: I, payload) => {
      const value = read(input);
      if (value === undefined) payload.issues.push({ code: 'custom', message, input });
      return value;
    }),
    z.custom<O, Awaited<O | undefined>>(),
  );
}

/** An optional wall-clock time: blank -> null; otherwise read as 'HH:MM' (12-hour accepted), else `message`. */
export function optionalTime(message: string) {
  return readWith(
    (text: string | null | undefined) => (isBlank(text) ? null : (parseHhMm(text) ?? undefined)),
    message,
  );
}

/** Category name on create: trimmed, 'Please enter a category name.' when empty. */
export const newCategoryNameSchema = requiredText(VALIDATION_MESSAGES.categoryNameRequired);
/** Category name on edit: trimmed, 'Name cannot be empty.' when empty. */
export const categoryNameSchema = requiredText(VALIDATION_MESSAGES.categoryNameEmpty);
/** Template name, trimmed, on create and edit: 'Name cannot be empty' (SPEC gives this text for edit only). */
export const templateNameSchema = requiredText(VALIDATION_MESSAGES.templateNameEmpty);
/** Step name, trimmed, on add and edit: 'Name is required'. */
export const stepNameSchema = requiredText(VALIDATION_MESSAGES.stepNameRequired);
/** A step note: trimmed, not empty. */
export const noteSchema = requiredText(VALIDATION_MESSAGES.noteEmpty);
/** The turn-in time of a template or a step: empty clears it (null); otherwise HH:MM, 12-hour accepted. */
export const turnInTimeSchema = optionalTime(VALIDATION_MESSAGES.turnInTimeInvalid);

/**
 * Minutes before turn-in of a step form: a number (fractions kept; negative allowed, a step after turn-in);
 * empty means 0.
 */
export const minutesBeforeSchema = readWith(
  (value: NumberInput) => (isBlank(value) ? 0 : (readNumber(value) ?? undefined)),
  VALIDATION_MESSAGES.minutesBeforeInvalid,
);

/**
 * Snooze minutes: empty -> 10 (the default); otherwise a number of at least 1, truncated to whole minutes
 * (1.9 -> 1; 0.5 and non-numbers are refused).
 */
export const snoozeMinutesSchema = readWith((value: NumberInput) => {
  if (isBlank(value)) return SNOOZE_DEFAULT_MINUTES;
  const minutes = Math.trunc(readNumber(value) ?? Number.NaN);
  return minutes >= SNOOZE_MIN_MINUTES ? minutes : undefined;
}, VALIDATION_MESSAGES.snoozeMinutesInvalid);

/**
 * Custom completion time: the chosen wall-clock time on the step's scheduled day (the date stays the
 * scheduled day in `timeZone`; only the time changes), as ISO UTC. The time is read with parseHhMm
 * (12-hour entries accepted). Checked in this order: the time, then the anchor.
 */
export function customCompletionSchema(scheduledAtIso: string | null | undefined, timeZone: string) {
  const onScheduledDay = (minutes: number) => {
    const anchor = parseInstant(scheduledAtIso);
    const day = anchor === null ? null : parseYmd(ymdInZone(anchor, timeZone));
    return day ? new Date(instantAtWallMinute(day, minutes, timeZone)).toISOString() : undefined;
  };
  return z.pipe(
    readWith(
      (hhmm: string | null | undefined) => hhmmToMinutes(hhmm) ?? undefined,
      VALIDATION_MESSAGES.customTimeInvalid,
    ),
    readWith(onScheduledDay, VALIDATION_MESSAGES.customTimeNoAnchor),
  );
}

/**
 * The team a cook-off or template is shared with: a team id (the sync service's UUIDs), or null (or '',
 * the share select's "Only me") for none. Whether the account is in that team is the server's to say.
 */
const teamIdSchema = z.uuid();
export const shareTeamSchema = readWith(
  (value: string | null | undefined) =>
    value === null || value === undefined || value === ''
      ? null
      : teamIdSchema.safeParse(value).success
        ? value
        : undefined,
  VALIDATION_MESSAGES.teamInvalid,
);

// The store's checks: the schemas above, answered as a Validated.

/** Category name, trimmed: 'Please enter a category name.' when empty on create, 'Name cannot be empty.' on edit. */
export function validateCategoryName(name: unknown, mode: 'create' | 'edit'): Validated<string> {
  return validated(mode === 'create' ? newCategoryNameSchema : categoryNameSchema, name);
}

export function validateTemplateName(name: unknown): Validated<string> {
  return validated(templateNameSchema, name);
}

export function validateStepName(name: unknown): Validated<string> {
  return validated(stepNameSchema, name);
}

export function validateMinutesBefore(value: unknown): Validated<number> {
  return validated(minutesBeforeSchema, value);
}

export function validateSnoozeMinutes(value: unknown): Validated<number> {
  return validated(snoozeMinutesSchema, value);
}

export function validateNote(body: unknown): Validated<string> {
  return validated(noteSchema, body);
}

export function validateTurnInTime(value: unknown): Validated<string | null> {
  return validated(turnInTimeSchema, value);
}

export function validateShareTeam(value: unknown): Validated<string | null> {
  return validated(shareTeamSchema, value);
}

export function customCompletionAt(
  scheduledAtIso: string | null | undefined,
  hhmm: unknown,
  timeZone: string,
): Validated<string> {
  return validated(customCompletionSchema(scheduledAtIso, timeZone), hhmm);
}

/** Snooze moves the scheduled time to now plus the chosen minutes: the new scheduled_at (ISO UTC). */
export function snoozedUntil(nowMs: number, minutes: number): string {
  return new Date(nowMs + Math.trunc(minutes) * MINUTE_MS).toISOString();
}

export type CompletionTimeMode = 'scheduled' | 'now' | 'custom';
export type CompletionPayload = {
  time_mode: CompletionTimeMode;
  note?: string | null;
  custom_at?: string | null;
};

/**
 * completed_at of a completion (SPEC.md section 4, time modes scheduled, now, custom): 'scheduled' -> the
 * step's scheduled time (now when it has none), 'now' -> now, 'custom' -> customCompletionAt with custom_at
 * as the 'HH:MM' (an ISO date-time in custom_at is taken as is).
 */
export function completionTime(
  step: unknown,
  payload: CompletionPayload,
  nowMs: number,
  timeZone: string,
): Validated<string> {
  const nowIso = new Date(nowMs).toISOString();
  if (payload.time_mode === 'now') return { ok: true, value: nowIso };
  const due = readDueAt(step);
  if (payload.time_mode === 'scheduled')
    return { ok: true, value: due === null ? nowIso : new Date(due).toISOString() };
  const custom = payload.custom_at;
  if (typeof custom === 'string' && /\d{4}-\d{2}-\d{2}T/.test(custom)) {
    const at = parseInstant(custom);
    if (at !== null) return { ok: true, value: new Date(at).toISOString() };
  }
  return customCompletionAt(due === null ? null : new Date(due).toISOString(), custom, timeZone);
}

// Templates (SPEC.md section 4)

type Usage = { usage_contests?: unknown; usage_run_steps?: unknown };
const usage = (t: Usage) =>
  Math.max(0, readNumber(t.usage_contests) ?? 0) + Math.max(0, readNumber(t.usage_run_steps) ?? 0);

/** Archive is offered only for a template in use (usage counts above 0). */
export function canArchiveTemplate(template: Usage): boolean {
  return usage(template) > 0;
}

/** Permanent delete (after confirmation) only for a template with zero usage. */
export function canDeleteTemplate(template: Usage): boolean {
  return usage(template) === 0;
}

/**
 * Templates of a tab: active (is_archived not true) or archived, filtered by a case-insensitive search on
 * the name or the category name (category_name, else the name of categoriesById[category_id]); the active
 * tab is ordered by sort_index (missing last), ties in input order.
 */
export function templatesForTab<T>(
  templates: readonly T[],
  tab: 'active' | 'archived',
  query: string,
  categoryNames: Record<string, string> = {},
): T[] {
  const q = query.trim().toLowerCase();
  const rows = templates
    .map((t, index) => ({ t, index, r: isRecord(t) ? t : ({} as Record<string, unknown>) }))
    .filter(({ r }) => (r.is_archived === true || r.is_archived === 1) === (tab === 'archived'))
    .filter(({ r }) => {
      if (q === '') return true;
      const name = readText(r.name)?.toLowerCase() ?? '';
      const category = (
        readText(r.category_name) ??
        categoryNames[String(r.category_id)] ??
        ''
      ).toLowerCase();
      return name.includes(q) || category.includes(q);
    });
  if (tab === 'active') {
    const key = (r: Record<string, unknown>) => readNumber(r.sort_index) ?? Number.POSITIVE_INFINITY;
    rows.sort((a, b) => (key(a.r) === key(b.r) ? a.index - b.index : key(a.r) < key(b.r) ? -1 : 1));
  }
  return rows.map(({ t }) => t);
}

/**
 * Drag-to-reorder: moves the item at `from` to `to` and returns the new sort_index of every template
 * whose index changed (one update per template, as SPEC.md's reorder sends).
 */
export function reorderTemplates<T extends { id: string | number; sort_index?: unknown }>(
  ordered: readonly T[],
  from: number,
  to: number,
): { id: T['id']; sort_index: number }[] {
  if (from < 0 || from >= ordered.length || to < 0 || to >= ordered.length) return [];
  const next = [...ordered];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [];
  next.splice(to, 0, moved);
  return next.flatMap((t, i) => (readNumber(t.sort_index) === i ? [] : [{ id: t.id, sort_index: i }]));
}

// Categories (SPEC.md sections 3 and 5)

/** A category with a null (or missing) user_id is global and read-only. */
export function isGlobalCategory(category: { user_id?: unknown }): boolean {
  return category.user_id === null || category.user_id === undefined || category.user_id === '';
}

/** 'Yours' for an own category, 'Global' for a global one. */
export function categoryOwnerLabel(category: { user_id?: unknown }): 'Yours' | 'Global' {
  return isGlobalCategory(category) ? 'Global' : 'Yours';
}

/** A category is in use when a template or a contest refers to it by category_id (ids compared as strings). */
export function isCategoryInUse(
  categoryId: string | number,
  templates: readonly unknown[],
  contests: readonly unknown[],
): boolean {
  const id = String(categoryId);
  return [...templates, ...contests].some(
    (r) =>
      isRecord(r) && r.category_id !== null && r.category_id !== undefined && String(r.category_id) === id,
  );
}

export function categoryInUseMessage(name: string): string {
  return `Cannot delete category "${name}" because it is being used by templates or contests.`;
}
