// Tolerant readers for the alternative field names SPEC.md section 3 lists, used when reading imported or
// legacy records. Each returns a normalised value or null; none throws. The `normalise*` functions
// return a copy of a record with the canonical field filled from an alternative (the alternatives are
// kept), and are idempotent: normalising a normalised record changes nothing.
import { clampWalkTime, normaliseYmd, parseHhMm, parseInstant } from './time';

export type AnyRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is AnyRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function first(record: unknown, keys: readonly string[]): unknown {
  if (!isRecord(record)) return undefined;
  for (const key of keys) {
    const value = record[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** A trimmed non-empty string, or null. */
export function readText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A finite number from a number or a numeric string, or null. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A boolean from true/false, 1/0 and 'true'/'false'/'1'/'0'/'yes'/'no' (any case), or null. */
export function readFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1' || v === 'yes') return true;
    if (v === 'false' || v === '0' || v === 'no') return false;
  }
  return null;
}

/** A record id (non-empty string or finite number), or null. */
export function readId(value: unknown): string | number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return readText(value);
}

/** Record id of a run step: id, else step_id. */
export function readRunStepId(record: unknown): string | number | null {
  return readId(first(record, ['id', 'step_id']));
}

/** Step name: name or step_name, trimmed. */
export function readStepName(record: unknown): string | null {
  return readText(first(record, ['name', 'step_name']));
}

/** Description (any record), trimmed; null when missing or blank. */
export function readDescription(record: unknown): string | null {
  return readText(first(record, ['description']));
}

/** minutes_before_turn_in, also read as mins_before_turn_in or offset_minutes; numeric strings accepted. */
export function readMinutesBefore(record: unknown): number | null {
  return readNumber(first(record, ['minutes_before_turn_in', 'mins_before_turn_in', 'offset_minutes']));
}

/** A step's own turn-in time: turn_in_time, time or standard_turn_in_time, as 24-hour 'HH:MM'. */
export function readStepTurnIn(record: unknown): string | null {
  return parseHhMm(first(record, ['turn_in_time', 'time', 'standard_turn_in_time']));
}

/** A template's turn-in time as 24-hour 'HH:MM' (12-hour text converted). */
export function readTemplateTurnIn(record: unknown): string | null {
  return parseHhMm(first(record, ['turn_in_time']));
}

/** Contest date: contest_date, date, start_date or event_date, as 'YYYY-MM-DD' (a date-time keeps its date part as written). */
export function readContestDate(record: unknown): string | null {
  const keys = ['contest_date', 'date', 'start_date', 'event_date'];
  if (!isRecord(record)) return null;
  for (const key of keys) {
    const ymd = normaliseYmd(record[key]);
    if (ymd !== null) return ymd;
  }
  return null;
}

/** Contest name: name or title, trimmed. */
export function readContestName(record: unknown): string | null {
  return readText(first(record, ['name', 'title']));
}

/**
 * Contest location: the location string, or the city/state variants ({city, state}, location_city /
 * location_state, or a location object with city and state) joined as 'City, ST'. Trimmed; null when none.
 */
export function readContestLocation(record: unknown): string | null {
  if (!isRecord(record)) return null;
  const text = readText(record.location);
  if (text !== null) return text;
  const nested = isRecord(record.location);
  const source = nested ? record.location : record;
  const city = readText(first(source, nested ? ['city', 'name'] : ['city', 'location_city']));
  const state = readText(first(source, nested ? ['state', 'region'] : ['state', 'location_state']));
  if (city && state) return `${city}, ${state}`;
  return city ?? state;
}

/** The contest's walk-time adjustment, clamped to 0-20 (non-numeric -> 0). */
export function readWalkTime(record: unknown): number {
  return clampWalkTime(isRecord(record) ? record.walk_time_adjust_minutes : undefined);
}

const DUE_KEYS = [
  'scheduled_at',
  'scheduledAt',
  'due_at',
  'dueAt',
  'due_time',
  'dueTime',
  'scheduled_time',
  'scheduled_for',
  'due',
];

