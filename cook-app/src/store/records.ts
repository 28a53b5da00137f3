import {
  isRecord,
  normaliseContest,
  normaliseRunStep,
  normaliseTemplate,
  normaliseTemplateStep,
  readFlag,
  readId,
  readContestDate,
  readNumber,
  readText,
  readWalkTime,
  type AnyRecord,
} from '../domain/readers';
import { readRunReplans, type RunReplan } from '../domain/replan';
import { parseHhMm, parseInstant } from '../domain/time';
import type { CompletionTimeMode, LocationMatch, RecordOf, Stamped, StoreName } from './types';

/**
 * Turns a record of any older or foreign shape (a migrated state, an imported backup) into the
 * store's record shape: alternative field names read with the domain's tolerant readers (SPEC.md
 * section 3), ids as strings, missing stamps filled with `now`, legacy fields dropped. Returns null
 * for a record that cannot be one (not an object, or without the key it needs).
 */
export type Canonicalise<K extends StoreName> = (raw: unknown, now: string) => RecordOf[K] | null;

const idOf = (value: unknown): string | null => {
  const id = readId(value);
  return id === null ? null : String(id);
};

const textOr = <T>(value: unknown, fallback: T): string | T => readText(value) ?? fallback;

const instantOrNull = (value: unknown): string | null => {
  const ms = typeof value === 'number' && Number.isFinite(value) ? value : parseInstant(value);
  return ms === null ? null : new Date(ms).toISOString();
};

/** The contest clock's offset (beyond SPEC.md) when it is a number within a day; else none. */
function clockOffset(record: Record<string, unknown>): { clock_offset_ms?: number } {
  const offset = readNumber(record.clock_offset_ms);
  return offset !== null && offset !== 0 && Math.abs(offset) < 86_400_000 ? { clock_offset_ms: offset } : {};
}

/** The team a cook-off or template is shared with (beyond SPEC.md), present only when a non-empty text. */
function teamId(value: unknown): { team_id?: string } {
  return typeof value === 'string' && value !== '' ? { team_id: value } : {};
}

/** An optional instant field (beyond SPEC.md), present only when readable. */
function optionalInstant<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  const instant = instantOrNull(value);
  return instant === null ? {} : ({ [key]: instant } as Record<K, string>);
}

/** A run's notice of plan changes (beyond SPEC.md), present only when it has any. */
function planChanges(value: unknown): { plan_changes?: RunReplan[] } {
  const replans = readRunReplans(value);
  return replans.length > 0 ? { plan_changes: replans } : {};
}

function stamps(record: AnyRecord, now: string): Stamped {
  const created = instantOrNull(record.created_at) ?? now;
  return {
    created_at: created,
    updated_at: instantOrNull(record.updated_at) ?? created,
    is_local: readFlag(record.is_local) ?? true,
  };
}

const TIME_MODES: readonly string[] = ['scheduled', 'now', 'custom'];

/** A stored geocoding match, or null when it has no name or no coordinates. */
function locationMatch(raw: unknown): LocationMatch | null {
  if (!isRecord(raw)) return null;
  const name = readText(raw.name);
  const latitude = readNumber(raw.latitude);
  const longitude = readNumber(raw.longitude);
  if (name === null || latitude === null || longitude === null) return null;
  return {
    name,
    latitude,
    longitude,
    elevation: readNumber(raw.elevation),
    admin1: textOr(raw.admin1, null),
    admin2: textOr(raw.admin2, null),
    country: textOr(raw.country, null),
    population: readNumber(raw.population),
  };
}

/** The weather record's location_matches (beyond SPEC.md) when it is a list; unreadable entries dropped. */
function locationMatches(value: unknown): { location_matches?: LocationMatch[] } {
  if (!Array.isArray(value)) return {};
  return { location_matches: value.map(locationMatch).filter((m): m is LocationMatch => m !== null) };
}

export const canonicalise: { [K in StoreName]: Canonicalise<K> } = {
  sanctioning_bodies(raw, now) {
    if (!isRecord(raw)) return null;
    const id = idOf(raw.id);
    const name = readText(raw.name);
    if (id === null || name === null) return null;
    return { id, name, description: textOr(raw.description, null), ...stamps(raw, now) };
  },
  categories(raw, now) {
    if (!isRecord(raw)) return null;
    const id = idOf(raw.id);
    const name = readText(raw.name);
    if (id === null || name === null) return null;
    return {
      id,
      name,
      description: textOr(raw.description, null),
      user_id: idOf(raw.user_id),
      ...stamps(raw, now),
    };
  },
  templates(raw, now) {
    if (!isRecord(raw)) return null;
    const record = normaliseTemplate(raw);
    const id = idOf(record.id);
    if (id === null) return null;
    return {
      id,
      name: textOr(record.name, ''),
      user_id: idOf(record.user_id),
      category_id: idOf(record.category_id),
      category_name: textOr(record.category_name, null),
      turn_in_time: parseHhMm(record.turn_in_time),
      is_archived: readFlag(record.is_archived) ?? false,
      sort_index: readNumber(record.sort_index) ?? 0,
      ...teamId(record.team_id),
      ...stamps(record, now),
    };
  },
  template_steps(raw, now) {
    if (!isRecord(raw)) return null;
    const record = normaliseTemplateStep(raw);
    const id = idOf(record.id);
    const templateId = idOf(record.template_id);
    if (id === null || templateId === null) return null;
    return {
      id,
      template_id: templateId,
      name: textOr(record.name, ''),
      description: textOr(record.description, null),
      turn_in_time: parseHhMm(record.turn_in_time),
      minutes_before_turn_in: readNumber(record.minutes_before_turn_in) ?? 0,
      ...stamps(record, now),
    };
  },
  contests(raw, now) {
    if (!isRecord(raw)) return null;
    const record = normaliseContest(raw);
    const id = idOf(record.id);
    const date = readContestDate(raw);
    if (id === null || date === null) return null;
    return {
      id,
      name: textOr(record.name, ''),
      contest_date: date,
      sanctioning_body_id: idOf(record.sanctioning_body_id),
      location: textOr(record.location, null),
      category_id: idOf(record.category_id),
      user_id: idOf(record.user_id),
      walk_time_adjust_minutes: readWalkTime(record),
      ...clockOffset(record),
      ...teamId(record.team_id),
      ...stamps(record, now),
    };
  },
  contest_templates(raw, now) {
    if (!isRecord(raw)) return null;
    const id = idOf(raw.id);
    const contestId = idOf(raw.contest_id);
    const templateId = idOf(raw.template_id);
    if (id === null || contestId === null || templateId === null) return null;
    return {
      id,
      contest_id: contestId,
      template_id: templateId,
      override_turn_in_time: parseHhMm(raw.override_turn_in_time),
      ...stamps(raw, now),
    };
  },
  runs(raw, now) {
    if (!isRecord(raw)) return null;
    const id = idOf(raw.id);
    const contestId = idOf(raw.contest_id);
    if (id === null || contestId === null) return null;
    return {
      id,
      contest_id: contestId,
      status: textOr(raw.status, 'active'),
      contest_date: textOr(raw.contest_date, ''),
      name: textOr(raw.name, ''),
      ...optionalInstant('finished_at', raw.finished_at),
      ...planChanges(raw.plan_changes),
      ...stamps(raw, now),
    };
  },
  run_steps(raw, now) {
    if (!isRecord(raw)) return null;
    const record = normaliseRunStep(raw);
    const id = idOf(record.id);
    const runId = idOf(record.run_id);
    if (id === null || runId === null) return null;
    const description =
      record.description ?? (isRecord(record.template) ? record.template.description : null);
    const timeMode = readText(record.time_mode);
    return {
      id,
      run_id: runId,
      contest_id: idOf(record.contest_id) ?? '',
      template_id: idOf(record.template_id),
      template_step_id: idOf(record.template_step_id),
      name: textOr(record.name, ''),
      description: textOr(description, null),
      template_name: textOr(record.template_name, null),
      scheduled_at: instantOrNull(record.scheduled_at),
      status: textOr(record.status, 'pending'),
      completed_at: instantOrNull(record.completed_at),
      time_mode: timeMode && TIME_MODES.includes(timeMode) ? (timeMode as CompletionTimeMode) : null,
      dismissed_for_user: readFlag(record.dismissed_for_user) ?? false,
      dismissed_at: instantOrNull(record.dismissed_at),
      ...optionalInstant('planned_at', record.planned_at),
      ...optionalInstant('left_plan_at', record.left_plan_at),
      ...stamps(record, now),
    };
  },
  step_notes(raw, now) {
    if (!isRecord(raw)) return null;
    const id = idOf(raw.id);
    const stepId = idOf(raw.step_id);
    const body = readText(raw.body) ?? readText(raw.note) ?? readText(raw.text);
    if (id === null || stepId === null || body === null) return null;
    return { id, run_id: idOf(raw.run_id) ?? '', step_id: stepId, body, ...stamps(raw, now) };
  },
  contest_environment(raw, now) {
    if (!isRecord(raw)) return null;
    const contestId = idOf(raw.contest_id);
    if (contestId === null) return null;
    const provider = raw.provider === 'open-meteo' || raw.provider === 'manual' ? raw.provider : null;
    return {
      contest_id: contestId,
      lat: readNumber(raw.lat),
      lon: readNumber(raw.lon),
      elevation_m: readNumber(raw.elevation_m),
      provider,
      normalized_location: textOr(raw.normalized_location, null),
      normalized_reason: textOr(raw.normalized_reason, null),
      forecast_json: raw.forecast_json ?? null,
      pressure_msl_hpa: readNumber(raw.pressure_msl_hpa),
      boiling_point_c: readNumber(raw.boiling_point_c),
      boiling_point_f: readNumber(raw.boiling_point_f),
      computed_at: instantOrNull(raw.computed_at),
      approximate_only: readFlag(raw.approximate_only) ?? false,
      last_geocode_url: textOr(raw.last_geocode_url, null),
      last_forecast_url: textOr(raw.last_forecast_url, null),
      last_error: textOr(raw.last_error, null),
      last_error_stage: textOr(raw.last_error_stage, null),
      last_error_network: readFlag(raw.last_error_network),
      last_error_status: readNumber(raw.last_error_status),
      ...locationMatches(raw.location_matches),
      ...stamps(raw, now),
    };
  },
};

/** Canonical records of a list of any shape; unreadable entries are dropped, later duplicates of an id win. */
export function canonicaliseList<K extends StoreName>(store: K, list: unknown, now: string): RecordOf[K][] {
  if (!Array.isArray(list)) return [];
  const byId = new Map<string, RecordOf[K]>();
  const read = canonicalise[store] as Canonicalise<K>;
  for (const raw of list) {
    const record = read(raw, now);
    if (record)
      byId.set(
        store === 'contest_environment'
          ? (record as RecordOf['contest_environment']).contest_id
          : (record as { id: string }).id,
        record,
      );
  }
  return [...byId.values()];
}