/**
 * Epoch ms of a run step's due time: scheduled_at, also scheduledAt, due_at, dueAt, due_time, dueTime,
 * scheduled_time, scheduled_for, due. ISO strings (a date-time without an offset is read by the engine
 * as device-local time) or epoch milliseconds; a bare date is not a due time. Null when none is readable.
 */
export function readScheduledAtMs(record: unknown): number | null {
  if (!isRecord(record)) return null;
  for (const key of DUE_KEYS) {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && !/^\s*\d{4}-\d{2}-\d{2}\s*$/.test(value)) {
      const ms = parseInstant(value);
      if (ms !== null) return ms;
    }
  }
  return null;
}

/** readScheduledAtMs as an ISO-8601 UTC string. */
export function readScheduledAt(record: unknown): string | null {
  const ms = readScheduledAtMs(record);
  return ms === null ? null : new Date(ms).toISOString();
}

/** A run step's template name: template_name, else template.name or template.title. */
export function readRunStepTemplateName(record: unknown): string | null {
  const direct = readText(first(record, ['template_name']));
  if (direct !== null) return direct;
  const template = isRecord(record) ? record.template : undefined;
  if (typeof template === 'string') return readText(template);
  return readText(first(template, ['name', 'title']));
}

/** A run step's description: description, else its template's description. */
export function readRunStepDescription(record: unknown): string | null {
  const own = readDescription(record);
  if (own !== null) return own;
  return readDescription(isRecord(record) ? record.template : undefined);
}

/** Promo id: id or promo_code_id. */
export function readPromoId(record: unknown): string | number | null {
  return readId(first(record, ['id', 'promo_code_id']));
}

/** Promo expiry: expires_at, also expires, expiry or expiresAt, as ISO UTC; null when none or unreadable. */
export function readPromoExpiry(record: unknown): string | null {
  const value = first(record, ['expires_at', 'expires', 'expiry', 'expiresAt']);
  const ms = typeof value === 'number' ? value : parseInstant(value);
  return ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString();
}

/** Promo uses so far: used_count, also uses or used; 0 when missing. */
export function readPromoUses(record: unknown): number {
  return readNumber(first(record, ['used_count', 'uses', 'used'])) ?? 0;
}

/** Promo max_uses as a number, or null when empty (null means unlimited, see promoRemainingUses). */
export function readPromoMaxUses(record: unknown): number | null {
  return readNumber(first(record, ['max_uses', 'maxUses']));
}

function withField(record: AnyRecord, key: string, value: unknown): AnyRecord {
  if (value === null || record[key] === value) return record;
  return { ...record, [key]: value };
}

/** A template step with name, minutes_before_turn_in and turn_in_time filled from their alternatives. */
export function normaliseTemplateStep(record: AnyRecord): AnyRecord {
  let out = withField(record, 'name', readStepName(record));
  out = withField(out, 'minutes_before_turn_in', readMinutesBefore(record));
  return withField(out, 'turn_in_time', readStepTurnIn(record));
}

/** A contest with name, contest_date, location and walk_time_adjust_minutes (clamped) filled and normalised. */
export function normaliseContest(record: AnyRecord): AnyRecord {
  let out = withField(record, 'name', readContestName(record));
  out = withField(out, 'contest_date', readContestDate(record));
  if (typeof record.location !== 'string') out = withField(out, 'location', readContestLocation(record));
  return withField(out, 'walk_time_adjust_minutes', readWalkTime(record));
}

/** A template with turn_in_time normalised to 24-hour 'HH:MM' when it is readable. */
export function normaliseTemplate(record: AnyRecord): AnyRecord {
  return withField(record, 'turn_in_time', readTemplateTurnIn(record));
}

/** A run step with id, name, template_name and scheduled_at (ISO UTC) filled from their alternatives. */
export function normaliseRunStep(record: AnyRecord): AnyRecord {
  let out = withField(record, 'id', readRunStepId(record));
  out = withField(out, 'name', readStepName(record));
  out = withField(out, 'template_name', readRunStepTemplateName(record));
  return withField(out, 'scheduled_at', readScheduledAt(record));
}
